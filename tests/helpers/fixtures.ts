import { env } from "cloudflare:workers";
import { createSession } from "@worker/core/session";
import type { Cell } from "@worker/core/shared/area-cells";
import { hiddenUntilTitled } from "@worker/core/shared/book-listing";
import { withBookSearchText } from "@worker/core/shared/search-text";
import { getDatabase } from "@worker/db/client";
import { type BookRow, books, memberAreas, users } from "@worker/db/schema";

export const db = getDatabase(env.DB);

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

export async function createMember(overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = overrides.id ?? crypto.randomUUID();
  const [user] = await db
    .insert(users)
    .values({ id, name: `Reader ${counter + 1}`, email: `${nextId("reader")}@example.com`, ...overrides })
    .returning();
  return user!;
}

/** Sets a member's area straight in the table (the /profile look-up has its own tests); each test file keeps to far-away cells of its own. */
export const placeAt = (userId: string, cell: Cell, place = "Test town") => db.insert(memberAreas).values({ userId, ...cell, place, updatedAt: Date.now() });

/** A member plus a valid session token for cookie or Bearer authentication. */
export async function signedInMember(overrides: Partial<typeof users.$inferInsert> = {}) {
  return signIn(await createMember(overrides));
}

/** A new session for a member already stored, with its token for cookie or Bearer authentication. */
export async function signIn<User extends { id: string }>(user: User) {
  const session = await createSession(db, user.id);
  return { user, token: session.token, cookie: `bookclub_session=${session.token}` };
}

/** As the app writes books: one without a title is its owner's alone until it has one (decision 024), unless `hidden` says otherwise. */
const listedAsTheAppWould = <Row extends Partial<typeof books.$inferInsert> & { title: string }>(row: Row) => ({
  ...row,
  hidden: row.hidden !== undefined ? row.hidden : hiddenUntilTitled(row.title),
});

export async function createBook(ownerId: string, overrides: Partial<typeof books.$inferInsert> = {}): Promise<BookRow> {
  const [book] = await db
    .insert(books)
    .values(withBookSearchText(listedAsTheAppWould({ id: crypto.randomUUID(), userId: ownerId, title: "A Book", author: "An Author", ...overrides })))
    .returning();
  return book!;
}

/** Inserts many books in a few statements (D1 allows at most 100 bound parameters per statement). */
export async function createBooks(ownerId: string, rows: Partial<typeof books.$inferInsert>[]) {
  const values = rows.map((row, index) => ({
    id: crypto.randomUUID(),
    userId: ownerId,
    title: `Book ${index}`,
    author: "Author",
    ...row,
  }));
  for (let i = 0; i < values.length; i += 7) {
    await db.insert(books).values(values.slice(i, i + 7).map((row) => withBookSearchText(listedAsTheAppWould(row))));
  }
  return values;
}
