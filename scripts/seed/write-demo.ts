// Writes the demo library into a D1 database and R2 bucket; safe to run again (rows are keyed by stable ids).
import type { D1Database, R2Bucket } from "@cloudflare/workers-types";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import { matchKey } from "../../worker/core/shared/copy-match.ts";
import { withBookSearchText, withClubSearchText } from "../../worker/core/shared/search-text.ts";
import * as schema from "../../worker/db/schema.ts";
import { ALL_NOTIFICATIONS_ON, type DemoArea, type DemoWant, demoAreas, demoBooks, demoClubs, demoLoans, demoUsers, demoWants } from "./demo-data.ts";

const { books, clubs, loanEvents, loans, memberAreas, memberships, notificationPreferences, users, wantedBooks, wantedMatches } = schema;

interface Bindings {
  DB: D1Database;
  MEDIA: R2Bucket;
}

const chunk = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

export async function writeDemoData(env: Bindings): Promise<{ seeded: boolean; books: number; users: number }> {
  const db = drizzle(env.DB, { schema });
  const people = demoUsers();
  const clubList = demoClubs(people);
  const bookList = demoBooks(people, clubList);

  const [present] = await db
    .select({ n: count() })
    .from(books)
    .where(eq(books.id, bookList.at(-1)!.id));
  if ((present?.n ?? 0) > 0) {
    // A library seeded before demo areas existed gains them; one that has them is left as it is.
    await writeDemoAreas(db, demoAreas(people));
    await writeDemoWants(db, demoWants(people, bookList));
    return { seeded: false, books: bookList.length, users: people.length };
  }

  // Covers first: a book row never points at a missing object.
  for (const group of chunk(
    bookList.filter((book) => book.cover),
    16,
  )) {
    await Promise.all(
      group.map((book) =>
        env.MEDIA.put(book.coverKey!, book.cover!, { httpMetadata: { contentType: "image/svg+xml", cacheControl: "public, max-age=31536000, immutable" } }),
      ),
    );
  }

  const statements: BatchItem<"sqlite">[] = [
    // Demo members are old hands: no start card for them.
    ...people.map((user) =>
      db
        .insert(users)
        .values({ ...user, startDismissedAt: Date.now() })
        .onConflictDoNothing(),
    ),
    ...people.map((user) =>
      db.insert(notificationPreferences).values({ userId: user.id, emailOptIn: true, prefs: ALL_NOTIFICATIONS_ON }).onConflictDoNothing(),
    ),
    // member_count is kept by the memberships triggers. No invite codes: they are secrets derived with
    // the Worker's INVITE_CODE_SECRET, and a club's admin is issued one when they first look at it.
    ...clubList.map(({ members: _members, ...club }) => db.insert(clubs).values(withClubSearchText(club)).onConflictDoNothing()),
    ...clubList.flatMap((club) =>
      club.members.map((member) =>
        db
          .insert(memberships)
          .values({ clubId: club.id, ...member })
          .onConflictDoNothing(),
      ),
    ),
    ...bookList.map(({ cover: _cover, ...book }) => db.insert(books).values(withBookSearchText(book)).onConflictDoNothing()),
  ];
  const now = Date.now();
  for (const { events, ...loan } of demoLoans(bookList, people, new Date(now).toISOString().slice(0, 10), now)) {
    statements.push(db.insert(loans).values(loan).onConflictDoNothing());
    for (const event of events) statements.push(db.insert(loanEvents).values({ loanId: loan.id, ...event }));
  }
  for (const group of chunk(statements, 50)) {
    await db.batch(group as unknown as Parameters<typeof db.batch>[0]);
  }
  await writeDemoAreas(db, demoAreas(people));
  await writeDemoWants(db, demoWants(people, bookList));
  return { seeded: true, books: bookList.length, users: people.length };
}

/**
 * Areas after the books: member_areas_after_insert copies each cell onto its member's books. Only for
 * demo members still here, and never over an area already set (a member may have moved theirs).
 */
async function writeDemoAreas(db: ReturnType<typeof drizzle<typeof schema>>, areas: DemoArea[]): Promise<void> {
  const present = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          areas.map((area) => area.userId),
        ),
        isNull(users.deletedAt),
      ),
    );
  const here = new Set(present.map((user) => user.id));
  for (const area of areas.filter((candidate) => here.has(candidate.userId))) {
    await db.insert(memberAreas).values(area).onConflictDoNothing();
  }
}

/**
 * Wanted books once (unique per member and match key), each with its demo copy matched as the app's
 * own matching would have (the neighbours are within the default 25 km).
 */
async function writeDemoWants(db: ReturnType<typeof drizzle<typeof schema>>, wants: DemoWant[]): Promise<void> {
  for (const want of wants) {
    const [row] = await db
      .insert(wantedBooks)
      .values({ ...want, matchKey: matchKey(want.title, want.author), source: want.fromBookId ? "book" : "title", createdAt: SEED_WANTS_AT })
      .onConflictDoNothing()
      .returning({ id: wantedBooks.id });
    if (!row || !want.fromBookId) continue;
    const [copy] = await db.select({ seq: books.seq }).from(books).where(eq(books.id, want.fromBookId)).limit(1);
    if (copy) await db.insert(wantedMatches).values({ wantedId: row.id, bookSeq: copy.seq, userId: want.userId }).onConflictDoNothing();
  }
}

/** A fixed time, so a re-run writes the same rows. */
const SEED_WANTS_AT = Date.UTC(2026, 0, 15);
