import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { ServiceError } from "@worker/core/errors";
import type { AppEnv } from "@worker/core/http/app-env";
import { authenticateSocketUpgrade, upgradeFor } from "@worker/core/http/socket-upgrade";
import { chooseLanguage } from "@worker/core/i18n/negotiate";
import { translate } from "@worker/core/i18n/request-language";
import { LANGUAGE_COOKIE } from "@worker/core/shared/languages";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { conversationIdParams } from "./conversation-list";
import { CONVERSATION_NOT_FOUND, requireParticipant } from "./messages";

/**
 * GET /api/dm/conversations/{id}/socket: a member's live connection to one conversation. The upgrade
 * is checked here, before any header-editing middleware (a 101 response's headers cannot change):
 * a foreign Origin is refused (cross-site WebSocket hijacking), the session decides who is asking,
 * and only the conversation's two members are let through to its room.
 */
export async function conversationSocket(c: Context<AppEnv>): Promise<Response> {
  const ctx = await authenticateSocketUpgrade(c);
  if (ctx instanceof Response) return ctx;

  const params = conversationIdParams.safeParse({ id: c.req.param("id") });
  if (!params.success) return c.json({ success: false, error: translate(CONVERSATION_NOT_FOUND) }, 404);
  let members: [string, string];
  try {
    ({ members } = await requireParticipant(ctx, params.data.id));
  } catch (error) {
    if (error instanceof ServiceError) return c.json({ success: false, error: error.message }, error.status);
    throw error;
  }
  const room = conversationRoom(c.env, params.data.id);
  await room.open(params.data.id, members);
  // The room trusts X-Member-Id and X-Session-Id only because they come from here.
  const upgrade = upgradeFor(c, ctx.user.id, ctx.sessionId);
  // What a send over the socket needs: the sender's name (the other member's bell) and the language its refusals are written in.
  upgrade.headers.set("X-Member-Name", encodeURIComponent(ctx.user.name));
  upgrade.headers.set(
    "X-Member-Language",
    chooseLanguage({ member: ctx.user.language, cookie: getCookie(c, LANGUAGE_COOKIE) ?? null, acceptLanguage: c.req.header("Accept-Language") ?? null }),
  );
  return room.fetch(upgrade);
}
