import type { Database } from "@worker/db/client";
import { clubRoomReads, memberships } from "@worker/db/schema";
import { and, eq, inArray, ne, sql } from "drizzle-orm";

/**
 * A message arrived: every other active member's unread count goes up by one, set-based (one
 * insert-or-ignore for members without a row yet, one UPDATE for the club), and the sender has read
 * everything so far. One batch, whatever the club's size. Answers nothing: the counts are read on
 * My Clubs and the room page.
 */
export function countMessage(db: Database, clubId: string, senderId: string, at: number) {
  return db.batch([
    db
      .insert(clubRoomReads)
      .select(
        sql`select ${memberships.clubId}, ${memberships.userId}, 0, null from ${memberships} where ${memberships.clubId} = ${clubId} and ${memberships.status} = 'active'`,
      )
      .onConflictDoNothing(),
    db
      .update(clubRoomReads)
      .set({ unread: sql`${clubRoomReads.unread} + 1` })
      .where(
        and(
          eq(clubRoomReads.clubId, clubId),
          ne(clubRoomReads.userId, senderId),
          // A member who left keeps no count that grows.
          sql`exists (select 1 from ${memberships} where ${memberships.clubId} = ${clubId} and ${memberships.userId} = ${clubRoomReads.userId} and ${memberships.status} = 'active')`,
        ),
      ),
    db
      .update(clubRoomReads)
      .set({ unread: 0, lastReadAt: at })
      .where(and(eq(clubRoomReads.clubId, clubId), eq(clubRoomReads.userId, senderId))),
  ]);
}

/** The member read the room: their count becomes 0. */
export async function markRoomRead(db: Database, clubId: string, userId: string, at: number): Promise<void> {
  await db
    .insert(clubRoomReads)
    .values({ clubId, userId, unread: 0, lastReadAt: at })
    .onConflictDoUpdate({ target: [clubRoomReads.clubId, clubRoomReads.userId], set: { unread: 0, lastReadAt: at } });
}

/** The member's unread count in each of these clubs (0 where there is no row), one indexed read. */
export async function unreadByClub(db: Database, userId: string, clubIds: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(clubIds.map((id) => [id, 0]));
  if (clubIds.length === 0) return counts;
  const rows = await db
    .select({ clubId: clubRoomReads.clubId, unread: clubRoomReads.unread })
    .from(clubRoomReads)
    .where(and(eq(clubRoomReads.userId, userId), inArray(clubRoomReads.clubId, [...clubIds])));
  for (const row of rows) counts[row.clubId] = row.unread;
  return counts;
}
