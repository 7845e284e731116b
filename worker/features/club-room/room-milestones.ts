import type { Database } from "@worker/db/client";
import { sql } from "drizzle-orm";

/** A milestone of the club's current book, and whether the reader has reached it. */
export interface RoomMilestone {
  milestoneId: string;
  label: string;
  position: number;
  reached: boolean;
}

/**
 * The current book's milestones in order, each with whether `readerId` reached it: a progress row
 * for it or for a later milestone of the same book (marking chapter 12 done means chapters 1–8 are
 * read too). One query over club_books (one current per club), club_milestones and the reader's
 * milestone_progress rows. Messages in an unreached milestone are folded behind "Spoilers for …".
 */
export async function roomMilestones(db: Database, clubId: string, readerId: string): Promise<RoomMilestone[]> {
  const rows = await db.all<{ milestone_id: string; label: string; position: number; reached: number }>(sql`
    select m.id as milestone_id, m.label, m.position,
      exists (
        select 1 from milestone_progress p join club_milestones later on later.id = p.milestone_id
        where p.user_id = ${readerId} and later.club_book_id = m.club_book_id and later.position >= m.position
      ) as reached
    from club_books b join club_milestones m on m.club_book_id = b.id
    where b.club_id = ${clubId} and b.state = 'current'
    order by m.position`);
  return rows.map((row) => ({ milestoneId: row.milestone_id, label: row.label, position: row.position, reached: Boolean(row.reached) }));
}

/**
 * The label a message is folded behind for this reader, or null when it may be shown (no milestone,
 * reached, or their own). A folded message reaches the reader without its text unless they open the fold.
 */
export function spoilerLabel(
  message: { milestoneId: string | null; fromUserId: string },
  readerId: string,
  milestones: readonly RoomMilestone[],
): string | null {
  if (!message.milestoneId || message.fromUserId === readerId) return null;
  const milestone = milestones.find((m) => m.milestoneId === message.milestoneId);
  // A milestone of a book the club has since finished is no spoiler any more.
  return milestone && !milestone.reached ? milestone.label : null;
}

/**
 * The club's active members who reached `milestoneId` (a progress row for it or a later milestone of
 * its book): the sockets that get a message in its thread whole. One query.
 */
export async function readersOf(db: Database, clubId: string, milestoneId: string): Promise<string[]> {
  const rows = await db.all<{ user_id: string }>(sql`
    select distinct p.user_id
    from club_milestones m
      join club_milestones later on later.club_book_id = m.club_book_id and later.position >= m.position
      join milestone_progress p on p.milestone_id = later.id
      join memberships ms on ms.club_id = ${clubId} and ms.user_id = p.user_id and ms.status = 'active'
    where m.id = ${milestoneId}`);
  return rows.map((row) => row.user_id);
}
