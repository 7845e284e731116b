import { env } from "cloudflare:workers";
import { books } from "@worker/db/schema";
import type { Book } from "@worker/features/books/book-columns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call, type Envelope, json } from "../helpers/http";
import { JPEG_1PX } from "../helpers/images";

const ORIGIN = { Origin: "http://localhost" };

const send = (method: string, path: string, cookie: string | undefined, body?: unknown, invalid = false) =>
  api<Book>(path, { cookie }, { method, json: body, headers: ORIGIN, invalid });

describe("POST /api/books", () => {
  it("adds a book typed in by hand", async () => {
    const member = await signedInMember({ name: "Tess" });
    const { status, body } = await send("POST", "/books", member.cookie, {
      title: "  Persuasion ",
      author: "Jane Austen",
      description: "Second chances.",
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ title: "Persuasion", author: "Jane Austen", status: "available", userName: "Tess", analysisState: "none" });
  });

  it("names the missing field for a manual book", async () => {
    const member = await signedInMember();
    const { status, body } = await send("POST", "/books", member.cookie, { title: "", author: "Someone" }, true);
    expect(status).toBe(400);
    expect(body.error).toBe("title: Title is required");
  });

  it("adds a book from the member's own uploaded cover and queues it for analysis", async () => {
    const member = await signedInMember();
    const key = `covers/${member.user.id}/${crypto.randomUUID()}.jpg`;
    await env.MEDIA.put(key, JPEG_1PX, { httpMetadata: { contentType: "image/jpeg" } });
    const { status, body } = await send("POST", "/books", member.cookie, { s3Key: key, s3Bucket: "MEDIA", extractFromImage: true, status: "available" });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ status: "available", coverKey: key, coverImage: `/media/${key}` });
    expect(["pending", "done", "needs_details"]).toContain(body.data!.analysisState);
  });

  it("refuses someone else's key, a missing upload and visitors", async () => {
    const member = await signedInMember();
    const other = await signedInMember();
    const theirKey = `covers/${other.user.id}/${crypto.randomUUID()}.jpg`;
    await env.MEDIA.put(theirKey, JPEG_1PX);
    expect((await send("POST", "/books", member.cookie, { s3Key: theirKey })).status).toBe(403);
    const missing = await send("POST", "/books", member.cookie, { s3Key: `covers/${member.user.id}/${crypto.randomUUID()}.jpg` });
    expect(missing).toMatchObject({ status: 400, body: { error: "Upload the image before adding the book." } });
    expect((await send("POST", "/books", undefined, { title: "T", author: "A" })).status).toBe(401);
  });
});

describe("PUT /api/books/{id}", () => {
  it("lets the owner edit, and lends only to a real member whose name the server fills in", async () => {
    const owner = await signedInMember();
    const borrower = await signedInMember({ name: "Bea Borrower" });
    const book = await createBook(owner.user.id, { title: "Old title" });

    const renamed = await send("PUT", `/books/${book.id}`, owner.cookie, { title: "New title", description: "Fresh" });
    expect(renamed.body.data).toMatchObject({ title: "New title", description: "Fresh" });

    const noBorrower = await send("PUT", `/books/${book.id}`, owner.cookie, { status: "borrowed" });
    expect(noBorrower).toMatchObject({ status: 400, body: { error: "Please select who you lent the book to." } });

    const unknown = await send("PUT", `/books/${book.id}`, owner.cookie, { status: "borrowed", lentToUserId: "nobody" });
    expect(unknown.status).toBe(400);

    const lent = await send("PUT", `/books/${book.id}`, owner.cookie, {
      status: "borrowed",
      lentToUserId: borrower.user.id,
      lentToUserName: "Spoofed Name",
    });
    expect(lent.body.data).toMatchObject({ status: "borrowed", lentToUserId: borrower.user.id, lentToUserName: "Bea Borrower" });

    const back = await send("PUT", `/books/${book.id}`, owner.cookie, { status: "available" });
    expect(back.body.data).toMatchObject({ status: "available", lentToUserId: null, lentToUserName: null });
  });

  it("stops asking for details once the owner has given the title and author", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, {
      title: "",
      author: "",
      analysisState: "needs_details",
      analysisMessage: "We couldn't read this cover. Please add the title and author.",
    });

    const titleOnly = await send("PUT", `/books/${book.id}`, owner.cookie, { title: "The Hobbit" });
    expect(titleOnly.body.data).toMatchObject({ analysisState: "needs_details" });

    const both = await send("PUT", `/books/${book.id}`, owner.cookie, { author: "J. R. R. Tolkien" });
    expect(both.body.data).toMatchObject({ title: "The Hobbit", author: "J. R. R. Tolkien", analysisState: "done" });
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row).toMatchObject({ analysisState: "done", analysisMessage: null });
  });

  it("refuses strangers (403) and visitors (401) and changes nothing", async () => {
    const owner = await signedInMember();
    const stranger = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Mine" });
    expect((await send("PUT", `/books/${book.id}`, stranger.cookie, { title: "Theirs" })).status).toBe(403);
    expect((await send("PUT", `/books/${book.id}`, undefined, { title: "Theirs" })).status).toBe(401);
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row!.title).toBe("Mine");
    expect((await send("PUT", "/books/does-not-exist", owner.cookie, { title: "x" })).status).toBe(404);
  });

  it("validates fields and refuses unknown ones", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id);
    expect((await send("PUT", `/books/${book.id}`, owner.cookie, { author: "  " }, true)).body.error).toBe("author: Author is required");
    expect((await send("PUT", `/books/${book.id}`, owner.cookie, { status: "lost" }, true)).status).toBe(400);
    expect((await send("PUT", `/books/${book.id}`, owner.cookie, { userId: "someone-else" }, true)).status).toBe(400);
  });
});

describe("DELETE /api/books/{id}", () => {
  it("removes the row, its search entry, its counter and its cover, for the owner only", async () => {
    const owner = await signedInMember();
    const stranger = await signedInMember();
    const key = `covers/${owner.user.id}/${crypto.randomUUID()}.jpg`;
    await env.MEDIA.put(key, JPEG_1PX);
    // A word of its own: other files' books share the library it searches.
    const word = `quokka${crypto
      .randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 8)}`;
    const book = await createBook(owner.user.id, { title: `Zanzibar ${word}`, coverKey: key });

    expect((await send("DELETE", `/books/${book.id}`, stranger.cookie)).status).toBe(403);
    expect(await env.MEDIA.head(key)).not.toBeNull();

    const deleted = await send("DELETE", `/books/${book.id}`, owner.cookie);
    expect(deleted.status).toBe(200);
    expect(await db.select().from(books).where(eq(books.id, book.id))).toEqual([]);
    expect(await env.MEDIA.head(key)).toBeNull();
    const search = await json<Envelope<{ items: unknown[] }>>(await call(`/api/books?search=${word}`));
    expect(search.data!.items).toEqual([]);
    const own = await json<Envelope<{ total: number }>>(await call(`/api/books?userId=${owner.user.id}`));
    expect(own.data!.total).toBe(0);
  });
});

describe("one cover per book", () => {
  async function uploadedKey(userId: string) {
    const key = `covers/${userId}/${crypto.randomUUID()}.jpg`;
    await env.MEDIA.put(key, JPEG_1PX, { httpMetadata: { contentType: "image/jpeg" } });
    return key;
  }

  it("refuses (409) a second book with a cover key another book already has, and adds nothing", async () => {
    const member = await signedInMember();
    const key = await uploadedKey(member.user.id);
    const first = await send("POST", "/books", member.cookie, { s3Key: key, extractFromImage: false });
    expect(first.status).toBe(201);
    const second = await send("POST", "/books", member.cookie, { s3Key: key, extractFromImage: false });
    expect(second).toMatchObject({
      status: 409,
      body: { success: false, error: "This image is already the cover of another book. Please upload it again for this book." },
    });
    expect(await db.select({ id: books.id }).from(books).where(eq(books.coverKey, key))).toHaveLength(1);
  });

  it("refuses (400) a key that was never uploaded", async () => {
    const member = await signedInMember();
    const never = await send("POST", "/books", member.cookie, { s3Key: `covers/${member.user.id}/${crypto.randomUUID()}.jpg` });
    expect(never).toMatchObject({ status: 400, body: { success: false, error: "Upload the image before adding the book." } });
  });

  it("lets an existing book take a new cover of its own only: never another book's, never by `coverKey`", async () => {
    const member = await signedInMember();
    const key = await uploadedKey(member.user.id);
    const other = await createBook(member.user.id, { coverKey: key });
    const book = await createBook(member.user.id, { coverKey: await uploadedKey(member.user.id) });
    expect((await send("PUT", `/books/${book.id}`, member.cookie, { coverKey: key }, true)).status).toBe(400);
    expect((await send("PUT", `/books/${book.id}`, member.cookie, { s3Key: key })).status).toBe(409);
    const [row] = await db.select({ coverKey: books.coverKey }).from(books).where(eq(books.id, book.id));
    expect(row!.coverKey).not.toBe(key);
    expect(other.coverKey).toBe(key);
  });

  it("never deletes a cover another book still shows (rows from before the rule)", async () => {
    const member = await signedInMember();
    const key = await uploadedKey(member.user.id);
    const kept = await createBook(member.user.id, { coverKey: key });
    const removed = await createBook(member.user.id, { coverKey: key });

    expect((await send("DELETE", `/books/${removed.id}`, member.cookie)).status).toBe(200);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    expect((await call(`/media/${key}`)).status).toBe(200);

    expect((await send("DELETE", `/books/${kept.id}`, member.cookie)).status).toBe(200);
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("looks the key up through books_cover_key_idx", async () => {
    const plan = await env.DB.prepare("EXPLAIN QUERY PLAN SELECT id FROM books WHERE cover_key = ? LIMIT 1").bind("k").all<{ detail: string }>();
    expect(plan.results.map((step) => step.detail).join("; ")).toContain("books_cover_key_idx");
  });
});
