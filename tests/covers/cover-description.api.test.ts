import { env } from "cloudflare:workers";
import { COVER_ALT_MAX } from "@worker/core/shared/cover-analysis";
import { COVER_ANALYSIS_JSON_SCHEMA, COVER_ANALYSIS_SYSTEM_PROMPT } from "@worker/features/covers/analysis-schema";
import { workersAiAnalyzer } from "@worker/features/covers/providers/workers-ai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBook, signedInMember, signIn } from "../helpers/fixtures";
import { page, postForm } from "../helpers/pages";
import { googleBooksMiddlemarch, googleBooksNoMatch, openLibraryNoMatch, workersAiPrideAndPrejudice } from "./fixtures/recorded";
import { workersAiDescriptionNotText, workersAiDescriptionRambling, workersAiMiddlemarchDescribed } from "./fixtures/recorded-descriptions";
import { fixtures, jsonResponse, message, mockFetch, pendingBook, readBook, runBatch } from "./helpers";

// The cover analysis also says what a cover shows; it becomes the image's alt text wherever the cover
// appears ("Cover of Middlemarch by George Eliot: a woman in a green dress reading by a window"), the
// owner may change it, and without one the alt text is "Cover of {title} by {author}".

const MODEL = "@cf/meta/llama-4-scout-17b-16e-instruct";
const workersAi = () => ({ analyzer: workersAiAnalyzer(env.AI, MODEL) });
const aiAnswers = (answer: unknown) => vi.spyOn(env.AI, "run").mockResolvedValue(answer as never);
const noMetadata = () => mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksNoMatch), "openlibrary.org": () => jsonResponse(openLibraryNoMatch) });

/** The alt text of the page's <img> covers. */
const coverAlts = (html: string) =>
  [...html.matchAll(/<img [^>]*alt="([^"]*)"[^>]*src="\/media\/covers\/|<img [^>]*src="\/media\/covers\/[^"]*"[^>]*alt="([^"]*)"/g)].map((m) => m[1] ?? m[2]);

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the cover's description from the analysis", () => {
  it("is asked of the model in the schema and the prompt", () => {
    expect(COVER_ANALYSIS_JSON_SCHEMA.properties).toHaveProperty("cover_description");
    expect(COVER_ANALYSIS_JSON_SCHEMA.required).toContain("cover_description");
    expect(COVER_ANALYSIS_SYSTEM_PROMPT).toContain("cover_description");
  });

  it("is stored on the book and is the cover's alt text on its page, after the title and author", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiMiddlemarchDescribed);
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksMiddlemarch), "openlibrary.org": () => jsonResponse(openLibraryNoMatch) });

    await runBatch([message({ bookId: book.id, key })], workersAi());

    const stored = await readBook(book.id);
    expect(stored).toMatchObject({ title: "Middlemarch", author: "George Eliot", coverAlt: "a woman in a green dress reading by a window" });
    expect(stored?.coverAnalysis?.cover_description).toBe("a woman in a green dress reading by a window");
    const { html } = await page(`/books/${book.id}`);
    expect(coverAlts(html)).toEqual(["Cover of Middlemarch by George Eliot: a woman in a green dress reading by a window"]);
    // The library's card says the same.
    const library = await page(`/library?search=${encodeURIComponent("Middlemarch")}&limit=50`);
    expect(coverAlts(library.html)).toContain("Cover of Middlemarch by George Eliot: a woman in a green dress reading by a window");
  });

  it("a description that is not text is dropped, and the answer still counts", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiDescriptionNotText);
    noMetadata();

    await runBatch([message({ bookId: book.id, key })], workersAi());

    expect(await readBook(book.id)).toMatchObject({ title: "Persuasion", author: "Jane Austen", coverAlt: null, analysisState: "done" });
    const { html } = await page(`/books/${book.id}`);
    expect(coverAlts(html)).toEqual(["Cover of Persuasion by Jane Austen"]);
  });

  it("a rambling one is made one line and cut at a word within the limit", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiDescriptionRambling);
    noMetadata();

    await runBatch([message({ bookId: book.id, key })], workersAi());

    const alt = (await readBook(book.id))?.coverAlt ?? "";
    expect(alt.startsWith("A watercolour of a young woman in a white bonnet standing in a garden with roses")).toBe(true);
    expect(alt.length).toBeLessThanOrEqual(COVER_ALT_MAX);
    expect(alt).not.toMatch(/\n|\s$/);
    expect(workersAiDescriptionRambling.response.cover_description.replace(/\s+/g, " ").startsWith(`${alt} `)).toBe(true);
  });

  it("an answer without one (an older model's, the local reader's) leaves the title and author alone", async () => {
    const { book, key } = await pendingBook();
    aiAnswers(workersAiPrideAndPrejudice);
    noMetadata();
    await runBatch([message({ bookId: book.id, key })], workersAi());
    expect(await readBook(book.id)).toMatchObject({ title: "Pride and Prejudice", coverAlt: null });
    expect(coverAlts((await page(`/books/${book.id}`)).html)).toEqual(["Cover of Pride and Prejudice by Jane Austen"]);

    // The local reader finds no title on a front cover: the owner's title and author name it.
    const local = await pendingBook(fixtures.frontCoverPng);
    mockFetch({});
    await runBatch([message({ bookId: local.book.id, key: local.key })]);
    expect(await readBook(local.book.id)).toMatchObject({ coverAlt: null });
    const owner = await signIn(local.owner);
    const edited = await postForm(
      `/books/${local.book.id}/edit`,
      { title: "Villette", author: "Charlotte Brontë", status: "available", description: "" },
      owner.cookie,
    );
    expect(edited.status).toBe(302);
    expect(coverAlts((await page(`/books/${local.book.id}`)).html)).toEqual(["Cover of Villette by Charlotte Brontë"]);
  });
});

describe("the owner's words for the cover", () => {
  it("are set and cleared on Edit Book, and refused past the limit", async () => {
    const owner = await signedInMember({ name: "Olive Owner" });
    const key = `covers/${owner.user.id}/${crypto.randomUUID()}.jpg`;
    await env.MEDIA.put(key, fixtures.frontCoverJpeg, { httpMetadata: { contentType: "image/jpeg" } });
    const book = await createBook(owner.user.id, { title: "Middlemarch", author: "George Eliot", coverKey: key });
    const fields = { title: "Middlemarch", author: "George Eliot", status: "available", description: "" };

    const edit = await page(`/books/${book.id}/edit`, owner.cookie);
    expect(edit.html).toMatch(/<label[^>]*>Cover description<\/label>/);

    expect((await postForm(`/books/${book.id}/edit`, { ...fields, coverAlt: "a lighthouse at dusk" }, owner.cookie)).status).toBe(302);
    expect((await readBook(book.id))?.coverAlt).toBe("a lighthouse at dusk");
    expect(coverAlts((await page(`/books/${book.id}`)).html)).toEqual(["Cover of Middlemarch by George Eliot: a lighthouse at dusk"]);

    const tooLong = await postForm(`/books/${book.id}/edit`, { ...fields, coverAlt: "x".repeat(COVER_ALT_MAX + 1) }, owner.cookie);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain(`Cover description must be at most ${COVER_ALT_MAX} characters`);
    expect((await readBook(book.id))?.coverAlt).toBe("a lighthouse at dusk");

    expect((await postForm(`/books/${book.id}/edit`, { ...fields, coverAlt: "" }, owner.cookie)).status).toBe(302);
    expect((await readBook(book.id))?.coverAlt).toBeNull();
  });

  it("are kept by a later analysis, and the fallback is in the reader's language", async () => {
    const { owner, book, key } = await pendingBook(fixtures.frontCoverJpeg, { coverAlt: "my own photo of the cover" });
    aiAnswers(workersAiMiddlemarchDescribed);
    noMetadata();
    await runBatch([message({ bookId: book.id, key })], workersAi());
    expect((await readBook(book.id))?.coverAlt).toBe("my own photo of the cover");

    const arabic = await signedInMember({ name: "Rami Reader", language: "ar" });
    const plain = await createBook(owner.id, { title: "Middlemarch", author: "George Eliot", coverKey: `covers/${owner.id}/${crypto.randomUUID()}.jpg` });
    // In Arabic the title and author keep their own direction (isolated by FSI and PDI).
    expect(coverAlts((await page(`/books/${plain.id}`, arabic.cookie)).html)).toEqual(["غلاف \u2068Middlemarch\u2069 لـ\u2068George Eliot\u2069"]);
  });
});
