import type { Context } from "hono";
import { serialize } from "hono/utils/cookie";
import { SESSION_COOKIE } from "./session";

/** Secure whenever the site is served over https; plain http only happens on localhost. */
export function isSecureUrl(url: URL | string): boolean {
  return new URL(url).protocol === "https:";
}

/** The Set-Cookie value for a session token; used by Hono handlers and React Router actions alike. */
export function sessionCookie(url: URL | string, token: string, expiresAt: number): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: isSecureUrl(url),
    sameSite: "Lax",
    path: "/",
    expires: new Date(expiresAt),
  });
}

export function clearedSessionCookie(url: URL | string): string {
  return serialize(SESSION_COOKIE, "", {
    httpOnly: true,
    secure: isSecureUrl(url),
    sameSite: "Lax",
    path: "/",
    maxAge: 0,
    expires: new Date(0),
  });
}

/** True when a response already decides the session cookie (sign-in or sign-out), so nothing may override it. */
export function setsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

export function setSessionCookie(c: Context, token: string, expiresAt: number) {
  c.header("Set-Cookie", sessionCookie(c.req.url, token, expiresAt), { append: true });
}

export function clearSessionCookie(c: Context) {
  c.header("Set-Cookie", clearedSessionCookie(c.req.url), { append: true });
}
