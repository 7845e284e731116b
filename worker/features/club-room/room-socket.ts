import { clubRoom } from "@worker/core/club-room-stubs";
import { ServiceError } from "@worker/core/errors";
import type { AppEnv } from "@worker/core/http/app-env";
import { authenticateSocketUpgrade, upgradeFor } from "@worker/core/http/socket-upgrade";
import { translate } from "@worker/core/i18n/request-language";
import { idSchema } from "@worker/core/shared/id";
import { CLUB_NOT_FOUND } from "@worker/features/clubs";
import type { Context } from "hono";
import { requireRoomMember } from "./room-access";

/**
 * GET /api/clubs/{id}/room/socket: an active member's live connection to the club's room, checked
 * like the conversation sockets (upgrade, same Origin, live session) and then against the
 * membership in D1. Leaving or being removed closes it (4403, membership-steps.ts tells the room),
 * and so does the room when the upgrade arrives after a removal or sign-out that followed these checks.
 */
export async function clubRoomSocket(c: Context<AppEnv>): Promise<Response> {
  // Taken before any check: the room refuses the upgrade if a removal or sign-out came after it.
  const checkedAt = Date.now();
  const ctx = await authenticateSocketUpgrade(c);
  if (ctx instanceof Response) return ctx;
  const clubId = idSchema.safeParse(c.req.param("id"));
  if (!clubId.success) return c.json({ success: false, error: translate(CLUB_NOT_FOUND) }, 404);
  try {
    await requireRoomMember(ctx, clubId.data);
  } catch (error) {
    if (error instanceof ServiceError) return c.json({ success: false, error: error.message }, error.status);
    throw error;
  }
  // The room trusts X-Member-Id and X-Session-Id only because they come from here.
  return clubRoom(c.env, clubId.data).fetch(upgradeFor(c, ctx.user.id, ctx.sessionId, checkedAt));
}
