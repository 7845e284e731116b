import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { clubBooks, clubMilestones, clubs, milestoneProgress } from "@worker/db/schema";
import { and, desc, eq, isNotNull } from "drizzle-orm";

/**
 * club-reading.json: the milestones the member marked (and whether they shared their name), and the
 * club books they set, newest first (milestone_progress_user_idx, club_books_set_by_idx).
 */
export const clubReadingDataPart: AccountDataPart = {
  name: "club reading",
  covers: [
    { table: milestoneProgress, how: "club-reading.json: the milestones the member marked" },
    { table: clubBooks, how: "club-reading.json: the club books the member set" },
  ],
  files: ["club-reading.json"],
  async write({ db }, userId, zip) {
    const [progress, booksSet] = await db.batch([
      db
        .select({
          clubId: clubs.id,
          clubName: clubs.name,
          bookTitle: clubBooks.title,
          milestone: clubMilestones.label,
          shared: milestoneProgress.shared,
          doneAt: milestoneProgress.doneAt,
        })
        .from(milestoneProgress)
        .innerJoin(clubMilestones, eq(clubMilestones.id, milestoneProgress.milestoneId))
        .innerJoin(clubBooks, eq(clubBooks.id, clubMilestones.clubBookId))
        .innerJoin(clubs, eq(clubs.id, clubBooks.clubId))
        .where(eq(milestoneProgress.userId, userId))
        .orderBy(desc(milestoneProgress.doneAt)),
      db
        .select({
          clubId: clubs.id,
          clubName: clubs.name,
          title: clubBooks.title,
          author: clubBooks.author,
          state: clubBooks.state,
          startedAt: clubBooks.startedAt,
        })
        .from(clubBooks)
        .innerJoin(clubs, eq(clubs.id, clubBooks.clubId))
        .where(and(isNotNull(clubBooks.setBy), eq(clubBooks.setBy, userId)))
        .orderBy(desc(clubBooks.startedAt)),
    ]);
    await zip.json("club-reading.json", { progress, booksSet });
  },
};

/**
 * The member's marks go. The club books they set stay the club's (its shelf is the club's history),
 * with set_by cleared: the users row stays as a tombstone, so its ON DELETE SET NULL never fires.
 */
export const clubReadingDeletionPart: AccountDeletionPart = {
  name: "club reading",
  covers: [
    { table: milestoneProgress, how: "deleted: the member's marks on milestones" },
    { table: clubBooks, how: "kept for the club, set_by cleared" },
  ],
  async plan({ db, user }) {
    return {
      statements: [
        db.delete(milestoneProgress).where(eq(milestoneProgress.userId, user.id)),
        db
          .update(clubBooks)
          .set({ setBy: null })
          .where(and(isNotNull(clubBooks.setBy), eq(clubBooks.setBy, user.id))),
      ],
    };
  },
};
