// Issue 36, item 5: the import offers the "to-read" shelf to Wanted instead of dropping it.
import { matchKey } from "@worker/core/shared/copy-match";
import { defaultChoice, rowsToAdd, rowsToWant } from "@worker/core/shared/import-choice";
import { memberAreas, wantedBooks, wantedMatches } from "@worker/db/schema";
import type { ImportPreview } from "@worker/features/imports/imports";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { type Envelope, json } from "../helpers/http";
import goodreadsCsv from "./fixtures/goodreads-library-export.csv?raw";
import goodreadsToReadCsv from "./fixtures/goodreads-mostly-to-read.csv?raw";
import { booksOf, captureImportQueue, lookupsFindNothing, runImportBatches, uploadCsv } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;
let sent: ReturnType<typeof captureImportQueue>;

beforeEach(() => {
  sent = captureImportQueue();
  lookupsFindNothing();
});
afterEach(() => vi.restoreAllMocks());

/** The fixture's to-read rows that are not marked owned (Middlemarch is owned: it goes to the shelf). */
const TO_WANTED = [
  "Project Hail Mary",
  "The Alchemist",
  "Klara and the Sun",
  "The Midnight Library",
  "Tomorrow, and Tomorrow, and Tomorrow",
  "Atomic Habits",
  "The Lincoln Highway",
  "Where the Crawdads Sing",
  "The Goldfinch",
];

async function preview(csv: string, member: Member) {
  const response = await uploadCsv("/api/imports/preview", csv, member.cookie);
  return { response, body: await json<Envelope<ImportPreview>>(response) };
}

async function confirm(csv: string, member: Member, query: Record<string, string>, invalid = false) {
  const response = await uploadCsv(`/api/imports?${new URLSearchParams({ fileName: "export.csv", ...query })}`, csv, member.cookie, { invalid });
  return { response, body: await json<Envelope<{ jobId: string; totalRows: number; addedToWanted?: number }>>(response) };
}

const wantsOf = (userId: string) => db.select().from(wantedBooks).where(eq(wantedBooks.userId, userId)).orderBy(wantedBooks.id);
const placeAt = (userId: string, cellLat: number, cellLon: number) =>
  db.insert(memberAreas).values({ userId, cellLat, cellLon, place: "Test town", updatedAt: Date.now() });

describe("the import's to-read shelf goes to Wanted", () => {
  it("previews both counts: the books for the shelf and the to-read rows for Wanted", async () => {
    const member = await signedInMember();
    // Already wanted: not counted again.
    await db
      .insert(wantedBooks)
      .values({ userId: member.user.id, title: "Atomic Habits", author: "James Clear", matchKey: matchKey("Atomic Habits", "James Clear"), source: "title" });
    const { response, body } = await preview(goodreadsToReadCsv, member);
    expect(response.status).toBe(200);
    const data = body.data!;
    expect(data).toMatchObject({ toReadRows: 10, wantedRows: 8, alreadyWanted: 1 });
    expect(data.rows.find((row) => row.title === "Atomic Habits")).toMatchObject({ wanted: true });
    const choice = defaultChoice(data.shelves);
    // The dialog's live counts: "5 books to your shelf, 8 books to Wanted".
    expect(rowsToAdd(data.rows, choice)).toHaveLength(5);
    expect(rowsToWant(data.rows, choice).map((row) => row.title)).toEqual(TO_WANTED.filter((title) => title !== "Atomic Habits"));
    // Ticking "to-read" for the shelf takes those rows off Wanted.
    expect(rowsToWant(data.rows, { ...choice, shelves: [...choice.shelves, "to-read"] })).toEqual([]);
  });

  it("adds the to-read rows to Wanted on confirm (not to the shelf), with their ISBN-13 when valid", async () => {
    const member = await signedInMember();
    const { response, body } = await confirm(goodreadsToReadCsv, member, { owned: "true", shelves: "owned", wanted: "true" });
    expect(response.status).toBe(202);
    expect(body.data).toMatchObject({ totalRows: 5, addedToWanted: 9 });
    await runImportBatches(sent);
    expect((await booksOf(member.user.id)).map((book) => book.title)).toEqual(["The Hobbit", "Dune", "Beloved", "Piranesi", "Middlemarch"]);
    const wants = await wantsOf(member.user.id);
    expect(wants.map((want) => want.title).sort()).toEqual([...TO_WANTED].sort());
    for (const want of wants) {
      expect(want).toMatchObject({ source: "import", matchKey: matchKey(want.title, want.author) });
    }
    expect(wants.find((want) => want.title === "Project Hail Mary")).toMatchObject({ author: "Andy Weir", isbn13: "9780593135204" });
    expect(wants.find((want) => want.title === "The Lincoln Highway")).toMatchObject({ isbn13: null });
  });

  it("drops the to-read rows as before without the choice", async () => {
    const member = await signedInMember();
    const { response, body } = await confirm(goodreadsToReadCsv, member, { owned: "true", shelves: "owned" });
    expect(response.status).toBe(202);
    expect(body.data!.addedToWanted ?? 0).toBe(0);
    await runImportBatches(sent);
    expect(await booksOf(member.user.id)).toHaveLength(5);
    expect(await wantsOf(member.user.id)).toEqual([]);
  });

  it("adds nothing twice: a batch delivered again, or the same file confirmed again", async () => {
    const member = await signedInMember();
    await confirm(goodreadsToReadCsv, member, { owned: "true", wanted: "true" });
    await runImportBatches(sent);
    await runImportBatches(sent);
    expect(await wantsOf(member.user.id)).toHaveLength(9);
    const again = await confirm(goodreadsToReadCsv, member, { wanted: "true" });
    expect(again.response.status).toBe(202);
    expect(again.body.data).toMatchObject({ addedToWanted: 0 });
    await runImportBatches(sent);
    expect(await wantsOf(member.user.id)).toHaveLength(9);
    // The rows marked owned only (Beloved is on the "owned" shelf, not marked owned).
    expect(await booksOf(member.user.id)).toHaveLength(4);
  });

  it("stops at the wanted list's limit (2,000 books)", async () => {
    const member = await signedInMember();
    const rows = Array.from({ length: 1995 }, (_, i) => ({ title: `Old want ${i}`, key: `old want ${i}|` }));
    await db.run(sql`insert into wanted_books (user_id, title, author, match_key, source, created_at)
      select ${member.user.id}, json_extract(value, '$.title'), '', json_extract(value, '$.key'), 'title', 0 from json_each(${JSON.stringify(rows)})`);
    const { body } = await confirm(goodreadsToReadCsv, member, { wanted: "true" });
    expect(body.data).toMatchObject({ addedToWanted: 5 });
    expect(await wantsOf(member.user.id)).toHaveLength(2000);
  });

  it("finds the copies already listed near the member: by ISBN, and by title and author", async () => {
    const member = await signedInMember();
    const neighbour = await signedInMember();
    const faraway = await signedInMember();
    await placeAt(member.user.id, 5150, -13);
    await placeAt(neighbour.user.id, 5151, -12);
    await placeAt(faraway.user.id, 3567, 13965);
    const byIsbn = await createBook(neighbour.user.id, { title: "Project Hail Mary", author: "Andy Weir", isbn13: "9780593135204" });
    const byTitle = await createBook(neighbour.user.id, { title: "The Lincoln Highway", author: "Amor Towles" });
    await createBook(faraway.user.id, { title: "The Goldfinch", author: "Donna Tartt", isbn13: "9780316055437" });
    await confirm(goodreadsToReadCsv, member, { wanted: "true" });
    const matches = await db.select({ bookSeq: wantedMatches.bookSeq }).from(wantedMatches).where(eq(wantedMatches.userId, member.user.id));
    expect(matches.map((match) => match.bookSeq).sort()).toEqual([byIsbn.seq, byTitle.seq].sort());
  });

  it("refuses bad input with 400: wanted must be true or false, and a file without to-read rows has nothing to add", async () => {
    const member = await signedInMember();
    const bad = await confirm(goodreadsToReadCsv, member, { wanted: "yes" }, true);
    expect(bad.response.status).toBe(400);
    expect(bad.body.error).toMatch(/^wanted: /);
    const none = await confirm(goodreadsCsv.replaceAll("to-read", "read"), member, { wanted: "true" }, true);
    expect(none.response.status).toBe(400);
    expect(none.body.error).toBe("No book in the file is on the chosen shelves.");
    expect(sent).toHaveLength(0);
    expect(await wantsOf(member.user.id)).toEqual([]);
  });
});
