import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { wantedBooks, wantedMatches } from "@worker/db/schema";
import { asc, eq } from "drizzle-orm";

/**
 * wanted.json: the member's wanted books, oldest first, with how many copies were found near them.
 * The copies themselves are other members' books: only their count is the member's.
 */
export const wantedDataPart: AccountDataPart = {
  name: "wanted books",
  covers: [
    { table: wantedBooks, how: "wanted.json" },
    { table: wantedMatches, how: "wanted.json, as each want's count of copies found near" },
  ],
  files: ["wanted.json"],
  async write({ db }, userId, zip) {
    const [wants, matches] = await db.batch([
      db
        .select({
          id: wantedBooks.id,
          title: wantedBooks.title,
          author: wantedBooks.author,
          isbn13: wantedBooks.isbn13,
          source: wantedBooks.source,
          createdAt: wantedBooks.createdAt,
        })
        .from(wantedBooks)
        .where(eq(wantedBooks.userId, userId))
        .orderBy(asc(wantedBooks.id)),
      db.select({ wantedId: wantedMatches.wantedId }).from(wantedMatches).where(eq(wantedMatches.userId, userId)),
    ]);
    const counts = new Map<number, number>();
    for (const match of matches) counts.set(match.wantedId, (counts.get(match.wantedId) ?? 0) + 1);
    await zip.json(
      "wanted.json",
      wants.map(({ id, ...want }) => ({ ...want, createdAt: new Date(want.createdAt).toISOString(), copiesFoundNear: counts.get(id) ?? 0 })),
    );
  },
};

/** The users row stays as a tombstone, so ON DELETE CASCADE never fires: the deletion's batch removes both. */
export const wantedDeletionPart: AccountDeletionPart = {
  name: "wanted books",
  covers: [
    { table: wantedMatches, how: "deleted" },
    { table: wantedBooks, how: "deleted" },
  ],
  async plan({ db, user }) {
    return { statements: [db.delete(wantedMatches).where(eq(wantedMatches.userId, user.id)), db.delete(wantedBooks).where(eq(wantedBooks.userId, user.id))] };
  },
};
