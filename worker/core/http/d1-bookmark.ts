import { isSecureUrl } from "@worker/core/session-cookie";
import { getSessionDatabase } from "@worker/db/client";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import type { AppEnv } from "./app-env";
import { isPubliclyCacheable } from "./cache-control";

export const D1_BOOKMARK_COOKIE = "bookclub_d1_bookmark";
// Long enough to cover replica lag after a write; after that any replica has caught up anyway.
const BOOKMARK_MAX_AGE_S = 5 * 60;
// D1 bookmarks are dash-separated hex groups (e.g. 00000085-0000024c-00004c6d-8e61…); anything else is
// ignored rather than handed to D1, so a tampered cookie cannot fail the request.
const BOOKMARK_PATTERN = /^[0-9a-f]{8}(?:-[0-9a-f]{8,64}){1,5}$/;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The bookmark this browser last saw, if its cookie holds a well-formed one. */
function bookmarkFromCookie(c: Context<AppEnv>): string | null {
  const value = getCookie(c, D1_BOOKMARK_COOKIE);
  return value && BOOKMARK_PATTERN.test(value) ? value : null;
}

export function bookmarkCookie(url: URL | string, bookmark: string): string {
  return serialize(D1_BOOKMARK_COOKIE, bookmark, {
    httpOnly: true,
    secure: isSecureUrl(url),
    sameSite: "Lax",
    path: "/",
    maxAge: BOOKMARK_MAX_AGE_S,
  });
}

/**
 * Gives the request a drizzle client over its own D1 session (Sessions API), so reads may be served
 * by a nearby replica. Starting from the browser's last bookmark makes them at least as fresh as what
 * this browser wrote or saw before (read-your-writes); without one, reads start anywhere and writes
 * at the primary. The newer bookmark goes back in a cookie after the handler. Page responses come
 * from React Router as raw Responses, so the cookie is appended to the response itself.
 */
export const d1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const previous = bookmarkFromCookie(c);
  const session = c.env.DB.withSession(previous ?? (READ_METHODS.has(c.req.method) ? "first-unconstrained" : "first-primary"));
  c.set("db", getSessionDatabase(session));
  await next();

  const bookmark = session.getBookmark();
  if (!bookmark || bookmark === previous || isPubliclyCacheable(c.res)) return;
  // API clients that authenticate by header are not browsers: they get no cookies from us.
  if (c.req.header("Authorization")) return;
  c.res.headers.append("Set-Cookie", bookmarkCookie(c.req.url, bookmark));
};
