import { books } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

const OVERSIZED = "x".repeat(70 * 1024);
// Add a book and Edit Book carry a cover picture: their bound is the cover's 10 MB plus the fields.
const OVERSIZED_BOOK_FORM = "x".repeat(10 * 1024 * 1024 + 70 * 1024);

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return call(path, { method: "POST", headers: { ...SAME_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) }, body: new URLSearchParams(fields) });
}

describe("page actions read bounded form bodies", () => {
  it.each(["/books/new", "/swap-toys", "/login", "/auth/callback"])("%s refuses an oversized form with 413", async (path) => {
    const member = await signedInMember();
    const response = await postForm(
      path,
      { email: "a@example.com", title: "T", author: "A", padding: path === "/books/new" ? OVERSIZED_BOOK_FORM : OVERSIZED },
      path === "/books/new" ? member.cookie : undefined,
    );
    expect(response.status).toBe(413);
  });

  it("/books/{id}/edit refuses an oversized form with 413 and changes nothing", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Kept" });
    const response = await postForm(
      `/books/${book.id}/edit`,
      { title: "Changed", author: "A", status: "available", padding: OVERSIZED_BOOK_FORM },
      owner.cookie,
    );
    expect(response.status).toBe(413);
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row?.title).toBe("Kept");
  });

  it("/auth/google does not read an oversized form: it starts over at /login", async () => {
    const response = await postForm("/auth/google", { redirectTo: "/my-books", padding: OVERSIZED });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("a form of ordinary size still works", async () => {
    const member = await signedInMember();
    const response = await postForm("/books/new", { title: "Middlemarch", author: "George Eliot", description: "" }, member.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/books\//);
  });
});

describe("editing and deleting someone else's book", () => {
  it("shows a proper heading and 'Only the owner can edit this book.' with 403", async () => {
    const owner = await signedInMember();
    const stranger = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Not Yours" });
    const response = await call(`/books/${book.id}/edit`, { cookie: stranger.cookie });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>You can(&#x27;|')t edit this book<\/h1>/);
    expect(html).toContain("Only the owner can edit this book.");
    // Before: the root boundary's heading read "403 Internal Server Error".
    expect(html).not.toMatch(/<h1[^>]*>403/);
  });

  it("the delete action refuses a stranger with 403 and keeps the book", async () => {
    const owner = await signedInMember();
    const stranger = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Still Here" });
    const response = await postForm(`/books/${book.id}/delete`, {}, stranger.cookie);
    expect(response.status).toBe(403);
    expect(await db.select().from(books).where(eq(books.id, book.id))).toHaveLength(1);
  });

  it("the owner's delete goes to the library with a flash; from My Books it answers in place", async () => {
    const owner = await signedInMember();
    const first = await createBook(owner.user.id, { title: "First" });
    const second = await createBook(owner.user.id, { title: "Second" });
    const fromPage = await postForm(`/books/${first.id}/delete`, {}, owner.cookie);
    expect(fromPage.status).toBe(302);
    expect(fromPage.headers.get("Location")).toBe("/library");
    expect(fromPage.headers.get("Set-Cookie")).toContain("bookclub_flash=");
    const fromList = await postForm(`/books/${second.id}/delete.data`, { from: "my-books" }, owner.cookie);
    expect(fromList.status).toBe(200);
    expect(await db.select().from(books).where(eq(books.userId, owner.user.id))).toHaveLength(0);
  });

  it("a visitor's delete goes to /login and deletes nothing", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Safe" });
    const response = await postForm(`/books/${book.id}/delete`, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await db.select().from(books).where(eq(books.id, book.id))).toHaveLength(1);
  });
});
