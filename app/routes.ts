import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("features/site/routes/home.tsx"),
  route("login", "features/auth/routes/login.tsx"),
  route("auth/google", "features/auth/routes/auth-google.tsx"),
  route("auth/callback", "features/auth/routes/auth-callback.tsx"),
  route("logout", "features/auth/routes/logout.tsx"),
  // POST only: the footer's language switch (a cookie, and the member's own choice).
  route("language", "features/account/routes/language.tsx"),
  route("register", "features/auth/routes/register.tsx"),
  route("library", "features/books/routes/library.tsx"),
  // The same books as markers per 0.1° place (its map code is a chunk of its own).
  route("library/map", "features/books/routes/library-map.tsx"),
  route("books/:bookId", "features/books/routes/book-detail.tsx"),
  // POST only: visitors are sent to sign in by the action itself, then back to the book.
  route("books/:bookId/borrow", "features/loans/routes/borrow.tsx"),
  // POST only: the book page's "Want this book" and its Remove (a visitor is sent to sign in).
  route("books/:bookId/want", "features/wanted/routes/want-book.tsx"),
  // POST only: the book page's comment forms (a visitor is sent to sign in).
  route("books/:bookId/comments", "features/comments/routes/book-comments.tsx"),
  route("swap-toys", "features/site/routes/swap-toys.tsx"),
  // Public: an e-mail's signed link turns a preference off without signing in.
  route("unsubscribe", "features/notifications/routes/unsubscribe.tsx"),
  // The share sheet posts here; the service worker answers. This page is for browsers without one.
  route("share-target", "features/pwa/routes/share-target.tsx"),
  // POST only in practice: the Report dialogs post here (a visitor is sent to sign in).
  route("report", "features/moderation/routes/report.tsx"),
  // Where "Delete my account" lands, already signed out.
  route("account-deleted", "features/account/routes/account-deleted.tsx"),
  // "Download all my data": POST gives the zip (or starts it in the background); GET serves a background zip.
  route("profile/data", "features/account/routes/profile-data.tsx"),
  route("profile/data-exports/:exportId", "features/account/routes/profile-data-export.tsx"),
  ...prefix("about", [
    index("features/site/routes/about.tsx"),
    route("blogs", "features/site/routes/blogs.tsx"),
    route("blogs/:slug", "features/site/routes/blog-post.tsx"),
  ]),
  // Members only: the layout's loader sends visitors to /login and back here after sign-in.
  layout("features/auth/routes/member-layout.tsx", [
    route("my-books", "features/books/routes/my-books.tsx"),
    route("wanted", "features/wanted/routes/wanted.tsx"),
    route("books/new", "features/books/routes/book-new.tsx"),
    route("books/:bookId/edit", "features/books/routes/book-edit.tsx"),
    route("books/:bookId/delete", "features/books/routes/book-delete.tsx"),
    route("books/:bookId/lookup", "features/books/routes/book-lookup.tsx"),
    route("profile", "features/account/routes/profile.tsx"),
    route("start/dismiss", "features/account/routes/start-dismiss.tsx"),
    route("profile/delete", "features/account/routes/profile-delete.tsx"),
    route("settings/notifications", "features/notifications/routes/notification-settings.tsx"),
    route("notifications", "features/notifications/routes/notifications.tsx"),
    route("dev/outbox", "features/notifications/routes/dev-outbox.tsx"),
    route("users/:userId", "features/account/routes/user-profile.tsx"),
    route("loans", "features/loans/routes/loans.tsx"),
    // Moderators only (MODERATORS); a 404 for everyone else.
    route("moderation", "features/moderation/routes/moderation.tsx"),
    route("clubs", "features/clubs/routes/clubs.tsx"),
    route("clubs/browse", "features/clubs/routes/clubs-browse.tsx"),
    route("clubs/map", "features/clubs/routes/clubs-map.tsx"),
    route("clubs/:clubId", "features/clubs/routes/club-detail.tsx"),
    route("clubs/:clubId/room", "features/club-room/routes/club-room.tsx"),
    route("clubs/:clubId/meetings", "features/club-meetings/routes/club-meetings.tsx"),
    route("clubs/:clubId/polls", "features/club-polls/routes/club-polls.tsx"),
    route("clubs/:clubId/polls/:pollId", "features/club-polls/routes/club-poll.tsx"),
    route("clubs/:clubId/reading", "features/club-reading/routes/club-reading-admin.tsx"),
    route("clubs/:clubId/reading/progress", "features/club-reading/routes/milestone-progress.tsx"),
    route("clubs/:clubId/shelf", "features/club-reading/routes/club-shelf.tsx"),
    route("messages", "features/messages/routes/messages.tsx", [
      index("features/messages/routes/messages-index.tsx"),
      route(":conversationId", "features/messages/routes/messages-conversation.tsx"),
    ]),
  ]),
  route("*", "features/site/routes/not-found.tsx"),
] satisfies RouteConfig;
