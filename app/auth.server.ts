import { redirect, type RouterContextProvider } from "react-router";
import { requestContext } from "../worker/context";

/** Where to come back to after sign-in: a path on this site only, never another origin. */
export function safeRedirectTarget(target: string | null | undefined, fallback = "/library"): string {
  if (!target || !target.startsWith("/") || /[\\\u0000-\u001f]/.test(target)) return fallback;
  // Browsers strip tabs/newlines and treat "//" or "/\\" as another host; the URL parser decides.
  const base = "http://bookclub.invalid";
  const url = new URL(target, base);
  if (url.origin !== base) return fallback;
  return url.pathname + url.search + url.hash;
}

export function loginUrlFor(url: URL): string {
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in member, or a redirect to /login that brings the visitor back here afterwards. */
export function requireMember(context: Readonly<RouterContextProvider>) {
  const { user, url } = context.get(requestContext);
  if (!user) throw redirect(loginUrlFor(url));
  return user;
}
