import { books, clubs } from "@worker/db/schema";
import { applyAnalysis } from "@worker/features/covers/analysis-writes";
import { toCsv } from "@worker/features/imports/csv-cells";
import { GOODREADS_HEADER } from "@worker/features/imports/import-csv";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClub } from "../clubs/support";
import { jsonResponse, mockFetch } from "../covers/helpers";
import { createBook, createMember, db, signedInMember } from "../helpers/fixtures";
import { api, call, type Envelope, json } from "../helpers/http";
import { captureImportQueue, runImportBatches, startImport } from "../imports/support";
import { googleBooksNoItems, googleBooksScannedIsbn, openLibraryNoDocs, SCANNED_ISBN } from "./fixtures/google-books-isbn";

const ORIGIN = { Origin: "http://localhost" };

afterEach(() => {
  vi.restoreAllMocks();
});

/** The titles of `ownerId`'s books a search finds (the test files share one database). */
async function found(ownerId: string, search: string): Promise<string[]> {
  const response = await call(`/api/books?userId=${ownerId}&limit=100&search=${encodeURIComponent(search)}`);
  const body = await json<Envelope<{ items: { title: string }[] }>>(response);
  return body.data!.items.map((book) => book.title);
}

/**
 * Issue 37, item 2: the index holds the text the app prepares, so every path that writes a title must
 * write its search text. Each path below writes a Japanese title, which a search finds by a word inside it.
 */
describe("Every write path gives the index its search text", () => {
  it("creating a book with a title, and editing it", async () => {
    const member = await signedInMember();
    const created = await api<{ bookId: string }>("/books", member, { method: "POST", json: { title: "ノルウェイの森", author: "村上春樹" }, headers: ORIGIN });
    expect(created.status).toBe(201);
    expect(await found(member.user.id, "森")).toEqual(["ノルウェイの森"]);
    expect(await found(member.user.id, "春樹")).toEqual(["ノルウェイの森"]);

    const edited = await api(`/books/${created.body.data!.bookId}`, member, { method: "PUT", json: { title: "海辺のカフカ" }, headers: ORIGIN });
    expect(edited.status).toBe(200);
    expect(await found(member.user.id, "カフカ")).toEqual(["海辺のカフカ"]);
    expect(await found(member.user.id, "森")).toEqual([]);
  });

  it("adding a book by ISBN (the server's lookup)", async () => {
    const member = await signedInMember();
    const answer = structuredClone(googleBooksScannedIsbn);
    answer.items[0]!.volumeInfo.title = "銀河鉄道の夜";
    mockFetch({ "www.googleapis.com": () => jsonResponse(answer), "books.google.com": () => new Response("no", { status: 404 }) });
    const added = await api("/books", member, { method: "POST", json: { isbn: SCANNED_ISBN }, headers: ORIGIN });
    expect(added.status).toBe(201);
    expect(await found(member.user.id, "鉄道")).toEqual(["銀河鉄道の夜"]);
  });

  it("importing a CSV (the import queue's consumer)", async () => {
    const member = await signedInMember();
    const sent = captureImportQueue();
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksNoItems), "openlibrary.org": () => jsonResponse(openLibraryNoDocs) });
    const cells: Record<string, string> = { "Book Id": "1", Title: "吾輩は猫である", Author: "夏目漱石", "Exclusive Shelf": "read" };
    const csv = toCsv(GOODREADS_HEADER, [GOODREADS_HEADER.map((name) => cells[name as string] ?? "")]);
    const { response } = await startImport(csv, member.cookie, ["read"]);
    expect(response.status).toBe(202);
    await runImportBatches(sent);
    expect(await found(member.user.id, "猫")).toEqual(["吾輩は猫である"]);
  });

  it("reading a cover (the cover-analysis queue's write)", async () => {
    const owner = await createMember();
    const key = `covers/${owner.id}/${crypto.randomUUID()}.jpg`;
    const book = await createBook(owner.id, { title: "", author: "", coverKey: key, analysisState: "pending" });
    const reading = {
      analysis: {} as never,
      title: "平凡的世界",
      author: "路遥",
      isbn10: null,
      isbn13: null,
      ageGroupFine: null,
      language: "zh",
      coverAlt: null,
      state: "done" as const,
      message: null,
    };
    expect(await applyAnalysis(db, { bookId: book.id, key, attempts: 1, now: Date.now() }, reading, null, null)).toMatchObject({ applied: true, titled: true });
    expect(await found(owner.id, "世界")).toEqual(["平凡的世界"]);
  });

  it("the test factory", async () => {
    const owner = await createMember();
    await createBook(owner.id, { title: "Harry Potterと賢者の石" });
    expect(await found(owner.id, "賢者")).toEqual(["Harry Potterと賢者の石"]);
    const [row] = await db.select({ searchTitle: books.searchTitle }).from(books).where(eq(books.userId, owner.id));
    expect(row!.searchTitle).toContain("賢者");
  });

  it("creating and editing a club", async () => {
    const member = await signedInMember();
    const created = await api<{ clubId: string }>("/clubs", member, {
      method: "POST",
      json: { name: `東京読書会 ${crypto.randomUUID().slice(0, 6)}`, description: "", location: "東京都", isPrivate: false },
      headers: ORIGIN,
    });
    expect(created.status).toBe(201);
    const clubId = created.body.data!.clubId;
    const browse = async (search: string) => {
      const answer = await api<{ items: { clubId: string }[] }>(`/clubs/browse?search=${encodeURIComponent(search)}&limit=50`, member);
      return answer.body.data!.items.map((club) => club.clubId);
    };
    expect(await browse("読書")).toContain(clubId);
    const edited = await api(`/clubs/${clubId}`, member, { method: "PATCH", json: { name: "大阪文学の会" }, headers: ORIGIN });
    expect(edited.status).toBe(200);
    expect(await browse("文学")).toContain(clubId);
    expect(await browse("読書")).not.toContain(clubId);

    const other = await createClub(member.user.id, { name: "كِتَاب الأُسْبُوع" });
    expect(await browse("كتاب الاسبوع")).toContain(other.id);
    const [row] = await db.select({ searchName: clubs.searchName }).from(clubs).where(eq(clubs.id, other.id));
    expect(row!.searchName).toBe("كتاب الاسبوع");
  });
});
