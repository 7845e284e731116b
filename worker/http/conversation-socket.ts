import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE, validateSessionToken } from "../auth/session";
import { getDatabase } from "../db/client";
import { conversationIdParams } from "../services/conversations";
import { conversationRoom } from "../services/conversation-rooms";
import { requireParticipant } from "../services/messages";
import { ServiceError } from "../services/errors";
import type { AppEnv } from "./app-env";
import { isCrossSiteRequest } from "./csrf";

/**
 * GET /api/dm/conversations/{id}/socket: a member's live connection to one conversation. The upgrade
 * is checked here, before any header-editing middleware (a 101 response's headers cannot change):
 * a foreign Origin is refused (cross-site WebSocket hijacking), the session decides who is asking,
 * and only the conversation's two members are let through to its room.
 */
export async function conversationSocket(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") return c.json({ success: false, error: "Expected a WebSocket upgrade" }, 426);
  if (isCrossSiteRequest(c.req.raw)) return c.json({ success: false, error: "Cross-site request refused." }, 403);

  const token = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? getCookie(c, SESSION_COOKIE);
  const db = getDatabase(c.env.DB);
  const session = token ? await validateSessionToken(db, token) : null;
  if (!session) return c.json({ success: false, error: "Please sign in to continue." }, 401);

  const params = conversationIdParams.safeParse({ id: c.req.param("id") });
  if (!params.success) return c.json({ success: false, error: "Conversation not found" }, 404);
  const ctx = { db, env: c.env, user: session.user };
  let members: [string, string];
  try {
    ({ members } = await requireParticipant(ctx, params.data.id));
  } catch (error) {
    if (error instanceof ServiceError) return c.json({ success: false, error: error.message }, error.status);
    throw error;
  }
  const room = conversationRoom(c.env, params.data.id);
  await room.open(params.data.id, members);
  // The room trusts this header only because it comes from here; whatever the client sent is replaced.
  const headers = new Headers(c.req.raw.headers);
  headers.set("X-Member-Id", session.user.id);
  return room.fetch(new Request(c.req.url, { headers }));
}
