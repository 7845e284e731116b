import { env } from "cloudflare:workers";
import { loans } from "@worker/db/schema";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { copiesOf, setBook } from "./support";

async function clubReading(book: { title: string; author?: string; isbn?: string }) {
  const creator = await signedInMember({ name: "Creator" });
  const club = await createClub(creator.user.id, { name: "Copies Club" });
  const member = await signedInMember({ name: "Mia" });
  await addMember(club.id, member.user.id);
  expect((await setBook(club.id, creator, book)).status).toBe(200);
  return { creator, member, clubId: club.id };
}

/** A title no other test uses, so the library's other copies never match. */
const unique = () => `Zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

describe("Copies of the club's current book", () => {
  it("match by normalised title and author: case, accents, punctuation and articles aside", async () => {
    const word = unique();
    const { member, clubId } = await clubReading({ title: `The Ōcean at the End of ${word}`, author: "Neil Gaiman" });
    const owner = await signedInMember({ name: "Owner" });
    const same = await createBook(owner.user.id, { title: `ocean AT the end, of ${word.toUpperCase()}!`, author: "neil  gaïman" });
    const article = await createBook(owner.user.id, { title: `An Ocean at End of ${word}`, author: "Neil Gaiman" });
    await createBook(owner.user.id, { title: `The Ocean at the End of ${word}: a sequel`, author: "Neil Gaiman" });
    await createBook(owner.user.id, { title: `The Ocean at the End of ${word}`, author: "Someone Else" });
    const page = (await copiesOf(clubId, member)).body.data!;
    expect(page.items.map((copy) => copy.bookId).sort()).toEqual([same.id, article.id].sort());
    expect(page.total).toBe(2);
  });

  it("match by ISBN-13 when both sides have one, and by title only for copies without one", async () => {
    const word = unique();
    const { member, clubId } = await clubReading({ title: `${word} Tales`, author: "A. Writer", isbn: "978-0-306-40615-7" });
    const owner = await signedInMember();
    const byIsbn = await createBook(owner.user.id, { title: "Another edition's title", author: "Writer", isbn13: "9780306406157" });
    const byTitle = await createBook(owner.user.id, { title: `${word} tales`, author: "a writer" });
    // Same words, another edition's ISBN: not this book.
    await createBook(owner.user.id, { title: `${word} Tales`, author: "A. Writer", isbn13: "9781861972712" });
    const page = (await copiesOf(clubId, member)).body.data!;
    expect(page.items.map((copy) => copy.bookId).sort()).toEqual([byIsbn.id, byTitle.id].sort());
  });

  it("lists the club's members' copies first, then others', each with whether it is available", async () => {
    const word = unique();
    const { creator, member, clubId } = await clubReading({ title: word, author: "Author" });
    const outsider = await signedInMember({ name: "Aaron Outsider" });
    const outsiders = await createBook(outsider.user.id, { title: word, author: "Author" });
    const lent = await createBook(member.user.id, { title: word, author: "Author" });
    const promised = await createBook(creator.user.id, { title: word, author: "Author" });
    const hidden = await createBook(outsider.user.id, { title: word, author: "Author", hidden: "moderation" });
    const now = Date.now();
    await db.insert(loans).values([
      { id: crypto.randomUUID(), bookId: lent.id, ownerId: member.user.id, borrowerId: outsider.user.id, state: "lent", updatedAt: now },
      { id: crypto.randomUUID(), bookId: promised.id, ownerId: creator.user.id, borrowerId: outsider.user.id, state: "accepted", updatedAt: now },
    ]);
    const page = (await copiesOf(clubId, member)).body.data!;
    expect(page.items.map((copy) => [copy.owner.name, copy.inClub, copy.availability, copy.isMine])).toEqual([
      ["Creator", true, "promised", false],
      ["Mia", true, "lent", true],
      ["Aaron Outsider", false, "available", false],
    ]);
    expect(page.items.map((copy) => copy.bookId)).not.toContain(hidden.id);
    expect(page.items[2]!.bookId).toBe(outsiders.id);
  });

  it("says which copies are for their private club's members only (no borrowing for others)", async () => {
    const word = unique();
    const { member, clubId } = await clubReading({ title: word, author: "Author" });
    const owner = await signedInMember({ name: "Pia Private" });
    const privateClub = await createClub(owner.user.id, { name: "Closed Shelf", isPrivate: true });
    const closed = await createBook(owner.user.id, { title: word, author: "Author", clubId: privateClub.id });
    const open = await createBook(owner.user.id, { title: word, author: "Author" });
    const byId = async (caller: typeof member) => new Map((await copiesOf(clubId, caller)).body.data!.items.map((copy) => [copy.bookId, copy.membersOnly]));
    expect(await byId(member)).toEqual(
      new Map([
        [closed.id, true],
        [open.id, false],
      ]),
    );
    await addMember(privateClub.id, member.user.id);
    expect((await byId(member)).get(closed.id)).toBe(false);
  });

  it("pages, and is empty without a current book", async () => {
    const word = unique();
    const { member, clubId } = await clubReading({ title: word, author: "Author" });
    const owner = await signedInMember();
    for (let i = 0; i < 5; i++) await createBook(owner.user.id, { title: word, author: "Author" });
    const first = (await copiesOf(clubId, member, "?limit=3")).body.data!;
    expect([first.items.length, first.total]).toEqual([3, 5]);
    const second = (await copiesOf(clubId, member, `?limit=3&nextToken=${first.nextToken}`)).body.data!;
    expect([second.items.length, second.nextToken]).toEqual([2, null]);
    expect(new Set([...first.items, ...second.items].map((copy) => copy.bookId)).size).toBe(5);

    const bare = await createClub(member.user.id);
    expect((await copiesOf(bare.id, member)).body.data).toEqual({ items: [], total: 0, nextToken: null });
  });
});

const plan = async (query: string, ...bindings: unknown[]) =>
  (
    await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`)
      .bind(...bindings)
      .all<{ detail: string }>()
  ).results.map((step) => step.detail);

const scans = (steps: string[]) => steps.filter((step) => step.startsWith("SCAN") && !step.includes("VIRTUAL TABLE"));

describe("Club reading query plans", () => {
  it("find copies through the ISBN index and the full-text index, never a walk of books", async () => {
    const isbn = await plan(`SELECT id FROM books WHERE isbn13 = ? AND hidden IS NULL LIMIT 200`, "9780306406157");
    expect(isbn.join("; ")).toContain("books_isbn13_idx");
    const fts = await plan(
      `SELECT books.id FROM books_fts INNER JOIN books ON books.seq = books_fts.rowid WHERE books_fts MATCH ? AND books.hidden IS NULL LIMIT 200`,
      'title : "ocean"',
    );
    expect(fts.join("; ")).toContain("VIRTUAL TABLE INDEX");
    expect(fts.join("; ")).toMatch(/SEARCH books USING INTEGER PRIMARY KEY/);
    expect(scans(fts)).toEqual([]);
    const holding = await plan(`SELECT book_id, state FROM loans WHERE book_id IN (?, ?) AND state IN ('accepted', 'lent')`, "a", "b");
    expect(holding.join("; ")).toMatch(/loans_book_state_idx|loans_book_holding_idx/);
    expect(scans(holding)).toEqual([]);
  });

  it("read the current book, the progress counts and the shelf on their indexes", async () => {
    const current = await plan(`SELECT id FROM club_books WHERE club_id = ? AND state = 'current' LIMIT 1`, "c");
    expect(current.join("; ")).toMatch(/club_books_one_current_idx|club_books_club_history_idx/);
    const counts = await plan(
      `SELECT mp.milestone_id, count(*) FROM milestone_progress mp INNER JOIN memberships m ON m.club_id = ? AND m.user_id = mp.user_id AND m.status = 'active' WHERE mp.milestone_id IN (?, ?) GROUP BY mp.milestone_id`,
      "c",
      "a",
      "b",
    );
    expect(scans(counts)).toEqual([]);
    const shelf = await plan(
      `SELECT id FROM club_books WHERE club_id = ? AND state = 'finished' AND (finished_at < ? OR (finished_at = ? AND id < ?)) ORDER BY finished_at DESC, id DESC LIMIT 21`,
      "c",
      1,
      1,
      "x",
    );
    expect(shelf.join("; ")).toContain("club_books_club_history_idx");
    const setBy = await plan(`UPDATE club_books SET set_by = NULL WHERE set_by IS NOT NULL AND set_by = ?`, "u");
    expect(setBy.join("; ")).toContain("club_books_set_by_idx");
  });
});
