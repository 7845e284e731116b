import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import type { SessionUser } from "../services/types";
import { SESSION_COOKIE, validateSessionToken } from "./session";
import { setSessionCookie } from "./session-cookie";

/**
 * The signed-in member for this request, from the session cookie or an `Authorization: Bearer`
 * token, or null. Also records how the request was authenticated, for the CSRF check.
 */
export async function resolveSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const bearer = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const cookie = getCookie(c, SESSION_COOKIE);
  const token = bearer ?? cookie;
  if (!token) return null;

  const session = await validateSessionToken(c.get("db"), token);
  if (!session) return null;
  c.set("session", { id: session.sessionId, via: bearer ? "bearer" : "cookie" });
  if (session.renewed && !bearer) setSessionCookie(c, token, session.expiresAt);
  return session.user;
}
