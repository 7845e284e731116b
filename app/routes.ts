import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("auth/google", "routes/auth-google.tsx"),
  route("auth/callback", "routes/auth-callback.tsx"),
  route("logout", "routes/logout.tsx"),
  route("register", "routes/register.tsx"),
  route("library", "routes/library.tsx"),
  route("books/:bookId", "routes/book-detail.tsx"),
  // POST only: visitors are sent to sign in by the action itself, then back to the book.
  route("books/:bookId/borrow", "routes/borrow.tsx"),
  route("swap-toys", "routes/swap-toys.tsx"),
  // Public: an e-mail's signed link turns a preference off without signing in.
  route("unsubscribe", "routes/unsubscribe.tsx"),
  // The share sheet posts here; the service worker answers. This page is for browsers without one.
  route("share-target", "routes/share-target.tsx"),
  // POST only in practice: the Report dialogs post here (a visitor is sent to sign in).
  route("report", "routes/report.tsx"),
  // Where "Delete my account" lands, already signed out.
  route("account-deleted", "routes/account-deleted.tsx"),
  // "Download all my data": POST gives the zip (or starts it in the background); GET serves a background zip.
  route("profile/data", "routes/profile-data.tsx"),
  route("profile/data-exports/:exportId", "routes/profile-data-export.tsx"),
  ...prefix("about", [
    index("routes/about.tsx"),
    route("blogs", "routes/blogs.tsx"),
    route("blogs/:slug", "routes/blog-post.tsx"),
  ]),
  // Members only: the layout's loader sends visitors to /login and back here after sign-in.
  layout("routes/member-layout.tsx", [
    route("my-books", "routes/my-books.tsx"),
    route("books/new", "routes/book-new.tsx"),
    route("books/:bookId/edit", "routes/book-edit.tsx"),
    route("books/:bookId/delete", "routes/book-delete.tsx"),
    route("profile", "routes/profile.tsx"),
    route("profile/delete", "routes/profile-delete.tsx"),
    route("settings/notifications", "routes/notification-settings.tsx"),
    route("notifications", "routes/notifications.tsx"),
    route("dev/outbox", "routes/dev-outbox.tsx"),
    route("users/:userId", "routes/user-profile.tsx"),
    route("loans", "routes/loans.tsx"),
    // Moderators only (MODERATORS); a 404 for everyone else.
    route("moderation", "routes/moderation.tsx"),
    route("clubs", "routes/clubs.tsx"),
    route("clubs/browse", "routes/clubs-browse.tsx"),
    route("clubs/:clubId", "routes/club-detail.tsx"),
    route("messages", "routes/messages.tsx", [
      index("routes/messages-index.tsx"),
      route(":conversationId", "routes/messages-conversation.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
