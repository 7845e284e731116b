import { env } from "cloudflare:workers";
import { bookCounts, books } from "@worker/db/schema";
import { toCsv } from "@worker/features/imports/csv-cells";
import { processImportBatch } from "@worker/features/imports/import-batches";
import { GOODREADS_HEADER } from "@worker/features/imports/import-csv";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GOOGLE_THUMBNAIL, googleBooksNoItems, googleBooksScannedIsbn, openLibraryNoDocs, SCANNED_ISBN } from "../books/fixtures/google-books-isbn";
import { fetchedUrls, fixtures, jsonResponse, mockFetch } from "../covers/helpers";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { moderator, post } from "../moderation/support";
import goodreadsCsv from "./fixtures/goodreads-library-export.csv?raw";
import { booksOf, captureImportQueue, jobRow, lookupsFindNothing, rowsOf, runImportBatches, startImport } from "./support";

let sent: ReturnType<typeof captureImportQueue>;
/** The moderator's e-mail is unique: one per file. */
let mod: Awaited<ReturnType<typeof moderator>>;
beforeAll(async () => {
  mod = await moderator();
});
beforeEach(() => {
  sent = captureImportQueue();
});
afterEach(() => vi.restoreAllMocks());

/** Google knows Pride and Prejudice by its ISBN (with an https thumbnail we serve); nothing else. */
function recordedMetadata() {
  const answer = structuredClone(googleBooksScannedIsbn);
  const https = GOOGLE_THUMBNAIL.replace("http://", "https://");
  for (const item of answer.items) item.volumeInfo.imageLinks = { thumbnail: https, smallThumbnail: https };
  return mockFetch({
    "www.googleapis.com": (url) => jsonResponse(url.searchParams.get("q") === `isbn:${SCANNED_ISBN}` ? answer : googleBooksNoItems),
    "openlibrary.org": () => jsonResponse(openLibraryNoDocs),
    "books.google.com": () => new Response(new Uint8Array(fixtures.frontCoverJpeg), { headers: { "Content-Type": "image/jpeg" } }),
  });
}

describe("the book-import queue", () => {
  it("fills metadata from the ISBN, copies the cover into R2, and keeps the CSV's title and author otherwise", async () => {
    const fetch = recordedMetadata();
    const member = await signedInMember();
    await startImport(goodreadsCsv, member.cookie, ["owned"]);
    await runImportBatches(sent);

    const [pride, mockingbird] = await booksOf(member.user.id);
    expect(pride).toMatchObject({ title: "Pride and Prejudice", author: "Jane Austen", publisher: "Penguin Classics", analysisState: "none" });
    expect(pride!.description).toMatch(/^Few have failed to be charmed/);
    expect(pride!.googleMetadata?.volumeInfo.title).toBe("Pride and Prejudice");
    expect(pride!.coverKey).toMatch(new RegExp(`^covers/${member.user.id}/[0-9a-f-]+\\.jpg$`));
    expect(await env.MEDIA.head(pride!.coverKey!)).not.toBeNull();
    // No ISBN: looked up by title and author; nothing found, so the book keeps the CSV's words and no cover.
    expect(mockingbird).toMatchObject({ title: "To Kill a Mockingbird", author: "Harper Lee", coverKey: null, googleMetadata: null });
    const queries = fetchedUrls(fetch)
      .filter((url) => url.host === "www.googleapis.com")
      .map((url) => url.searchParams.get("q"));
    expect(queries).toContain('intitle:"To Kill a Mockingbird" inauthor:"Harper Lee"');
  });

  it("adds nothing twice when a batch is delivered again", async () => {
    recordedMetadata();
    const member = await signedInMember();
    const { body } = await startImport(goodreadsCsv, member.cookie, ["owned", "to-read"]);
    await runImportBatches(sent);
    await runImportBatches(sent);
    const jobId = body.data!.jobId;
    expect(await booksOf(member.user.id)).toHaveLength(4);
    expect(await jobRow(jobId)).toMatchObject({ state: "done", addedBooks: 4, duplicateRows: 1, failedRows: 1, processedRows: 6, totalRows: 6 });
  });

  it("finishes a batch whose books were inserted by a delivery that stopped before marking its rows", async () => {
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksNoItems), "openlibrary.org": () => jsonResponse(openLibraryNoDocs) });
    const member = await signedInMember();
    const { body } = await startImport(goodreadsCsv, member.cookie, ["owned"]);
    const jobId = body.data!.jobId;
    const first = (await rowsOf(jobId))[0]!;
    // The earlier delivery's insert landed; its row update did not.
    await createBook(member.user.id, { id: first.bookId, title: first.title, author: "Jane Austen", isbn13: first.isbn13 });

    await processImportBatch(env, sent[0]!);

    const shelf = await booksOf(member.user.id);
    expect(shelf.map((book) => book.title)).toEqual(["Pride and Prejudice", "To Kill a Mockingbird", "The Great Gatsby"]);
    expect((await rowsOf(jobId)).find((row) => row.line === first.line)?.state).toBe("added");
    expect(await jobRow(jobId)).toMatchObject({ state: "done", addedBooks: 3 });
  });

  it("skips a book the member gained after the job was stored (two imports of one file at once)", async () => {
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksNoItems), "openlibrary.org": () => jsonResponse(openLibraryNoDocs) });
    const member = await signedInMember();
    await startImport(goodreadsCsv, member.cookie, ["owned"]);
    await startImport(goodreadsCsv, member.cookie, ["owned"]);
    expect(sent).toHaveLength(2);
    await runImportBatches(sent);
    expect(await booksOf(member.user.id)).toHaveLength(3);
  });

  it("keeps going when the metadata services are down: the books keep the CSV's details", async () => {
    mockFetch({});
    const member = await signedInMember();
    const { body } = await startImport(goodreadsCsv, member.cookie, ["owned"]);
    const [result] = await runImportBatches(sent);
    expect(result!.explicitAcks).toHaveLength(1);
    expect((await booksOf(member.user.id)).map((book) => [book.title, book.author, book.coverKey])).toEqual([
      ["Pride and Prejudice", "Jane Austen", null],
      ["To Kill a Mockingbird", "Harper Lee", null],
      ["The Great Gatsby", "F. Scott Fitzgerald", null],
    ]);
    expect((await jobRow(body.data!.jobId)).state).toBe("done");
  });

  it("drops a message that is not an import batch, and one whose job is gone", async () => {
    const [result] = await runImportBatches([{ nonsense: true } as never]);
    expect(result!.explicitAcks).toHaveLength(1);
    await processImportBatch(env, { jobId: "no-such-job", fromLine: 2, toLine: 10 });
    expect(await db.select().from(books).limit(1)).toBeDefined();
  });

  it("hides the books of a member suspended before or during the import, as the suspension hides their others, until it is lifted", async () => {
    lookupsFindNothing();
    const member = await signedInMember();
    // 120 owned books: three queue batches of 50, 50 and 20.
    const row = (i: number) =>
      GOODREADS_HEADER.map(
        (name) =>
          ({ "Book Id": `${i}`, Title: `Owned book ${i}`, Author: "Ann Author", "Exclusive Shelf": "read", Bookshelves: "owned", "Owned Copies": 1 })[
            name as string
          ] ?? "",
      );
    const csv = toCsv(
      GOODREADS_HEADER,
      Array.from({ length: 120 }, (_, i) => row(i)),
    );
    await startImport(csv, member.cookie, ["owned"]);
    expect(sent).toHaveLength(3);
    const visibleCount = async () =>
      (
        await db
          .select({ n: bookCounts.n })
          .from(bookCounts)
          .where(eq(bookCounts.scope, `user:${member.user.id}`))
      )[0]?.n ?? 0;

    // The first batch lands while the member is in good standing; then a moderator suspends them.
    await runImportBatches(sent.slice(0, 1));
    expect(await visibleCount()).toBe(50);
    expect((await post(`/api/moderation/members/${member.user.id}/suspend`, mod)).status).toBe(200);
    // The queue keeps going: the rest of the books are stored, but out of the library like the others.
    await runImportBatches(sent.slice(1));
    const shelf = await booksOf(member.user.id);
    expect(shelf).toHaveLength(120);
    expect(shelf.filter((book) => book.hidden !== "suspension").map((book) => book.title)).toEqual([]);
    expect(await visibleCount()).toBe(0);
    expect((await call(`/api/books/${shelf.at(-1)!.id}`)).status).toBe(404);
    const search = await json<Envelope<{ items: unknown[] }>>(await call("/api/books?search=owned"));
    expect(search.data!.items).toEqual([]);

    // Lifting the suspension brings every one of them back.
    expect((await post(`/api/moderation/members/${member.user.id}/unsuspend`, mod)).status).toBe(200);
    expect((await booksOf(member.user.id)).filter((book) => book.hidden !== null)).toEqual([]);
    expect(await visibleCount()).toBe(120);
  });

  it("hides a batch's books when the suspension lands while that batch is looking them up", async () => {
    const member = await signedInMember();
    let suspended: Promise<Response> | null = null;
    mockFetch({
      // The moderator acts while the batch waits on Google Books, after it has read the job.
      "www.googleapis.com": async () => {
        suspended ??= post(`/api/moderation/members/${member.user.id}/suspend`, mod);
        await suspended;
        return jsonResponse(googleBooksNoItems);
      },
      "openlibrary.org": () => jsonResponse(openLibraryNoDocs),
    });
    await startImport(goodreadsCsv, member.cookie, ["owned"]);
    await runImportBatches(sent);
    expect((await suspended!)?.status).toBe(200);
    expect((await booksOf(member.user.id)).map((book) => [book.title, book.hidden])).toEqual([
      ["Pride and Prejudice", "suspension"],
      ["To Kill a Mockingbird", "suspension"],
      ["The Great Gatsby", "suspension"],
    ]);
  });
});
