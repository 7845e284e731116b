import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { follows, users } from "@worker/db/schema";
import { desc, eq, or } from "drizzle-orm";

/**
 * follows.json: whom the member follows and who follows them, newest first. Both sides are the
 * member's own data: a follow is public on their page, and following is how their bell fills.
 */
export const followsDataPart: AccountDataPart = {
  name: "follows",
  covers: [{ table: follows, how: "follows.json, both ways" }],
  files: ["follows.json"],
  async write({ db }, userId, zip) {
    const [following, followers] = await db.batch([
      db
        .select({ userId: users.id, name: users.name, since: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followeeId))
        .where(eq(follows.followerId, userId))
        .orderBy(desc(follows.createdAt)),
      db
        .select({ userId: users.id, name: users.name, since: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(eq(follows.followeeId, userId))
        .orderBy(desc(follows.createdAt)),
    ]);
    await zip.json("follows.json", { following, followers });
  },
};

/**
 * Follows go both ways. The users row stays as a tombstone, so the foreign keys' ON DELETE CASCADE
 * never fires for a deleted account: this part deletes them in the deletion's batch.
 */
export const followsDeletionPart: AccountDeletionPart = {
  name: "follows",
  covers: [{ table: follows, how: "deleted, either side" }],
  async plan({ db, user }) {
    return { statements: [db.delete(follows).where(or(eq(follows.followerId, user.id), eq(follows.followeeId, user.id)))] };
  },
};
