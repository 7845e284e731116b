import { googleBooksQuery } from "@worker/features/covers/metadata/google-books";
import { findBookMetadata, MetadataUnavailableError, searchBookMetadata } from "@worker/features/covers/metadata/lookup";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  googleBooksMiddlemarch,
  googleBooksNoMatch,
  googleBooksPrideAndPrejudice,
  googleBooksQuotaExceeded,
  openLibraryMiddlemarch,
  openLibraryNoMatch,
} from "./fixtures/recorded";
import { fetchedUrls, jsonResponse, mockFetch } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Google Books query", () => {
  it("adds each part only when given, quoting phrases", () => {
    expect(googleBooksQuery({ isbn: "9780141439471" })).toBe("isbn:9780141439471");
    expect(googleBooksQuery({ title: "Middlemarch" })).toBe("intitle:Middlemarch");
    expect(googleBooksQuery({ title: 'The "Hobbit"', author: "J.R.R. Tolkien" })).toBe('intitle:"The  Hobbit" inauthor:"J.R.R. Tolkien"');
  });
});

describe("metadata search", () => {
  it("maps Google Books volumes, sending the API key when configured", async () => {
    const fetch = mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksMiddlemarch) });

    const items = await searchBookMetadata({ title: "Middlemarch" }, { googleBooksApiKey: "test-books-key" });

    const url = fetchedUrls(fetch)[0]!;
    expect(url.searchParams.get("key")).toBe("test-books-key");
    expect(url.searchParams.get("maxResults")).toBe("10");
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      source: "google-books",
      isEbook: true,
      price: { amount: 3.99, currencyCode: "GBP" },
      raw: { id: "Xh3hDwAAQBAJ" },
      volumeInfo: {
        title: "Middlemarch",
        authors: ["George Eliot"],
        publisher: "Penguin UK",
        publishedDate: "2011-09-01",
        description: "Middlemarch is George Eliot's masterpiece, a study of provincial life.",
        industryIdentifiers: [
          { type: "ISBN_13", identifier: "9780141911953" },
          { type: "ISBN_10", identifier: "0141911956" },
        ],
        pageCount: 880,
        categories: ["Fiction / Classics"],
        averageRating: 4,
        ratingsCount: 97,
        language: "en",
        imageLinks: {
          smallThumbnail: "https://books.google.com/books/content?id=Xh3hDwAAQBAJ&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api",
          thumbnail: "https://books.google.com/books/content?id=Xh3hDwAAQBAJ&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api",
        },
      },
    });
    expect(items[1]).toMatchObject({ isEbook: false, volumeInfo: { title: "Middlemarch: A Study of Provincial Life" } });
    expect(items[1]!.price).toBeUndefined();
  });

  it("falls back to Open Library when Google Books has no match or fails", async () => {
    mockFetch({
      "www.googleapis.com": () => jsonResponse(googleBooksNoMatch),
      "openlibrary.org": () => jsonResponse(openLibraryMiddlemarch),
    });
    expect((await searchBookMetadata({ title: "Middlemarch" }, {}))[0]!.source).toBe("open-library");

    vi.restoreAllMocks();
    const fetch = mockFetch({
      "www.googleapis.com": () => jsonResponse(googleBooksQuotaExceeded, 429),
      "openlibrary.org": () => jsonResponse(openLibraryMiddlemarch),
    });
    const items = await searchBookMetadata({ title: "Middlemarch", author: "George Eliot" }, {});
    expect(items[0]!.volumeInfo).toMatchObject({ title: "Middlemarch", publisher: "Penguin Books", language: "en", pageCount: 838 });
    const openLibrary = fetchedUrls(fetch)[1]!;
    expect(openLibrary.searchParams.get("author")).toBe("George Eliot");
    expect(new Headers(fetch.mock.calls[1]![1]!.headers).get("User-Agent")).toMatch(/^BookClub\//);
  });

  it("answers an empty list when the services know no match, and refuses when none can be reached", async () => {
    mockFetch({
      "www.googleapis.com": () => jsonResponse(googleBooksNoMatch),
      "openlibrary.org": () => jsonResponse(openLibraryNoMatch),
    });
    expect(await searchBookMetadata({ isbn: "9780000000002" }, {})).toEqual([]);

    vi.restoreAllMocks();
    mockFetch({ "www.googleapis.com": () => jsonResponse({ error: { code: 500 } }, 500) });
    await expect(searchBookMetadata({ isbn: "9780000000002" }, {})).rejects.toBeInstanceOf(MetadataUnavailableError);
  });

  it("stops waiting for a service that hangs", async () => {
    mockFetch({
      "www.googleapis.com": (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))),
      "openlibrary.org": () => jsonResponse(openLibraryMiddlemarch),
    });
    const started = Date.now();
    const match = await findBookMetadata({ title: "Middlemarch" }, { signal: AbortSignal.timeout(50) });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The whole budget was spent on Google, so Open Library was not asked either.
    expect(match).toBeNull();
  });
});

describe("metadata for one book", () => {
  it("prefers the volume carrying the ISBN that was read", async () => {
    const otherEdition = { ...googleBooksMiddlemarch.items[0]!, id: "other" };
    mockFetch({
      "www.googleapis.com": () => jsonResponse({ ...googleBooksPrideAndPrejudice, items: [otherEdition, ...googleBooksPrideAndPrejudice.items] }),
    });
    const match = await findBookMetadata({ isbn13: "9780141439471" }, {});
    expect(match).toMatchObject({ matchedBy: "isbn", metadata: { raw: { id: "s1gVAAAAYAAJ" } } });
  });

  it("tries ISBN then title, and does not ask a failing service twice", async () => {
    const fetch = mockFetch({
      "www.googleapis.com": () => jsonResponse(googleBooksQuotaExceeded, 429),
      "openlibrary.org": (url) => jsonResponse(url.searchParams.has("isbn") ? openLibraryNoMatch : openLibraryMiddlemarch),
    });
    const match = await findBookMetadata({ isbn13: "9780141439549", title: "Middlemarch", author: "George Eliot" }, {});
    expect(match).toMatchObject({ matchedBy: "title", metadata: { source: "open-library" } });
    const byIsbn = (url: URL) => url.searchParams.has("isbn") || url.searchParams.get("q")?.startsWith("isbn:");
    expect(fetchedUrls(fetch).map((url) => `${url.host} ${byIsbn(url) ? "isbn" : "title"}`)).toEqual([
      "www.googleapis.com isbn",
      "openlibrary.org isbn",
      "openlibrary.org title",
    ]);
  });
});
