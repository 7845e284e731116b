import { env } from "cloudflare:workers";
import { defaultChoice, type ImportChoice, rowsToAdd } from "@worker/core/shared/import-choice";
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES, TOO_MANY_ROWS } from "@worker/features/imports/import-csv";
import { findRunningImport, type ImportPreview } from "@worker/features/imports/imports";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { moderator } from "../moderation/support";
import goodreadsCsv from "./fixtures/goodreads-library-export.csv?raw";
import goodreadsToReadCsv from "./fixtures/goodreads-mostly-to-read.csv?raw";
import unclosedCsv from "./fixtures/goodreads-unclosed-quote.csv?raw";
import notAnExportCsv from "./fixtures/not-an-export.csv?raw";
import storygraphCsv from "./fixtures/storygraph-export.csv?raw";
import storygraphOwnedCsv from "./fixtures/storygraph-owned-export.csv?raw";
import { booksOf, captureImportQueue, jobRow, lookupsFindNothing, rowsOf, runImportBatches, startImport, uploadCsv } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;
let sent: ReturnType<typeof captureImportQueue>;

beforeEach(() => {
  sent = captureImportQueue();
  lookupsFindNothing();
});
afterEach(() => vi.restoreAllMocks());

async function preview(csv: string, member: Member) {
  const response = await uploadCsv("/api/imports/preview", csv, member.cookie);
  return { response, body: await json<Envelope<ImportPreview>>(response) };
}

describe("who may import", () => {
  it("answers visitors 401 on every import and export endpoint, in the envelope", async () => {
    const responses = await Promise.all([
      uploadCsv("/api/imports/preview", goodreadsCsv),
      uploadCsv("/api/imports?shelves=read", goodreadsCsv),
      call("/api/imports/some-job"),
      call("/api/imports/some-job/failed.csv"),
      call("/api/my-books/export?format=csv"),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(await json<Envelope>(response)).toMatchObject({ success: false, error: expect.any(String) });
    }
  });

  it("shows a job and its failed rows to its member only: another member gets 404", async () => {
    const owner = await signedInMember();
    const other = await signedInMember();
    const { body } = await startImport(goodreadsCsv, owner.cookie, ["owned"]);
    const jobId = body.data!.jobId;

    expect((await call(`/api/imports/${jobId}`, { cookie: owner.cookie })).status).toBe(200);
    const foreign = await call(`/api/imports/${jobId}`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(await json<Envelope>(foreign)).toEqual({ success: false, error: "Import not found" });
    expect((await call(`/api/imports/${jobId}/failed.csv`, { cookie: other.cookie })).status).toBe(404);
    // A moderator reviews reports, not other members' imports.
    const mod = await moderator();
    expect((await call(`/api/imports/${jobId}`, { cookie: mod.cookie })).status).toBe(404);
    expect((await call(`/api/imports/${jobId}/failed.csv`, { cookie: mod.cookie })).status).toBe(404);
  });
});

describe("POST /api/imports/preview", () => {
  it("counts rows, shelves, duplicates and books already owned, and lists failed rows with their line", async () => {
    const member = await signedInMember();
    await createBook(member.user.id, { title: "The Great Gatsby", author: "F. Scott Fitzgerald", isbn13: "9780743273565" });
    const { response, body } = await preview(goodreadsCsv, member);

    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({
      source: "goodreads",
      totalRows: 6,
      newBooks: 3,
      alreadyOwned: 1,
      duplicatesInFile: 1,
      ownedRows: 0,
      ownedColumn: "Owned Copies",
      shelves: [
        { name: "owned", count: 4 },
        { name: "read", count: 3 },
        { name: "currently-reading", count: 1 },
        { name: "favourites", count: 1 },
        { name: "to-read", count: 1 },
      ],
      failed: [{ line: 8, title: "", reason: "No title" }],
    });
    expect(sent).toHaveLength(0);
  });

  it("matches an owned book without ISBN by its title and author", async () => {
    const member = await signedInMember();
    await createBook(member.user.id, { title: "Beloved ", author: "toni morrison" });
    const { body } = await preview(storygraphCsv, member);
    expect(body.data).toMatchObject({ source: "storygraph", totalRows: 4, alreadyOwned: 1, duplicatesInFile: 1, newBooks: 2 });
  });

  it("refuses a malformed file naming the line, and a file that is no export", async () => {
    const member = await signedInMember();
    const unclosed = await preview(unclosedCsv, member);
    expect(unclosed.response.status).toBe(400);
    expect(unclosed.body.error).toMatch(/^Line 3: /);
    const other = await preview(notAnExportCsv, member);
    expect(other.response.status).toBe(400);
    expect(other.body.error).toMatch(/^Line 1: this is not a Goodreads or StoryGraph export/);
  });

  it("refuses more than 5 MB (413) before reading it all, and more than 5,000 rows (413)", async () => {
    const member = await signedInMember();
    const big = await preview(goodreadsCsv + "x".repeat(MAX_IMPORT_BYTES), member);
    expect(big.response.status).toBe(413);
    expect(big.body).toEqual({ success: false, error: IMPORT_TOO_LARGE });

    const header = goodreadsCsv.split("\r\n")[0]!;
    const row = (i: number) => `${i},Book ${i},Author,,,"=""""","=""""",0,,,,,,,,,,,read,,,,0,0`;
    const many = [header, ...Array.from({ length: 5_001 }, (_, i) => row(i))].join("\r\n");
    const tooMany = await preview(many, member);
    expect(tooMany.response.status).toBe(413);
    expect(tooMany.body.error).toBe(TOO_MANY_ROWS);
  });
});

describe("POST /api/imports", () => {
  it("validates the chosen shelves", async () => {
    const member = await signedInMember();
    const none = await uploadCsv("/api/imports", goodreadsCsv, member.cookie);
    expect(none.status).toBe(400);
    expect((await json<Envelope>(none)).error).toMatch(/^shelves: /);
    const empty = await startImport(goodreadsCsv, member.cookie, ["did-not-finish"]);
    expect(empty.response.status).toBe(400);
    expect(empty.body.error).toBe("No book in the file is on the chosen shelves.");
  });

  it("stores a job for the chosen shelves only, queues it in batches, and shows its progress", async () => {
    const member = await signedInMember();
    const { response, body } = await startImport(goodreadsCsv, member.cookie, ["owned"]);
    expect(response.status).toBe(202);
    const jobId = body.data!.jobId;
    expect(body.data).toMatchObject({ state: "queued", totalRows: 5 });
    expect(sent).toEqual([{ jobId, fromLine: 2, toLine: 7 }]);
    expect((await rowsOf(jobId)).map((row) => [row.line, row.state, row.reason])).toEqual([
      [2, "pending", null],
      [5, "pending", null],
      [6, "duplicate", "Same book as an earlier line"],
      [7, "pending", null],
      [8, "failed", "No title"],
    ]);

    await runImportBatches(sent);

    const status = await json<Envelope<Record<string, unknown>>>(await call(`/api/imports/${jobId}`, { cookie: member.cookie }));
    expect(status.data).toMatchObject({
      state: "done",
      totalRows: 5,
      processedRows: 5,
      addedBooks: 3,
      duplicateRows: 1,
      failedRows: 1,
      failed: [{ line: 8, title: "", reason: "No title" }],
    });
    expect((await booksOf(member.user.id)).map((book) => [book.title, book.isbn13])).toEqual([
      ["Pride and Prejudice", "9780141439518"],
      ["To Kill a Mockingbird", null],
      ["The Great Gatsby", "9780743273565"],
    ]);

    const failed = await call(`/api/imports/${jobId}/failed.csv`, { cookie: member.cookie });
    expect(failed.status).toBe(200);
    expect(failed.headers.get("Content-Disposition")).toBe('attachment; filename="failed-rows.csv"');
    expect(await failed.text()).toBe("Line,Title,Author,ISBN13,Reason\r\n8,,Nobody,,No title\r\n");
  });

  it("names the import still running, so My Books shows its progress again after a reload", async () => {
    const member = await signedInMember();
    const ctx = { db, env, user: { ...member.user, picture: null } } as unknown as Parameters<typeof findRunningImport>[0];
    expect(await findRunningImport(ctx)).toBeNull();
    const { body } = await startImport(goodreadsCsv, member.cookie, ["owned"]);
    expect(await findRunningImport(ctx)).toBe(body.data!.jobId);
    await runImportBatches(sent);
    expect(await findRunningImport(ctx)).toBeNull();
  });

  it("adds nothing twice when the same file is imported again", async () => {
    const member = await signedInMember();
    const first = await startImport(storygraphCsv, member.cookie, ["read", "to-read", "did-not-finish"]);
    await runImportBatches(sent.splice(0));
    expect(await booksOf(member.user.id)).toHaveLength(3);

    const again = await startImport(storygraphCsv, member.cookie, ["read", "to-read", "did-not-finish"], { owned: true });
    expect(again.body.data).toMatchObject({ state: "done", totalRows: 4, addedBooks: 0, duplicateRows: 4 });
    expect(sent).toHaveLength(0);
    expect(await booksOf(member.user.id)).toHaveLength(3);
    expect((await jobRow(first.body.data!.jobId)).addedBooks).toBe(3);
  });
});

describe("importing only the books the member owns", () => {
  /** What the dialog shows as "N books will be added" for this choice, from the preview alone. */
  const dialogCount = (data: ImportPreview, choice: ImportChoice) => rowsToAdd(data.rows, choice).length;

  it('says which rows a Goodreads export marks as owned, and by default imports those and the "owned" shelf, not the to-read majority', async () => {
    const member = await signedInMember();
    const { body } = await preview(goodreadsToReadCsv, member);
    const data = body.data!;
    expect(data).toMatchObject({ source: "goodreads", totalRows: 16, newBooks: 16, ownedRows: 4, ownedColumn: "Owned Copies" });
    expect(data.shelves).toEqual([
      { name: "to-read", count: 10 },
      { name: "read", count: 4 },
      { name: "currently-reading", count: 2 },
      { name: "classics", count: 1 },
      { name: "fantasy", count: 1 },
      { name: "owned", count: 1 },
      { name: "sci-fi", count: 1 },
    ]);
    expect(data.rows.filter((row) => row.owned).map((row) => row.title)).toEqual(["The Hobbit", "Dune", "Piranesi", "Middlemarch"]);
    const choice = defaultChoice(data.shelves);
    expect(choice).toEqual({ owned: true, shelves: ["owned"] });
    expect(dialogCount(data, choice)).toBe(5);

    const { response, body: job } = await startImport(goodreadsToReadCsv, member.cookie, [...choice.shelves], { owned: choice.owned });
    expect(response.status).toBe(202);
    expect(job.data).toMatchObject({ totalRows: 5 });
    await runImportBatches(sent);
    expect((await booksOf(member.user.id)).map((book) => book.title)).toEqual(["The Hobbit", "Dune", "Beloved", "Piranesi", "Middlemarch"]);
  });

  it("imports to-read only when the member ticks it, and the count shown is what the server adds", async () => {
    const member = await signedInMember();
    await createBook(member.user.id, { title: "Dune", author: "Frank Herbert", isbn13: "9780441172719" });
    const { body } = await preview(goodreadsToReadCsv, member);
    const choice = { owned: false, shelves: ["to-read", "read"] };
    expect(dialogCount(body.data!, choice)).toBe(13);
    const { body: job } = await startImport(goodreadsToReadCsv, member.cookie, choice.shelves, { owned: choice.owned });
    expect(job.data).toMatchObject({ totalRows: 14 });
    await runImportBatches(sent);
    expect(await jobRow(job.data!.jobId)).toMatchObject({ addedBooks: 13, duplicateRows: 1 });
  });

  it("reads StoryGraph's Owned? column the same way", async () => {
    const member = await signedInMember();
    const { body } = await preview(storygraphOwnedCsv, member);
    const data = body.data!;
    expect(data).toMatchObject({ source: "storygraph", totalRows: 10, ownedRows: 3, ownedColumn: "Owned?" });
    const choice = defaultChoice(data.shelves);
    expect(choice).toEqual({ owned: true, shelves: [] });
    expect(dialogCount(data, choice)).toBe(3);
    await startImport(storygraphOwnedCsv, member.cookie, [], { owned: true });
    await runImportBatches(sent);
    expect((await booksOf(member.user.id)).map((book) => book.title)).toEqual(["The Left Hand of Darkness", "The Fifth Season", "The Ministry for the Future"]);
  });

  it("validates the choice on the server: owned must be true or false, and something must be chosen", async () => {
    const member = await signedInMember();
    const bad = await uploadCsv("/api/imports?owned=yes", goodreadsToReadCsv, member.cookie, { invalid: true });
    expect(bad.status).toBe(400);
    expect((await json<Envelope>(bad)).error).toMatch(/^owned: /);
    const nothing = await uploadCsv("/api/imports?owned=false&shelves=", goodreadsToReadCsv, member.cookie, { invalid: true });
    expect(nothing.status).toBe(400);
    expect((await json<Envelope>(nothing)).error).toBe("shelves: Choose at least one shelf");
    expect(sent).toHaveLength(0);
  });
});
