import { env } from "cloudflare:workers";
import { books } from "@worker/db/schema";
import { retryDelaySeconds } from "@worker/features/covers/consumer";
import { IMAGE_MISSING_MESSAGE, NOT_AN_IMAGE_MESSAGE } from "@worker/features/covers/cover-image";
import { NO_BARCODE_MESSAGE } from "@worker/features/covers/providers/local";
import { workersAiAnalyzer } from "@worker/features/covers/providers/workers-ai";
import { MAX_RETRIES } from "@worker/features/covers/queue-message";
import { GAVE_UP_MESSAGE, LOOKUP_UNAVAILABLE_MESSAGE, LOW_CONFIDENCE_MESSAGE, UNREADABLE_MESSAGE } from "@worker/features/covers/reading";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { db } from "../helpers/fixtures";
import {
  googleBooksMiddlemarch,
  googleBooksNoMatch,
  googleBooksPrideAndPrejudice,
  googleBooksQuotaExceeded,
  openLibraryMiddlemarch,
  workersAiFencedAnswer,
  workersAiLowConfidence,
  workersAiMalformed,
  workersAiPrideAndPrejudice,
  workersAiTitleOnly,
} from "./fixtures/recorded";
import { blankPng, fetchedUrls, fixtures, jsonResponse, message, mockFetch, pendingBook, readBook, runBatch } from "./helpers";

const MODEL = "@cf/meta/llama-4-scout-17b-16e-instruct";
/** The real Workers AI adapter, fed recorded answers through a spy on the binding. */
const workersAi = () => ({ analyzer: workersAiAnalyzer(env.AI, MODEL) });
const aiAnswers = (answer: unknown) => vi.spyOn(env.AI, "run").mockResolvedValue(answer as never);

const googleBooks = (body: unknown, status = 200) => ({ "www.googleapis.com": () => jsonResponse(body, status) });

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  // Retries and give-ups are logged as warnings for operators; here they are expected, so keep them quiet.
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("cover-analysis consumer", () => {
  it("fills the book from a confident reading and enriches it from Google Books by ISBN", async () => {
    const { book, key } = await pendingBook();
    const run = aiAnswers(workersAiPrideAndPrejudice);
    const fetch = mockFetch(googleBooks(googleBooksPrideAndPrejudice));
    const msg = message({ bookId: book.id, key });

    const result = await runBatch([msg], workersAi());

    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(run).toHaveBeenCalledTimes(1);
    const [model, inputs] = run.mock.calls[0]!;
    expect(model).toBe(MODEL);
    expect(JSON.stringify(inputs)).toContain('"url":"data:image/jpeg;base64,/9j/');

    const query = fetchedUrls(fetch)[0]!;
    expect(query.pathname).toBe("/books/v1/volumes");
    expect(query.searchParams.get("q")).toBe("isbn:9780141439471");
    expect(query.searchParams.has("key")).toBe(false);

    const saved = await readBook(book.id);
    expect(saved).toMatchObject({
      title: "Pride and Prejudice",
      author: "Jane Austen",
      isbn13: "9780141439471",
      isbn10: "0141439475",
      language: "en",
      publisher: "Penguin Classics",
      publishedDate: "2003-01-30",
      pageCount: 480,
      ageGroupFine: "adult",
      analysisState: "done",
      analysisMessage: null,
      analysisAttempts: 1,
    });
    expect(saved!.description).toMatch(/^Few have failed to be charmed/);
    expect(saved!.coverAnalysis).toMatchObject({
      source: "workers-ai",
      model: MODEL,
      title_candidates: [
        { value: "Pride and Prejudice", confidence: 0.96 },
        { value: "Pride & Prejudice", confidence: 0.41 },
      ],
      author_candidates: [{ value: "Jane Austen", confidence: 0.93 }],
      isbn: "9780141439471",
      language_guess: "en",
      themes: ["marriage", "social class", "first impressions"],
    });
    expect(saved!.googleMetadata).toMatchObject({
      source: "google-books",
      isEbook: false,
      volumeInfo: {
        title: "Pride and Prejudice",
        authors: ["Jane Austen"],
        averageRating: 4.5,
        ratingsCount: 2841,
        industryIdentifiers: [
          { type: "ISBN_10", identifier: "0141439475" },
          { type: "ISBN_13", identifier: "9780141439471" },
        ],
      },
    });
    expect(saved!.googleMetadata!.volumeInfo.imageLinks!.thumbnail).toMatch(/^https:\/\/books\.google\.com\//);
  });

  it("never overwrites what the owner typed while the analysis ran", async () => {
    const { book, key } = await pendingBook(undefined, { author: "J. Austen", description: "My copy, a little worn." });
    aiAnswers(workersAiPrideAndPrejudice);
    mockFetch(googleBooks(googleBooksPrideAndPrejudice));

    await runBatch([message({ bookId: book.id, key })], workersAi());

    const saved = await readBook(book.id);
    expect(saved).toMatchObject({
      title: "Pride and Prejudice",
      author: "J. Austen",
      description: "My copy, a little worn.",
      analysisState: "done",
    });
  });

  it("falls back to Open Library by title and author when Google Books has no match", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiTitleOnly);
    const fetch = mockFetch({
      ...googleBooks(googleBooksNoMatch),
      "openlibrary.org": () => jsonResponse(openLibraryMiddlemarch),
    });

    const result = await runBatch([message({ bookId: book.id, key })], workersAi());

    expect(result.explicitAcks).toHaveLength(1);
    const [google, openLibrary] = fetchedUrls(fetch);
    expect(google!.searchParams.get("q")).toBe('intitle:Middlemarch inauthor:"George Eliot"');
    expect(openLibrary!.pathname).toBe("/search.json");
    expect(openLibrary!.searchParams.get("title")).toBe("Middlemarch");
    expect(openLibrary!.searchParams.get("author")).toBe("George Eliot");
    expect(openLibrary!.searchParams.has("isbn")).toBe(false);

    const saved = await readBook(book.id);
    expect(saved).toMatchObject({
      title: "Middlemarch",
      author: "George Eliot",
      isbn13: null,
      publisher: "Penguin Books",
      publishedDate: "1871",
      pageCount: 838,
      language: "en",
      analysisState: "done",
    });
    expect(saved!.googleMetadata).toMatchObject({
      source: "open-library",
      volumeInfo: {
        language: "en",
        industryIdentifiers: [
          { type: "ISBN_13", identifier: "9780141439549" },
          { type: "ISBN_10", identifier: "0141439548" },
        ],
        imageLinks: { thumbnail: "https://covers.openlibrary.org/b/id/8235115-M.jpg" },
      },
    });
  });

  it("keeps the analysis when Google Books and Open Library both fail, without retrying", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiTitleOnly);
    mockFetch({ ...googleBooks(googleBooksQuotaExceeded, 429), "openlibrary.org": () => jsonResponse({ error: "busy" }, 503) });

    const result = await runBatch([message({ bookId: book.id, key })], workersAi());

    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const saved = await readBook(book.id);
    expect(saved).toMatchObject({ title: "Middlemarch", author: "George Eliot", analysisState: "done", googleMetadata: null, publisher: null });
  });

  it("uses Google's e-book price and format when the title search finds one", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiTitleOnly);
    mockFetch(googleBooks(googleBooksMiddlemarch));

    await runBatch([message({ bookId: book.id, key })], workersAi());

    const saved = await readBook(book.id);
    expect(saved!.googleMetadata).toMatchObject({ source: "google-books", isEbook: true, price: { amount: 3.99, currencyCode: "GBP" } });
    // An edition found by title does not give the book its ISBN: the member's copy may be another one.
    expect(saved!.isbn13).toBeNull();
  });

  it("keeps low-confidence candidates in the record but asks the owner for the details", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiLowConfidence);
    const fetch = mockFetch({});

    const result = await runBatch([message({ bookId: book.id, key })], workersAi());

    expect(result.explicitAcks).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
    const saved = await readBook(book.id);
    expect(saved).toMatchObject({ title: "", author: "", analysisState: "needs_details", analysisMessage: LOW_CONFIDENCE_MESSAGE });
    expect(saved!.coverAnalysis!.title_candidates).toEqual([
      { value: "The Night Circus", confidence: 0.34 },
      { value: "The Night Cirque", confidence: 0.21 },
    ]);
  });

  it("reads an answer given as text inside a ```json fence", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiFencedAnswer);
    mockFetch(googleBooks(googleBooksNoMatch));

    await runBatch([message({ bookId: book.id, key })], workersAi());

    const saved = await readBook(book.id);
    expect(saved).toMatchObject({ title: "The Hobbit", author: "J.R.R. Tolkien", ageGroupFine: "middle_grade", analysisState: "done" });
    expect(saved!.coverAnalysis!.content_warnings).toEqual(["violence"]);
  });

  it("marks malformed model output as needing details at once, without a retry", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiMalformed);
    const msg = message({ bookId: book.id, key });

    const result = await runBatch([msg], workersAi());

    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(await readBook(book.id)).toMatchObject({
      title: "",
      analysisState: "needs_details",
      analysisMessage: UNREADABLE_MESSAGE,
      analysisAttempts: 1,
    });
  });

  it("retries a timed-out analysis with exponential backoff, leaving the book pending", async () => {
    const { book, key } = await pendingBook();
    vi.spyOn(env.AI, "run").mockReturnValue(new Promise(() => {}));
    const first = message({ bookId: book.id, key }, 1);

    const result = await runBatch([first], { ...workersAi(), analysisTimeoutMs: 30 });

    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: first.id }]);
    expect(result.retryDelays).toEqual({ [first.id]: 10 });
    expect(await readBook(book.id)).toMatchObject({ analysisState: "pending", analysisAttempts: 1 });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/will retry in 10 s: Cover analysis timed out$/));

    const third = message({ bookId: book.id, key }, 3);
    const later = await runBatch([third], { ...workersAi(), analysisTimeoutMs: 30 });
    expect(later.retryDelays).toEqual({ [third.id]: 40 });
    expect(await readBook(book.id)).toMatchObject({ analysisState: "pending", analysisAttempts: 3 });
  });

  it("retries when Workers AI is out of capacity", async () => {
    const { book, key } = await pendingBook();
    vi.spyOn(env.AI, "run").mockRejectedValue(new Error("3040: Capacity temporarily exceeded, please try again."));
    const msg = message({ bookId: book.id, key }, 2);

    const result = await runBatch([msg], workersAi());

    expect(result.retryMessages).toEqual([{ msgId: msg.id }]);
    expect(result.retryDelays).toEqual({ [msg.id]: 20 });
    expect((await readBook(book.id))!.analysisState).toBe("pending");
  });

  it("on the last delivery gives up: the book needs details and the message is acked", async () => {
    const { book, key } = await pendingBook();
    vi.spyOn(env.AI, "run").mockRejectedValue(new Error("3040: Capacity temporarily exceeded, please try again."));
    const last = message({ bookId: book.id, key }, MAX_RETRIES + 1);

    const result = await runBatch([last], workersAi());

    expect(result.explicitAcks).toEqual([last.id]);
    expect(result.retryMessages).toEqual([]);
    expect(await readBook(book.id)).toMatchObject({
      title: "",
      status: "available",
      analysisState: "needs_details",
      analysisMessage: GAVE_UP_MESSAGE,
      analysisAttempts: MAX_RETRIES + 1,
    });
  });

  it("does nothing for a message delivered again after success", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiPrideAndPrejudice);
    mockFetch(googleBooks(googleBooksPrideAndPrejudice));
    await runBatch([message({ bookId: book.id, key })], workersAi());
    const afterFirst = await readBook(book.id);
    vi.restoreAllMocks();

    const run = aiAnswers(workersAiLowConfidence);
    const fetch = mockFetch({});
    const again = message({ bookId: book.id, key }, 2);
    const result = await runBatch([again], workersAi());

    expect(result.explicitAcks).toEqual([again.id]);
    expect(run).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    expect(await readBook(book.id)).toEqual(afterFirst);
  });

  it("marks the book as needing details when its image is missing from R2", async () => {
    const { book, key } = await pendingBook(null);
    const run = aiAnswers(workersAiPrideAndPrejudice);
    const msg = message({ bookId: book.id, key });

    const result = await runBatch([msg], workersAi());

    expect(result.explicitAcks).toEqual([msg.id]);
    expect(run).not.toHaveBeenCalled();
    expect(await readBook(book.id)).toMatchObject({ analysisState: "needs_details", analysisMessage: IMAGE_MISSING_MESSAGE });
  });

  it("marks the book as needing details when the stored file is not an image", async () => {
    const { book, key } = await pendingBook(new TextEncoder().encode("<html>not a cover</html>"));
    const run = aiAnswers(workersAiPrideAndPrejudice);

    await runBatch([message({ bookId: book.id, key })], workersAi());

    expect(run).not.toHaveBeenCalled();
    expect(await readBook(book.id)).toMatchObject({ analysisState: "needs_details", analysisMessage: NOT_AN_IMAGE_MESSAGE });
  });

  it("acks without effect when the book was deleted or given another cover meanwhile", async () => {
    const deleted = await pendingBook();
    await db.delete(books).where(eq(books.id, deleted.book.id));
    const replaced = await pendingBook();
    const run = aiAnswers(workersAiPrideAndPrejudice);
    const messages = [
      message({ bookId: deleted.book.id, key: deleted.key }),
      message({ bookId: replaced.book.id, key: `${replaced.key.slice(0, -4)}.png` }),
      message({ nonsense: true }),
    ];

    const result = await runBatch(messages, workersAi());

    expect(result.explicitAcks.sort()).toEqual(messages.map((m) => m.id).sort());
    expect(run).not.toHaveBeenCalled();
    expect(await readBook(deleted.book.id)).toBeNull();
    expect(await readBook(replaced.book.id)).toMatchObject({ analysisState: "pending", analysisAttempts: 0 });
  });

  it("handles each message of a batch on its own", async () => {
    const first = await pendingBook();
    const missing = await pendingBook(null);
    const second = await pendingBook();
    aiAnswers(workersAiTitleOnly);
    mockFetch(googleBooks(googleBooksNoMatch));
    const messages = [
      message({ bookId: first.book.id, key: first.key }),
      message({ bookId: missing.book.id, key: missing.key }),
      message({ bookId: second.book.id, key: second.key }),
    ];

    const result = await runBatch(messages, workersAi());

    expect(result.explicitAcks.sort()).toEqual(messages.map((m) => m.id).sort());
    expect((await readBook(first.book.id))!.title).toBe("Middlemarch");
    expect((await readBook(missing.book.id))!.analysisState).toBe("needs_details");
    expect((await readBook(second.book.id))!.title).toBe("Middlemarch");
  });

  it("marks books whose messages reached the dead-letter queue as needing details", async () => {
    const { book, key } = await pendingBook();
    const msg = message({ bookId: book.id, key }, 1);

    const result = await runBatch([msg], {}, "cover-analysis-dlq");

    expect(result.explicitAcks).toEqual([msg.id]);
    expect(await readBook(book.id)).toMatchObject({ analysisState: "needs_details", analysisMessage: GAVE_UP_MESSAGE });
  });

  it("backs off 10 s, 20 s, 40 s, 80 s and never beyond 5 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 160, 300, 300]);
  });
});

describe("cover-analysis consumer with the configured (local) provider", () => {
  it("reads the ISBN barcode, then tries enrichment, which fails fast without a network: the book keeps the ISBN and needs details", async () => {
    const { book, key } = await pendingBook(fixtures.barcodePng);
    const run = vi.spyOn(env.AI, "run");
    const fetch = mockFetch({});
    // The later lookup is queued; this test only looks at what was sent.
    const queued = vi.spyOn(env.COVER_QUEUE, "send").mockResolvedValue(undefined as never);
    const msg = message({ bookId: book.id, key });

    const result = await runBatch([msg]);

    expect(result.explicitAcks).toEqual([msg.id]);
    expect(run).not.toHaveBeenCalled();
    expect(fetchedUrls(fetch).map((url) => url.host)).toEqual(["www.googleapis.com", "openlibrary.org"]);
    const saved = await readBook(book.id);
    expect(saved).toMatchObject({
      title: "",
      author: "",
      isbn13: "9780141439471",
      isbn10: "0141439475",
      analysisState: "needs_details",
      analysisMessage: LOOKUP_UNAVAILABLE_MESSAGE,
      googleMetadata: null,
      hidden: "untitled",
    });
    expect(queued).toHaveBeenCalledWith({ bookId: book.id, lookup: "isbn", isbn13: "9780141439471" }, { delaySeconds: 60 });
    expect(saved!.coverAnalysis).toMatchObject({ source: "local-barcode", title_candidates: [], isbn: "9780141439471" });
  });

  it("names the book from Google Books when the barcode's ISBN is found there", async () => {
    const { book, key } = await pendingBook(fixtures.barcodePng);
    mockFetch(googleBooks(googleBooksPrideAndPrejudice));

    await runBatch([message({ bookId: book.id, key })]);

    expect(await readBook(book.id)).toMatchObject({
      title: "Pride and Prejudice",
      author: "Jane Austen",
      isbn13: "9780141439471",
      analysisState: "done",
    });
  });

  it("marks a PNG declaring 64 megapixels as needing details without decoding it, and does not retry", async () => {
    const { book, key } = await pendingBook(await blankPng(8000, 8000));
    const msg = message({ bookId: book.id, key });

    const result = await runBatch([msg]);

    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(await readBook(book.id)).toMatchObject({ analysisState: "needs_details", analysisMessage: UNREADABLE_MESSAGE });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("8000×8000 pixels"));
  });

  it("without a barcode, says so honestly and never invents a title", async () => {
    const { book, key } = await pendingBook(fixtures.frontCoverPng);
    const fetch = mockFetch({});

    await runBatch([message({ bookId: book.id, key })]);

    expect(fetch).not.toHaveBeenCalled();
    expect(await readBook(book.id)).toMatchObject({
      title: "",
      author: "",
      isbn13: null,
      analysisState: "needs_details",
      analysisMessage: NO_BARCODE_MESSAGE,
    });
  });
});
