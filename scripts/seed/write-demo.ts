// Writes the demo library into a D1 database and R2 bucket; safe to run again (rows are keyed by stable ids).
import type { D1Database, R2Bucket } from "@cloudflare/workers-types";
import { count, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../worker/db/schema.ts";
import { ALL_NOTIFICATIONS_ON, demoBooks, demoClubs, demoLoans, demoUsers } from "./demo-data.ts";

const { books, clubs, loanEvents, loans, memberships, notificationPreferences, users } = schema;

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
  if ((present?.n ?? 0) > 0) return { seeded: false, books: bookList.length, users: people.length };

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
    ...people.map((user) => db.insert(users).values(user).onConflictDoNothing()),
    ...people.map((user) =>
      db.insert(notificationPreferences).values({ userId: user.id, emailOptIn: true, prefs: ALL_NOTIFICATIONS_ON }).onConflictDoNothing(),
    ),
    // member_count is kept by the memberships triggers. No invite codes: they are secrets derived with
    // the Worker's INVITE_CODE_SECRET, and a club's admin is issued one when they first look at it.
    ...clubList.map(({ members: _members, ...club }) => db.insert(clubs).values(club).onConflictDoNothing()),
    ...clubList.flatMap((club) =>
      club.members.map((member) =>
        db
          .insert(memberships)
          .values({ clubId: club.id, ...member })
          .onConflictDoNothing(),
      ),
    ),
    ...bookList.map(({ cover: _cover, ...book }) => db.insert(books).values(book).onConflictDoNothing()),
  ];
  const now = Date.now();
  for (const { events, ...loan } of demoLoans(bookList, people, new Date(now).toISOString().slice(0, 10), now)) {
    statements.push(db.insert(loans).values(loan).onConflictDoNothing());
    for (const event of events) statements.push(db.insert(loanEvents).values({ loanId: loan.id, ...event }));
  }
  for (const group of chunk(statements, 50)) {
    await db.batch(group as unknown as Parameters<typeof db.batch>[0]);
  }
  return { seeded: true, books: bookList.length, users: people.length };
}
