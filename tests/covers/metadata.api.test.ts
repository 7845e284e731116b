import { env } from "cloudflare:workers";
import { books } from "@worker/db/schema";
import { NO_BARCODE_MESSAGE } from "@worker/features/covers/providers/local";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { googleBooksNoMatch, googleBooksPrideAndPrejudice, openLibraryMiddlemarch } from "./fixtures/recorded";
import { coverKeyFor, fetchedUrls, fixtures, jsonResponse, mockFetch, readBook } from "./helpers";

type Member = Awaited<ReturnType<typeof signedInMember>>;
let reader: Member;
let other: Member;

beforeAll(async () => {
  reader = await signedInMember({ name: "Rita Reader" });
  other = await signedInMember({ name: "Otto Other" });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function upload(owner: Member, bytes: Uint8Array, extension = "jpg") {
  const key = coverKeyFor(owner.user.id, extension);
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: extension === "png" ? "image/png" : "image/jpeg" } });
  return key;
}

describe("GET /api/books/metadata", () => {
  it("is for members only", async () => {
    const response = await call("/api/books/metadata?isbn=9780141439471");
    expect(response.status).toBe(401);
    expect(await json<Envelope>(response)).toMatchObject({ success: false });
  });

  it("needs at least one of isbn, title and author", async () => {
    const response = await call("/api/books/metadata?title=%20%20", { cookie: reader.cookie });
    expect(response.status).toBe(400);
    expect((await json<Envelope>(response)).error).toMatch(/isbn, a title or an author/);
  });

  it("searches Google Books with only the parts given, and is not taken for a book id", async () => {
    const fetch = mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksPrideAndPrejudice) });

    const response = await call("/api/books/metadata?isbn=978-0-14-143947-1", { cookie: reader.cookie });

    expect(response.status).toBe(200);
    const body = await json<Envelope<{ items: { source: string; volumeInfo: { title: string } }[] }>>(response);
    expect(body.data!.items).toHaveLength(1);
    expect(body.data!.items[0]).toMatchObject({ source: "google-books", volumeInfo: { title: "Pride and Prejudice" } });
    expect(fetchedUrls(fetch)[0]!.searchParams.get("q")).toBe("isbn:9780141439471");
  });

  it("falls back to Open Library", async () => {
    const fetch = mockFetch({
      "www.googleapis.com": () => jsonResponse(googleBooksNoMatch),
      "openlibrary.org": () => jsonResponse(openLibraryMiddlemarch),
    });
    const response = await call("/api/books/metadata?title=Middlemarch&author=George%20Eliot", { cookie: reader.cookie });
    const body = await json<Envelope<{ items: { source: string }[] }>>(response);
    expect(body.data!.items[0]!.source).toBe("open-library");
    const openLibrary = fetchedUrls(fetch)[1]!;
    expect([...openLibrary.searchParams.keys()].sort()).toEqual(["author", "fields", "limit", "title"]);
  });

  it("answers 503 when no metadata service can be reached", async () => {
    mockFetch({});
    const response = await call("/api/books/metadata?title=Middlemarch", { cookie: reader.cookie });
    expect(response.status).toBe(503);
    expect((await json<Envelope>(response)).error).toBe("Book metadata search is unavailable right now. Please try again.");
  });
});

describe("GET /api/images/metadata", () => {
  it("is for members only, and only for their own uploads", async () => {
    const key = await upload(other, fixtures.frontCoverJpeg);
    expect((await call(`/api/images/metadata?s3Bucket=MEDIA&s3Key=${key}`)).status).toBe(401);
    const response = await call(`/api/images/metadata?s3Key=${key}`, { cookie: reader.cookie });
    expect(response.status).toBe(403);
  });

  it("refuses another bucket and keys that are not cover keys", async () => {
    const key = coverKeyFor(reader.user.id);
    expect((await call(`/api/images/metadata?s3Bucket=other&s3Key=${key}`, { cookie: reader.cookie })).status).toBe(400);
    expect((await call(`/api/images/metadata?s3Key=avatars/${reader.user.id}/x.jpg`, { cookie: reader.cookie })).status).toBe(400);
  });

  it("answers 404 when no book uses the image", async () => {
    const key = await upload(reader, fixtures.frontCoverJpeg);
    const response = await call(`/api/images/metadata?s3Key=${key}`, { cookie: reader.cookie });
    expect(response.status).toBe(404);
  });

  it("reports pending, then what the queue found", async () => {
    const key = await upload(reader, fixtures.barcodeJpeg);
    const book = await createBook(reader.user.id, { title: "", author: "", coverKey: key, analysisState: "pending" });

    const pending = await json<Envelope<Record<string, unknown>>>(await call(`/api/images/metadata?s3Bucket=MEDIA&s3Key=${key}`, { cookie: reader.cookie }));
    expect(pending.data).toMatchObject({ bookId: book.id, status: "pending", analysis: null, metadata: null });

    await db
      .update(books)
      .set({
        analysisState: "done",
        isbn13: "9780141439471",
        coverAnalysis: {
          source: "local-barcode",
          title_candidates: [],
          author_candidates: [],
          isbn: "9780141439471",
          categories: [],
          audience: [],
          themes: [],
          content_warnings: [],
        },
      })
      .where(eq(books.id, book.id));
    const done = await json<Envelope<Record<string, unknown>>>(await call(`/api/images/metadata?s3Key=${key}`, { cookie: reader.cookie }));
    expect(done.data).toMatchObject({ status: "done", isbn13: "9780141439471", analysis: { source: "local-barcode" } });
  });
});

describe("POST /api/images/extract-metadata", () => {
  const extract = (member: Member | null, body: unknown) =>
    call("/api/images/extract-metadata", { method: "POST", json: body, cookie: member?.cookie, headers: { Origin: "http://localhost" } });

  it("is for members only, and only for their own uploads", async () => {
    const key = await upload(other, fixtures.barcodeJpeg);
    expect((await extract(null, { s3Key: key })).status).toBe(401);
    expect((await extract(reader, { s3Bucket: "MEDIA", s3Key: key })).status).toBe(403);
  });

  it("reads the ISBN barcode of a JPEG back cover with the local analyzer, writing nothing", async () => {
    const key = await upload(reader, fixtures.barcodeJpeg);
    const book = await createBook(reader.user.id, { title: "", author: "", coverKey: key, analysisState: "pending" });

    const response = await extract(reader, { s3Bucket: "MEDIA", s3Key: key });

    expect(response.status).toBe(200);
    const body = await json<Envelope<Record<string, unknown>>>(response);
    expect(body.data).toMatchObject({
      status: "done",
      message: null,
      isbn13: "9780141439471",
      isbn10: "0141439475",
      title: null,
      analysis: { source: "local-barcode", isbn: "9780141439471", title_candidates: [] },
    });
    expect(await readBook(book.id)).toMatchObject({ analysisState: "pending", isbn13: null });
  });

  it("says honestly that a front cover without a barcode cannot be read here", async () => {
    const key = await upload(reader, fixtures.frontCoverJpeg);
    const body = await json<Envelope<Record<string, unknown>>>(await extract(reader, { s3Key: key }));
    expect(body.data).toMatchObject({ status: "needs_details", message: NO_BARCODE_MESSAGE, title: null, author: null, isbn13: null });
  });

  it("answers 404 for a missing image and 400 for a file that is not an image", async () => {
    expect((await extract(reader, { s3Key: coverKeyFor(reader.user.id) })).status).toBe(404);
    const key = await upload(reader, new TextEncoder().encode("GIF? no, plain text"));
    const response = await extract(reader, { s3Key: key });
    expect(response.status).toBe(400);
    expect((await json<Envelope>(response)).error).toBe("The file is not a valid JPEG, PNG or GIF image.");
  });
});

describe("from upload to filled-in book, through the real queue", () => {
  it("creates the book pending, then the queue reads the barcode and Google Books names it", async () => {
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksPrideAndPrejudice) });
    const key = await upload(reader, fixtures.barcodeJpeg);

    const created = await call("/api/books", {
      method: "POST",
      json: { s3Bucket: "MEDIA", s3Key: key, extractFromImage: true },
      cookie: reader.cookie,
      headers: { Origin: "http://localhost" },
    });
    expect(created.status).toBe(201);

    // The client polls like this (up to 6 attempts: docs/product.md#cover-analysis); the local queue delivers within about a second.
    let status = "pending";
    let data: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 40 && status === "pending"; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const body = await json<Envelope<Record<string, unknown>>>(await call(`/api/images/metadata?s3Key=${key}`, { cookie: reader.cookie }));
      data = body.data!;
      status = String(data.status);
    }
    expect(data).toMatchObject({
      status: "done",
      title: "Pride and Prejudice",
      author: "Jane Austen",
      isbn13: "9780141439471",
      metadata: { source: "google-books" },
      analysis: { source: "local-barcode" },
    });
  });
});
