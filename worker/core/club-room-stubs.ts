import { eq } from "drizzle-orm";
import type { ClubRoom } from "../../durable-objects/club-room";
import { memberships } from "../db/schema";
import type { Deps } from "./service-context";
import { mapLimited } from "./shared/map-limited";

/** The club's room, addressed by the club id (one room per club, anywhere). */
export function clubRoom(env: Env, clubId: string): DurableObjectStub<ClubRoom> {
  return env.CLUB_ROOM.get(env.CLUB_ROOM.idFromName(clubId));
}

/**
 * The member left the club or was removed: their open sockets in its room close at once. Called by
 * the membership steps (worker/features/clubs) after the membership row is gone, so a socket the
 * member opens meanwhile is refused by the membership check. Best effort: a room that cannot be
 * reached is logged (its sockets already carry nothing the member may not see until the next send).
 */
export async function closeClubRoomFor(env: Env, clubId: string, memberId: string): Promise<void> {
  try {
    await clubRoom(env, clubId).removeMember(memberId);
  } catch (error) {
    console.warn("Closing a former member's club room sockets failed", error);
  }
}

/** The club was deleted: its room's sockets close and its messages go. */
export async function destroyClubRoom(env: Env, clubId: string): Promise<void> {
  try {
    await clubRoom(env, clubId).destroy();
  } catch (error) {
    console.warn("Deleting a club's room failed", error);
  }
}

/** Rooms told at once when a member's sessions end. */
const ROOMS_AT_ONCE = 6;

/**
 * The member's sessions ended (all of them, or `sessionId`): their sockets in the rooms of their
 * clubs close with 4401, as their conversation sockets do. One indexed read of their memberships
 * (memberships_user_idx), then a few rooms at a time; a room that cannot be reached is logged.
 */
export async function closeClubRoomSockets(deps: Deps, memberId: string, sessionId?: string): Promise<void> {
  const rows = await deps.db.select({ clubId: memberships.clubId }).from(memberships).where(eq(memberships.userId, memberId));
  await mapLimited(rows, ROOMS_AT_ONCE, async ({ clubId }) => {
    try {
      await clubRoom(deps.env, clubId).signOut(memberId, sessionId);
    } catch (error) {
      console.warn("Closing a member's club room sockets failed", error);
    }
  });
}
