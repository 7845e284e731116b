import { clubRoom } from "@worker/core/club-room-stubs";
import type { Deps } from "@worker/core/service-context";
import { mapLimited } from "@worker/core/shared/map-limited";
import { clubRoomReads, memberships } from "@worker/db/schema";
import { eq } from "drizzle-orm";

/**
 * A moderator suspended the member (`hidden`) or lifted the suspension: their messages leave (or
 * come back to) every club room they may have written in. Those are the rooms they have a read mark
 * in (every active member gets one when anyone writes, and keeps it after leaving), plus the clubs
 * they belong to now. Idempotent, so a retried suspension finishes what a failed one began.
 */
export async function hideRoomMessagesOf(deps: Deps, userId: string, hidden: boolean): Promise<void> {
  const [reads, member] = await deps.db.batch([
    deps.db.select({ clubId: clubRoomReads.clubId }).from(clubRoomReads).where(eq(clubRoomReads.userId, userId)),
    deps.db.select({ clubId: memberships.clubId }).from(memberships).where(eq(memberships.userId, userId)),
  ]);
  const clubIds = [...new Set([...reads, ...member].map((row) => row.clubId))];
  await mapLimited(clubIds, 6, async (clubId) => {
    await clubRoom(deps.env, clubId).hideSender(userId, hidden);
  });
}
