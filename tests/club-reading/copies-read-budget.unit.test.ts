import { env } from "cloudflare:workers";
import { matchKey } from "@worker/core/shared/copy-match";
import { clubBooks, loans } from "@worker/db/schema";
import { listClubCopies } from "@worker/features/club-reading/copies";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBooks, createMember, db } from "../helpers/fixtures";
import { countRowsRead, plan, sessionUserOf } from "../helpers/rows-read";

type Member = Awaited<ReturnType<typeof createMember>>;

const COPIES = 50;
const TITLE = "The Salt Observatory";
const AUTHOR = "Hana Mori";
// An ISBN no other file lists: copies are matched across the whole library, which files share.
const ISBN = "9780199535569";

/**
 * The bench's club page (scripts/bench/seed-bench.ts): 50 copies of the club's book across 25 owners, half matched by
 * ISBN-13 and half by title and author, a third of them the club's members', a few lent or promised, one shared into
 * a private club; beside them books that share some of its words, an edition with another ISBN, and a hidden copy.
 */
/**
 * Each candidate costs its books_fts entry, the book and its owner's name (3 rows), plus one for an owner in the club:
 * reaching twice the copies would need a stored, indexed match key on books instead of the FTS words.
 */
describe("copies of the club's book: one indexed query, about three rows read a copy", () => {
  let reader: Member;
  let clubId: string;

  beforeAll(async () => {
    const creator = await createMember({ name: "Cleo Creator" });
    reader = await createMember({ name: "Rin Reader" });
    const club = await createClub(creator.id, { name: "Observers" });
    clubId = club.id;
    await addMember(clubId, reader.id);
    const owners: Member[] = [];
    for (let i = 0; i < 25; i++) owners.push(await createMember({ name: `Owner ${String(i).padStart(2, "0")}` }));
    for (const owner of owners.slice(0, 8)) await addMember(clubId, owner.id);
    const elsewhere = await createClub(owners[24]!.id, { name: "Closed Shelf", isPrivate: true });
    await db
      .insert(clubBooks)
      .values({ id: crypto.randomUUID(), clubId, title: TITLE, author: AUTHOR, isbn13: ISBN, matchKey: matchKey(TITLE, AUTHOR), startedAt: Date.now() });
    const copies = [];
    for (let i = 0; i < COPIES; i++) {
      const owner = owners[i % owners.length]!;
      const byIsbn = i % 2 === 0;
      copies.push(
        (
          await createBooks(owner.id, [
            {
              title: byIsbn ? "Salt observatory (paperback)" : "salt  observatory",
              author: byIsbn ? "H. Mori" : "hana mori",
              isbn13: byIsbn ? ISBN : null,
              clubId: i === 49 ? elsewhere.id : null,
            },
          ])
        )[0]!,
      );
    }
    // Not copies: other books by the same author or with some of the words, another edition, a hidden copy.
    await createBooks(owners[0]!.id, [
      ...Array.from({ length: 30 }, (_, i) => ({ title: `The Salt Road ${i}`, author: AUTHOR })),
      ...Array.from({ length: 30 }, (_, i) => ({ title: `Observatory Nights ${i}`, author: "Someone Else" })),
      { title: TITLE, author: AUTHOR, isbn13: "9781861972712" },
      { title: TITLE, author: AUTHOR, hidden: "moderation" as const },
    ]);
    const now = Date.now();
    await db.insert(loans).values([
      { id: crypto.randomUUID(), bookId: copies[1]!.id, ownerId: owners[1]!.id, borrowerId: reader.id, state: "lent", updatedAt: now },
      { id: crypto.randomUUID(), bookId: copies[2]!.id, ownerId: owners[2]!.id, borrowerId: reader.id, state: "accepted", updatedAt: now },
    ]);
  });

  it("lists all 50 copies reading 3 rows a copy, one more for a member's, and a few for the club", async () => {
    const { result, rowsRead, statements } = await countRowsRead(sessionUserOf(reader), (ctx) => listClubCopies(ctx, clubId, { limit: 50 }));
    expect(result.total).toBe(COPIES);
    expect(result.items).toHaveLength(COPIES);
    expect(result.items.filter((copy) => copy.inClub)).toHaveLength(16);
    expect(result.items.filter((copy) => copy.availability !== "available")).toHaveLength(2);
    expect(result.items.filter((copy) => copy.membersOnly)).toHaveLength(1);
    console.info(`copies of the club's book: ${rowsRead} rows read in ${statements} statements for ${result.items.length} copies`);
    // The club and the viewer's place in it, the current book, then the copies themselves in one statement.
    expect(statements).toBeLessThanOrEqual(3);
    // Before: 260 rows in 8 statements.
    expect(rowsRead).toBeLessThanOrEqual(3 * result.items.length + 16 + 12);
  });

  it("the club page's first 20 read no more than all 50", async () => {
    const { result, rowsRead } = await countRowsRead(sessionUserOf(reader), (ctx) => listClubCopies(ctx, clubId, { limit: 20 }));
    expect(result.items).toHaveLength(20);
    expect(rowsRead).toBeLessThanOrEqual(3 * COPIES + 16 + 12);
  });

  it("an index serves the copies' statement: no scan of books", async () => {
    const { copiesStatement } = await import("@worker/features/club-reading/copies");
    const details = await plan(copiesStatement({ db, env, user: sessionUserOf(reader) }, clubId, { isbn13: ISBN, title: TITLE, author: AUTHOR }));
    expect(details.join("\n")).not.toMatch(/SCAN (books|users|memberships|loans|clubs)\b/);
    expect(details.join("\n")).toMatch(/SCAN books_fts VIRTUAL TABLE INDEX/);
    expect(details.join("\n")).toMatch(/SEARCH books USING INTEGER PRIMARY KEY/);
  });
});
