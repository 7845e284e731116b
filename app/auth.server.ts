import { redirect, type RouterContextProvider } from "react-router";
import { requestContext } from "../worker/context";

/** Where to come back to after sign-in: a same-site path only, never another origin. */
export function safeRedirectTarget(target: string | null | undefined, fallback = "/library"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
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
