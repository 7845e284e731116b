import { env } from "cloudflare:workers";
import { books } from "@worker/db/schema";
import type { Book } from "@worker/features/books/book-columns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { JPEG_1PX, PNG_1PX } from "../helpers/images";

// A book added by hand can get a cover and an ISBN afterwards, through the API
// (PUT /api/books/{id} with a signed upload's key) and through the pages (Add a book, Edit Book).

const send = (method: string, path: string, cookie: string | undefined, body?: unknown) =>
  api<Book>(path, { cookie }, { method, json: body, headers: { Origin: "http://localhost" } });

/** A cover uploaded the API's way: a signed link from POST /api/upload-url, then the PUT to it. */
async function uploadCover(cookie: string, bytes: Uint8Array<ArrayBuffer> = PNG_1PX): Promise<string> {
  const link = await api<{ uploadUrl: string; fileKey: string }>("/upload-url", { cookie }, { method: "POST", json: { fileType: "image/png" } });
  expect(link.status).toBe(200);
  const put = await call(new URL(link.body.data!.uploadUrl).pathname + new URL(link.body.data!.uploadUrl).search, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: bytes,
  });
  expect(put.status).toBe(201);
  return link.body.data!.fileKey;
}

const stored = async (key: string) => Boolean(await env.MEDIA.head(key));

describe("PUT /api/books/{id}: a cover for a book added by hand", () => {
  it("sets a cover, and replacing it deletes the old one from R2", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "By Hand", coverKey: null });
    const first = await uploadCover(owner.cookie);
    const set = await send("PUT", `/books/${book.id}`, owner.cookie, { s3Key: first });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ coverKey: first, coverImage: `/media/${first}`, title: "By Hand" });

    const second = await uploadCover(owner.cookie);
    const replaced = await send("PUT", `/books/${book.id}`, owner.cookie, { s3Key: second });
    expect(replaced.body.data).toMatchObject({ coverImage: `/media/${second}` });
    expect(await stored(first)).toBe(false);
    expect(await stored(second)).toBe(true);
  });

  it("is the owner's alone: a stranger gets 403, a visitor 401, and the cover stays", async () => {
    const owner = await signedInMember();
    const stranger = await signedInMember();
    const book = await createBook(owner.user.id, { coverKey: null });
    const theirs = await uploadCover(stranger.cookie);
    expect((await send("PUT", `/books/${book.id}`, stranger.cookie, { s3Key: theirs })).status).toBe(403);
    expect((await send("PUT", `/books/${book.id}`, undefined, { s3Key: theirs })).status).toBe(401);
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row!.coverKey).toBeNull();
  });

  it("refuses another member's upload, a key never uploaded, and another book's cover", async () => {
    const owner = await signedInMember();
    const other = await signedInMember();
    const book = await createBook(owner.user.id, { coverKey: null });
    const theirs = await uploadCover(other.cookie);
    const notMine = await send("PUT", `/books/${book.id}`, owner.cookie, { s3Key: theirs });
    expect(notMine).toMatchObject({ status: 403, body: { error: "You can only use images you uploaded yourself." } });
    const missing = await send("PUT", `/books/${book.id}`, owner.cookie, { s3Key: `covers/${owner.user.id}/${crypto.randomUUID()}.png` });
    expect(missing).toMatchObject({ status: 400, body: { error: "Upload the image before making it the cover." } });
    const key = `covers/${owner.user.id}/${crypto.randomUUID()}.jpg`;
    await env.MEDIA.put(key, JPEG_1PX);
    await createBook(owner.user.id, { coverKey: key });
    const taken = await send("PUT", `/books/${book.id}`, owner.cookie, { s3Key: key });
    expect(taken).toMatchObject({ status: 409, body: { error: "This image is already the cover of another book. Please upload it again for this book." } });
  });
});

describe("PUT /api/books/{id}: the ISBN", () => {
  it("takes an ISBN-10 or -13 validated as on Add a book, and an empty one removes it", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id);
    const ten = await send("PUT", `/books/${book.id}`, owner.cookie, { isbn: "0-14-143951-3" });
    expect(ten.status).toBe(200);
    expect(ten.body.data).toMatchObject({ isbn10: "0141439513", isbn13: "9780141439518" });
    const bad = await send("PUT", `/books/${book.id}`, owner.cookie, { isbn: "9780141439519" });
    expect(bad).toMatchObject({ status: 400, body: { error: "isbn: Give a valid ISBN-10 or ISBN-13" } });
    const cleared = await send("PUT", `/books/${book.id}`, owner.cookie, { isbn: "" });
    expect(cleared.body.data).toMatchObject({ isbn10: null, isbn13: null });
  });
});

describe("the pages: Add a book and Edit Book take a cover picture and an ISBN", () => {
  async function post(path: string, cookie: string, fields: Record<string, string>, cover?: File) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (cover) form.set("cover", cover);
    return call(path, { method: "POST", headers: { Cookie: cookie, ...SAME_ORIGIN }, body: form });
  }
  const editFields = { title: "Hand Made", author: "A. Writer", status: "available", description: "" };

  it("Edit Book saves a new cover and the ISBN, and the book page shows the cover", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Hand Made", coverKey: null });
    const page = (await (await call(`/books/${book.id}/edit`, { cookie: owner.cookie })).text()).replaceAll("<!-- -->", "");
    expect(page).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(page).toMatch(/<label[^>]*>Cover picture<\/label>/);
    expect(page).toMatch(/<label[^>]*>ISBN<\/label>/);

    const saved = await post(
      `/books/${book.id}/edit`,
      owner.cookie,
      { ...editFields, isbn: "9780141439518" },
      new File([PNG_1PX], "cover.png", { type: "image/png" }),
    );
    expect(saved.status).toBe(302);
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row).toMatchObject({ isbn13: "9780141439518" });
    expect(row!.coverKey).toMatch(new RegExp(`^covers/${owner.user.id}/[0-9a-f-]{36}\\.png$`));
    const bookPage = await (await call(`/books/${book.id}`, { cookie: owner.cookie })).text();
    expect(bookPage).toContain(`src="/media/${row!.coverKey}"`);

    // A second cover replaces the first, which leaves R2.
    await post(`/books/${book.id}/edit`, owner.cookie, editFields, new File([JPEG_1PX], "again.jpg", { type: "image/jpeg" }));
    const [after] = await db.select().from(books).where(eq(books.id, book.id));
    expect(after!.coverKey).toMatch(/\.jpg$/);
    expect(await stored(row!.coverKey!)).toBe(false);
  });

  it("Edit Book refuses a file that is not an image (400), one over 10MB (413) and a bad ISBN, changing nothing", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Hand Made", coverKey: null });
    const notImage = await post(`/books/${book.id}/edit`, owner.cookie, editFields, new File(["just text"], "cover.png", { type: "image/png" }));
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toContain("The file is not a valid JPEG, PNG or GIF image.");
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG_1PX);
    const tooBig = await post(`/books/${book.id}/edit`, owner.cookie, editFields, new File([big], "huge.png", { type: "image/png" }));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toContain("Images must be 10MB or smaller.");
    const badIsbn = await post(`/books/${book.id}/edit`, owner.cookie, { ...editFields, isbn: "12345" });
    expect(badIsbn.status).toBe(400);
    expect(await badIsbn.text()).toContain("Give a valid ISBN-10 or ISBN-13");
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row).toMatchObject({ coverKey: null, isbn13: null });
    const listing = await env.MEDIA.list({ prefix: `covers/${owner.user.id}/` });
    expect(listing.objects).toEqual([]);
  });

  it("Add a book takes a cover picture with the title and author", async () => {
    const owner = await signedInMember();
    const added = await post(
      "/books/new",
      owner.cookie,
      { title: "New With Cover", author: "Someone", isbn: "", description: "" },
      new File([PNG_1PX], "c.png", { type: "image/png" }),
    );
    expect(added.status).toBe(302);
    const bookId = added.headers.get("Location")!.slice("/books/".length);
    const [row] = await db.select().from(books).where(eq(books.id, bookId));
    expect(row).toMatchObject({ title: "New With Cover", author: "Someone" });
    expect(row!.coverKey).toMatch(/\.png$/);
  });
});
