import { env } from "cloudflare:workers";
import { books } from "@worker/db/schema";
import type { Book } from "@worker/features/books/book-columns";
import { searchBookMetadata } from "@worker/features/covers/metadata/lookup";
import { coverLinkAllowed, MAX_METADATA_COVER_BYTES } from "@worker/features/covers/metadata-cover-copy";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchedUrls, fixtures, jsonResponse, mockFetch } from "../covers/helpers";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { GIF_1PX } from "../helpers/images";
import { GOOGLE_THUMBNAIL, googleBooksNoItems, googleBooksScannedIsbn, openLibraryNoDocs, SCANNED_ISBN, SCANNED_ISBN10 } from "./fixtures/google-books-isbn";

const ORIGIN = { Origin: "http://localhost" };

afterEach(() => {
  vi.restoreAllMocks();
});

const addByIsbn = (cookie: string | undefined, body: unknown) => api<Book>("/books", { cookie }, { method: "POST", json: body, headers: ORIGIN });

function imageResponse(bytes: Uint8Array, type = "image/jpeg", headers: Record<string, string> = {}) {
  return new Response(bytes.slice(), { headers: { "Content-Type": type, ...headers } });
}

/** Google knows the ISBN; its thumbnail host answers with `thumbnail`. */
function googleAnswers(thumbnail: (url: URL) => Response | Promise<Response>) {
  return mockFetch({
    "www.googleapis.com": () => jsonResponse(googleBooksScannedIsbn),
    "books.google.com": thumbnail,
  });
}

describe("POST /api/books {isbn}", () => {
  it("adds the book the server looked up: its fields, the record and the cover copied into R2", async () => {
    const member = await signedInMember({ name: "Sana Scanner" });
    const fetch = googleAnswers(() => imageResponse(fixtures.frontCoverJpeg));

    const { status, body } = await addByIsbn(member.cookie, { isbn: SCANNED_ISBN });

    expect(status).toBe(201);
    const book = body.data!;
    expect(book).toMatchObject({
      userId: member.user.id,
      userName: "Sana Scanner",
      title: "Pride and Prejudice",
      author: "Jane Austen",
      publisher: "Penguin Classics",
      publishedDate: "2003",
      pageCount: 435,
      language: "en",
      isbn13: SCANNED_ISBN,
      isbn10: SCANNED_ISBN10,
      status: "available",
      analysisState: "none",
    });
    expect(book.description).toMatch(/^Few have failed to be charmed/);
    expect(book.google_metadata).toMatchObject({ source: "google-books", raw: { id: "rqJDAQAAMAAJ" }, volumeInfo: { title: "Pride and Prejudice" } });
    expect(book.coverKey).toMatch(new RegExp(`^covers/${member.user.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(book.coverImage).toBe(`/media/${book.coverKey}`);
    const stored = await env.MEDIA.get(book.coverKey!);
    expect(stored?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(fixtures.frontCoverJpeg);

    const [lookup, cover] = fetchedUrls(fetch);
    expect(lookup!.searchParams.get("q")).toBe(`isbn:${SCANNED_ISBN}`);
    // Google's http link is fetched over https.
    expect(cover!.href).toBe(GOOGLE_THUMBNAIL.replace("http://", "https://"));

    // The book page shows the record under Google Metadata.
    const page = await call(`/books/${book.bookId}`, { cookie: member.cookie });
    const html = await page.text();
    expect(html).toContain("Google Metadata");
    expect(html).toContain("Penguin Classics");
  });

  it("accepts the ISBN as people write it (hyphens, ISBN-10) and a status", async () => {
    const member = await signedInMember();
    googleAnswers(() => imageResponse(GIF_1PX, "image/gif"));
    const { status, body } = await addByIsbn(member.cookie, { isbn: "0-14-143951-3", status: "reading" });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ isbn13: SCANNED_ISBN, status: "reading" });
    expect(body.data!.coverKey).toMatch(/\.gif$/);
  });

  it.each([
    ["the image host failing", () => new Response("upstream error", { status: 502 })],
    ["an answer that is not an image", () => new Response("<html><body>Image not available</body></html>", { headers: { "Content-Type": "image/jpeg" } })],
    ["an image declared too large", () => imageResponse(fixtures.frontCoverJpeg, "image/jpeg", { "Content-Length": String(MAX_METADATA_COVER_BYTES + 1) })],
    [
      "an image too large without a declared length",
      () => {
        const chunk = new Uint8Array(256 * 1024);
        chunk.set(fixtures.frontCoverJpeg.subarray(0, 16));
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent++ < 12) controller.enqueue(chunk.slice());
            else controller.close();
          },
        });
        return new Response(body, { headers: { "Content-Type": "image/jpeg" } });
      },
    ],
    ["the image host unreachable", () => Promise.reject(new TypeError("Network connection lost"))],
  ])("adds the book without a cover on %s", async (_case, thumbnail) => {
    const member = await signedInMember();
    googleAnswers(thumbnail);
    const { status, body } = await addByIsbn(member.cookie, { isbn: SCANNED_ISBN });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ title: "Pride and Prejudice", coverKey: null, coverImage: null });
    const listed = await env.MEDIA.list({ prefix: `covers/${member.user.id}/` });
    expect(listed.objects).toEqual([]);
  });

  it("never fetches a cover over plain http from a host that is not a configured mirror", async () => {
    expect(coverLinkAllowed("https://books.google.com/x.jpg", [])?.host).toBe("books.google.com");
    expect(coverLinkAllowed("http://books.google.com/x.jpg", [])).toBeNull();
    expect(coverLinkAllowed("http://127.0.0.1:8787/x.jpg", ["http://127.0.0.1:8787"])?.port).toBe("8787");
    expect(coverLinkAllowed("file:///etc/passwd", [])).toBeNull();
    expect(coverLinkAllowed("not a url", [])).toBeNull();
  });

  it("answers 404 when neither Google Books nor Open Library knows the ISBN", async () => {
    const member = await signedInMember();
    mockFetch({
      "www.googleapis.com": () => jsonResponse(googleBooksNoItems),
      "openlibrary.org": () => jsonResponse(openLibraryNoDocs),
    });
    const { status, body } = await addByIsbn(member.cookie, { isbn: SCANNED_ISBN });
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: `No book found for ISBN ${SCANNED_ISBN}` });
  });

  it("answers 503 when no metadata service can be reached, and adds nothing", async () => {
    const member = await signedInMember();
    mockFetch({ "www.googleapis.com": () => jsonResponse({ error: { code: 503, message: "Backend Error" } }, 503) });
    const { status, body } = await addByIsbn(member.cookie, { isbn: SCANNED_ISBN });
    expect(status).toBe(503);
    expect(body.error).toBe("Book metadata search is unavailable right now. Please try again.");
    expect(await db.select({ id: books.id }).from(books).where(eq(books.userId, member.user.id))).toEqual([]);
  });

  it.each([
    ["a wrong check digit", "9780141439519"],
    ["a price barcode (EAN-13 that is not an ISBN)", "5012345678900"],
    ["letters", "pride and prejudice"],
    ["an empty string", ""],
  ])("refuses %s with 400 before asking anyone", async (_case, isbn) => {
    const member = await signedInMember();
    const fetch = mockFetch({});
    const { status, body } = await addByIsbn(member.cookie, { isbn });
    expect(status).toBe(400);
    expect(body.error).toBe("isbn: Give a valid ISBN-10 or ISBN-13");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers 409 with the member's own copy when they already have that edition", async () => {
    const member = await signedInMember();
    const mine = await createBook(member.user.id, { title: "Pride and Prejudice", author: "Jane Austen", isbn13: SCANNED_ISBN });
    // Someone else owning it does not count.
    const other = await signedInMember();
    await createBook(other.user.id, { title: "Pride and Prejudice", isbn13: SCANNED_ISBN });
    const fetch = mockFetch({});

    const response = await call("/api/books", { method: "POST", cookie: member.cookie, json: { isbn: "978-0-14-143951-8" }, headers: ORIGIN });

    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ success: false, error: "You already have this book.", data: { bookId: mine.id } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is for members: a visitor gets 401", async () => {
    const fetch = mockFetch({});
    const { status, body } = await addByIsbn(undefined, { isbn: SCANNED_ISBN });
    expect(status).toBe(401);
    expect(body.success).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("POST /api/books by hand with an ISBN", () => {
  it("keeps the ISBN typed (or prefilled by the scanner) in both forms, and refuses a wrong one", async () => {
    const member = await signedInMember();
    const { status, body } = await addByIsbn(member.cookie, { title: "Pride and Prejudice", author: "Jane Austen", isbn: ` ${SCANNED_ISBN} ` });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ isbn13: SCANNED_ISBN, isbn10: SCANNED_ISBN10, analysisState: "none" });

    const wrong = await addByIsbn(member.cookie, { title: "Emma", author: "Jane Austen", isbn: "9780141439519" });
    expect(wrong).toMatchObject({ status: 400, body: { error: "isbn: Give a valid ISBN-10 or ISBN-13" } });
    const blank = await addByIsbn(member.cookie, { title: "Emma", author: "Jane Austen", isbn: "" });
    expect(blank.status).toBe(201);
    expect(blank.body.data!.isbn13).toBeNull();
  });
});

describe("metadata mirrors (GOOGLE_BOOKS_URL)", () => {
  it("asks the configured endpoint and keeps its own http thumbnail links", async () => {
    const mirror = "http://127.0.0.1:24195";
    const answer = structuredClone(googleBooksScannedIsbn);
    answer.items[0]!.volumeInfo.imageLinks.thumbnail = GOOGLE_THUMBNAIL.replace("http://books.google.com", mirror);
    const fetch = mockFetch({ "127.0.0.1:24195": () => jsonResponse(answer) });

    const [record] = await searchBookMetadata({ isbn: SCANNED_ISBN }, { endpoints: { googleBooks: `${mirror}/books/v1/volumes` } });

    expect(fetchedUrls(fetch)[0]!.pathname).toBe("/books/v1/volumes");
    expect(record!.volumeInfo.imageLinks).toEqual({
      thumbnail: `${mirror}/books/content?id=rqJDAQAAMAAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api`,
      // Links elsewhere are still upgraded.
      smallThumbnail: "https://books.google.com/books/content?id=rqJDAQAAMAAJ&printsec=frontcover&img=1&zoom=5&source=gbs_api",
    });
  });
});
