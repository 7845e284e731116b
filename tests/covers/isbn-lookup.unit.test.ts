import { env } from "cloudflare:workers";
import { type EventOf, subscribe, unsubscribe } from "@worker/core/events/registry";
import { workersAiAnalyzer } from "@worker/features/covers/providers/workers-ai";
import { lookupDelaySeconds, MAX_RETRIES } from "@worker/features/covers/queue-message";
import { ISBN_NOT_FOUND_MESSAGE, LOOKUP_GAVE_UP_MESSAGE, LOOKUP_UNAVAILABLE_MESSAGE } from "@worker/features/covers/reading";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBook, createMember } from "../helpers/fixtures";
import { JPEG_1PX } from "../helpers/images";
import { googleBooksNoMatch, googleBooksPrideAndPrejudice, openLibraryNoMatch, workersAiPrideAndPrejudice } from "./fixtures/recorded";
import { fixtures, jsonResponse, message, mockFetch, pendingBook, readBook, runBatch } from "./helpers";

// The ISBN read from a back cover, when the book catalogues could not be reached (decision 024):
// the book keeps it, the queue looks it up again later with backoff, and a photo that only gave the
// barcode gives way to the catalogue's cover.

const ISBN = "9780141439471";
const catalogueCover = () => new Response(JPEG_1PX, { headers: { "Content-Type": "image/jpeg" } });
const catalogues = {
  "www.googleapis.com": () => jsonResponse(googleBooksPrideAndPrejudice),
  "books.google.com": catalogueCover,
};
const lookup = (bookId: string, attempts = 1) => message({ bookId, lookup: "isbn", isbn13: ISBN }, attempts);

/** A cover's book that kept the ISBN read from its photo and waits for its title. */
async function waitingBook() {
  const { owner, book, key } = await pendingBook(fixtures.barcodePng, {
    isbn13: ISBN,
    analysisState: "needs_details",
    analysisMessage: LOOKUP_UNAVAILABLE_MESSAGE,
    coverAnalysis: {
      source: "local-barcode",
      title_candidates: [],
      author_candidates: [],
      isbn: ISBN,
      categories: [],
      audience: [],
      themes: [],
      content_warnings: [],
    },
  });
  return { owner, book, key };
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  unsubscribe("book.listed", "test.listed-books");
});

/** The books each `book.listed` event names, as its subscribers hear them. */
function listedEvents() {
  const heard: string[][] = [];
  subscribe({ "book.listed": { "test.listed-books": async (_deps, event: EventOf<"book.listed">) => heard.push(event.bookIds) } });
  return heard;
}

describe("a barcode-only photo", () => {
  it("is not the cover when the ISBN's record has one: the record's cover is copied and the photo deleted", async () => {
    const { owner, book, key } = await pendingBook(fixtures.barcodePng);
    mockFetch(catalogues);
    const heard = listedEvents();

    const result = await runBatch([message({ bookId: book.id, key })]);
    // Listed when the reading gave it its title.
    expect(heard).toEqual([[book.id]]);

    expect(result.retryMessages).toEqual([]);
    const saved = await readBook(book.id);
    expect(saved).toMatchObject({ title: "Pride and Prejudice", author: "Jane Austen", isbn13: ISBN, analysisState: "done", hidden: null });
    expect(saved!.coverKey).not.toBe(key);
    expect(saved!.coverKey).toMatch(new RegExp(`^covers/${owner.id}/[0-9a-f-]+\\.jpg$`));
    expect(await env.MEDIA.head(saved!.coverKey!)).not.toBeNull();
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("stays when the record has no cover, and a front cover whose title was read stays whatever the record has", async () => {
    const bare = structuredClone(googleBooksPrideAndPrejudice) as { items: { volumeInfo: { imageLinks?: unknown } }[] };
    for (const item of bare.items) delete item.volumeInfo.imageLinks;
    const back = await pendingBook(fixtures.barcodePng);
    mockFetch({ "www.googleapis.com": () => jsonResponse(bare) });
    await runBatch([message({ bookId: back.book.id, key: back.key })]);
    expect(await readBook(back.book.id)).toMatchObject({ title: "Pride and Prejudice", coverKey: back.key });

    vi.restoreAllMocks();
    const front = await pendingBook();
    vi.spyOn(env.AI, "run").mockResolvedValue(workersAiPrideAndPrejudice as never);
    mockFetch(catalogues);
    await runBatch([message({ bookId: front.book.id, key: front.key })], { analyzer: workersAiAnalyzer(env.AI, "@cf/meta/llama-4-scout-17b-16e-instruct") });
    expect(await readBook(front.book.id)).toMatchObject({ title: "Pride and Prejudice", coverKey: front.key });
    expect(await env.MEDIA.head(front.key)).not.toBeNull();
  });
});

describe("the ISBN lookup on the queue", () => {
  it("waits 1, 4, 16 minutes, then an hour, between deliveries", () => {
    expect([1, 2, 3, 4, 5, 6].map(lookupDelaySeconds)).toEqual([60, 240, 960, 3600, 3600, 3600]);
  });

  it("is delivered again with backoff while no catalogue can be reached, then gives up with 'Look up again' left", async () => {
    const { book } = await waitingBook();
    mockFetch({});
    const heard = listedEvents();
    const first = lookup(book.id, 1);
    const third = lookup(book.id, 3);
    const result = await runBatch([first, third]);
    expect(result.retryMessages.map((retried) => retried.msgId).sort()).toEqual([first.id, third.id].sort());
    expect(result.retryDelays).toEqual({ [first.id]: 240, [third.id]: 3600 });
    expect(await readBook(book.id)).toMatchObject({
      title: "",
      isbn13: ISBN,
      analysisState: "needs_details",
      analysisMessage: LOOKUP_UNAVAILABLE_MESSAGE,
      hidden: "untitled",
    });

    const last = lookup(book.id, MAX_RETRIES + 1);
    const final = await runBatch([last]);
    expect(final.explicitAcks).toEqual([last.id]);
    expect(final.retryMessages).toEqual([]);
    expect(await readBook(book.id)).toMatchObject({ title: "", isbn13: ISBN, analysisMessage: LOOKUP_GAVE_UP_MESSAGE, hidden: "untitled" });
    expect(heard).toEqual([]);
  });

  it("fills the book in when a catalogue answers: it is listed, with the record's cover instead of the barcode photo", async () => {
    const { book, key } = await waitingBook();
    mockFetch(catalogues);
    const heard = listedEvents();
    const msg = lookup(book.id, 2);
    const result = await runBatch([msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(heard).toEqual([[book.id]]);
    const saved = await readBook(book.id);
    expect(saved).toMatchObject({ title: "Pride and Prejudice", author: "Jane Austen", analysisState: "done", analysisMessage: null, hidden: null });
    expect(saved!.listedAt).toEqual(expect.any(Number));
    expect(saved!.googleMetadata?.volumeInfo.title).toBe("Pride and Prejudice");
    expect(saved!.coverKey).not.toBe(key);
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("says so when the catalogues answer but do not know the ISBN", async () => {
    const { book } = await waitingBook();
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksNoMatch), "openlibrary.org": () => jsonResponse(openLibraryNoMatch) });
    const msg = lookup(book.id);
    expect((await runBatch([msg])).explicitAcks).toEqual([msg.id]);
    expect(await readBook(book.id)).toMatchObject({ title: "", analysisState: "needs_details", analysisMessage: ISBN_NOT_FOUND_MESSAGE, hidden: "untitled" });
  });

  it("leaves alone a book that got its title (or another ISBN) meanwhile, asking nobody", async () => {
    const owner = await createMember();
    const titled = await createBook(owner.id, { title: "Typed By Hand", isbn13: ISBN });
    const fetch = mockFetch(catalogues);
    const msg = lookup(titled.id);
    expect((await runBatch([msg])).explicitAcks).toEqual([msg.id]);
    expect(fetch).not.toHaveBeenCalled();
    expect(await readBook(titled.id)).toMatchObject({ title: "Typed By Hand", googleMetadata: null });
  });

  it("given up by the queue (dead letter), tells the owner to look it up again later", async () => {
    const { book } = await waitingBook();
    const msg = lookup(book.id, MAX_RETRIES + 1);
    expect((await runBatch([msg], {}, "cover-analysis-dlq")).explicitAcks).toEqual([msg.id]);
    expect(await readBook(book.id)).toMatchObject({ analysisMessage: LOOKUP_GAVE_UP_MESSAGE, hidden: "untitled" });
  });
});
