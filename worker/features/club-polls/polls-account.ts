import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { clubPolls, clubs, pollBallots } from "@worker/db/schema";
import { desc, eq } from "drizzle-orm";

/** polls.json: the member's ballots (newest first, poll_ballots_user_idx) and the polls they opened. */
export const pollsDataPart: AccountDataPart = {
  name: "club polls",
  covers: [
    { table: pollBallots, how: "polls.json: the member's ballots" },
    { table: clubPolls, how: "polls.json: the polls the member opened" },
  ],
  files: ["polls.json"],
  async write({ db }, userId, zip) {
    const [ballots, opened] = await db.batch([
      db
        .select({
          pollId: pollBallots.pollId,
          question: clubPolls.question,
          clubName: clubs.name,
          choices: pollBallots.choices,
          updatedAt: pollBallots.updatedAt,
        })
        .from(pollBallots)
        .innerJoin(clubPolls, eq(clubPolls.id, pollBallots.pollId))
        .innerJoin(clubs, eq(clubs.id, clubPolls.clubId))
        .where(eq(pollBallots.userId, userId))
        .orderBy(desc(pollBallots.updatedAt)),
      db
        .select({
          pollId: clubPolls.id,
          clubName: clubs.name,
          kind: clubPolls.kind,
          question: clubPolls.question,
          createdAt: clubPolls.createdAt,
          closedAt: clubPolls.closedAt,
        })
        .from(clubPolls)
        .innerJoin(clubs, eq(clubs.id, clubPolls.clubId))
        .where(eq(clubPolls.createdBy, userId))
        .orderBy(desc(clubPolls.createdAt)),
    ]);
    await zip.json("polls.json", { ballots, opened });
  },
};

/**
 * The member's ballots go (an open poll's count no longer has them; a closed poll keeps its stored
 * result, which names options, not members). The polls they opened stay the club's, with no
 * opener: the users row stays as a tombstone, so `on delete set null` would never fire by itself.
 */
export const pollsDeletionPart: AccountDeletionPart = {
  name: "club polls",
  covers: [
    { table: pollBallots, how: "deleted: the member's ballots" },
    { table: clubPolls, how: "anonymised: the polls the member opened stay the club's, created_by set to null" },
  ],
  async plan({ db, user }) {
    return {
      statements: [
        db.delete(pollBallots).where(eq(pollBallots.userId, user.id)),
        db.update(clubPolls).set({ createdBy: null }).where(eq(clubPolls.createdBy, user.id)),
      ],
    };
  },
};
