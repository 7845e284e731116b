import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("library", "routes/library.tsx"),
  route("books/:bookId", "routes/book-detail.tsx"),
  route("swap-toys", "routes/swap-toys.tsx"),
  ...prefix("about", [
    index("routes/about.tsx"),
    route("blogs", "routes/blogs.tsx"),
    route("blogs/:slug", "routes/blog-post.tsx"),
  ]),
  // Members only: the layout's loader sends visitors to /login and back here after sign-in.
  layout("routes/member-layout.tsx", []),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
