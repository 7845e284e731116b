import type { AppEnv } from "@worker/core/http/app-env";
import { isPubliclyCacheable } from "@worker/core/http/cache-control";
import type { SessionUser } from "@worker/core/service-context";
import { SESSION_COOKIE, validateSessionToken } from "@worker/core/session";
import { clearedSessionCookie, sessionCookie, setsSessionCookie } from "@worker/core/session-cookie";
import { VIEWER_COOKIE } from "@worker/core/shared/offline";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { clearedViewerCookie, viewerCookie } from "./viewer-cookie";

/**
 * The signed-in member for this request, from the session cookie or an `Authorization: Bearer`
 * token, or null. Also records how the request was authenticated, for the CSRF check.
 */
async function resolveSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const bearer = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const cookie = getCookie(c, SESSION_COOKIE);
  const token = bearer ?? cookie;
  const viewer = getCookie(c, VIEWER_COOKIE);
  // A viewer cookie without a live session (signed out, expired, ended elsewhere) goes with it.
  if (!token) {
    if (viewer) c.set("pendingViewerCookie", clearedViewerCookie(c.req.url));
    return null;
  }

  const session = await validateSessionToken(c.get("db"), token);
  if (!session) {
    // A dead cookie (expired, logged out elsewhere, garbage) is dropped so the browser stops sending it.
    if (!bearer) c.set("pendingSessionCookie", clearedSessionCookie(c.req.url));
    if (!bearer && viewer) c.set("pendingViewerCookie", clearedViewerCookie(c.req.url));
    return null;
  }
  c.set("session", { id: session.sessionId, via: bearer ? "bearer" : "cookie" });
  c.set("areaCell", session.areaCell);
  if (session.renewed && !bearer) c.set("pendingSessionCookie", sessionCookie(c.req.url, token, session.expiresAt));
  // The viewer cookie follows the session cookie's expiry, and names whoever this session is.
  if (!bearer && (session.renewed || viewer !== session.user.id)) {
    c.set("pendingViewerCookie", viewerCookie(c.req.url, session.user.id, session.expiresAt));
  }
  return session.user;
}

/**
 * Run after the handler: page responses come from React Router as raw Responses, which do not carry
 * headers set on the Hono context, so the renewed cookie (and the viewer cookie) is appended here. A
 * response that signs in or out has already decided the cookie and wins; a publicly cacheable one
 * must not carry cookies.
 */
function sendPendingSessionCookie(c: Context<AppEnv>) {
  if (isPubliclyCacheable(c.res)) return;
  if (setsSessionCookie(c.res)) {
    // Signed in or out: whoever the viewer cookie named is no longer the viewer (the next page names the new one).
    if (getCookie(c, VIEWER_COOKIE)) c.res.headers.append("Set-Cookie", clearedViewerCookie(c.req.url));
    return;
  }
  for (const cookie of [c.get("pendingSessionCookie"), c.get("pendingViewerCookie")]) {
    if (cookie) c.res.headers.append("Set-Cookie", cookie);
  }
}

/** Resolves the signed-in member before the handler and sends a renewed or cleared cookie after it. */
export const sessionUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", await resolveSessionUser(c));
  await next();
  sendPendingSessionCookie(c);
};
