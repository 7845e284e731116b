import { SESSION_COOKIE, validateSessionToken } from "@worker/core/session";
import { getDatabase } from "@worker/db/client";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { MemberContext } from "../service-context";
import type { AppEnv } from "./app-env";
import { isCrossSiteRequest } from "./csrf";

/**
 * The checks every WebSocket upgrade passes before it reaches a Durable Object: it must be an
 * upgrade, come from our own origin (cross-site WebSocket hijacking), and carry a live session
 * (cookie, or Bearer for non-browser clients). It runs before the header-editing middleware, so
 * it resolves the session itself. Answers the member's service context, or the refusal to send.
 */
export async function authenticateSocketUpgrade(c: Context<AppEnv>): Promise<(MemberContext & { sessionId: string }) | Response> {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") return c.json({ success: false, error: "Expected a WebSocket upgrade" }, 426);
  if (isCrossSiteRequest(c.req.raw)) return c.json({ success: false, error: "Cross-site request refused." }, 403);
  const token = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? getCookie(c, SESSION_COOKIE);
  const db = getDatabase(c.env.DB);
  const session = token ? await validateSessionToken(db, token) : null;
  if (!session) return c.json({ success: false, error: "Please sign in to continue." }, 401);
  return { db, env: c.env, user: session.user, sessionId: session.sessionId };
}

/**
 * The upgrade request for a Durable Object, naming the member it was authenticated as and the session
 * it came with, so ending that session can close the socket (whatever the client sent is replaced).
 */
export function upgradeFor(c: Context<AppEnv>, memberId: string, sessionId: string, checkedAt?: number): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set("X-Member-Id", memberId);
  headers.set("X-Session-Id", sessionId);
  // When the checks began: a room refuses the upgrade if the member was removed or signed out since.
  if (checkedAt === undefined) headers.delete("X-Checked-At");
  else headers.set("X-Checked-At", String(checkedAt));
  return new Request(c.req.url, { headers });
}
