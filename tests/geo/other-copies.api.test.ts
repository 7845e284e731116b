import { books } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBook, createMember, db, placeAt, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";

type Copy = { bookId: string; userName: string; status: string; distanceKm?: number };
type Copies = { items: Copy[]; total: number };

async function copies(bookId: string, member: Awaited<ReturnType<typeof signedInMember>> | null, query = "") {
  const answer = await api<Copies>(`/books/${bookId}/copies${query}`, member);
  return { ...answer, data: answer.body.data as Copies };
}

describe("Other copies near you", () => {
  it("lists the copies with the same ISBN-13 or the same title and author, nearest first, with their status and no cell", async () => {
    const reader = await signedInMember({ name: "Rae Reader" });
    const [near, mid, far, unplaced, other] = await Promise.all(
      ["Nia Near", "Mo Middle", "Fay Far", "Una Unplaced", "Oz Other"].map((name) => createMember({ name })),
    );
    await placeAt(reader.user.id, { cellLat: -3000, cellLon: 5000 });
    await placeAt(near!.id, { cellLat: -3000, cellLon: 5003 });
    await placeAt(mid!.id, { cellLat: -3020, cellLon: 5000 });
    await placeAt(far!.id, { cellLat: -2500, cellLon: 5000 });
    // A title no other test file lists (they share the database).
    const mine = await createBook(reader.user.id, { title: "Pride and Quokkas", author: "Jane Austral", isbn13: "9781234567897" });
    // The same ISBN with another spelling; the same title and author without an ISBN; and not this book.
    await createBook(far!.id, { title: "PRIDE & QUOKKAS (Penguin Classics)", author: "Austral, Jane", isbn13: "9781234567897" });
    await createBook(near!.id, { title: "Pride and Quokkas!", author: "JANE  AUSTRAL", status: "borrowed" });
    await createBook(mid!.id, { title: "pride and quokkas", author: "jane austral" });
    await createBook(unplaced!.id, { title: "Pride and Quokkas", author: "Jane Austral" });
    await createBook(other!.id, { title: "Pride and Quokkas and Zombies", author: "Seth Grahame-Smith" });
    const hidden = await createBook(other!.id, { title: "Pride and Quokkas", author: "Jane Austral" });
    await db.update(books).set({ hidden: "moderation" }).where(eq(books.id, hidden.id));

    const seen = await copies(mine.id, reader);
    expect(seen.status).toBe(200);
    expect(seen.data.items.map((copy) => [copy.userName, copy.distanceKm ?? null, copy.status])).toEqual([
      ["Nia Near", 3, "borrowed"],
      ["Mo Middle", 20, "available"],
      ["Fay Far", 550, "available"],
      ["Una Unplaced", null, "available"],
    ]);
    expect(seen.data.total).toBe(4);
    expect(JSON.stringify(seen.body)).not.toMatch(/cell|-3000|5003/i);

    // A visitor sees the same copies newest first, without distances, or from a one-off position.
    const visitor = await copies(mine.id, null);
    expect(visitor.data.items.map((copy) => copy.userName)).toEqual(["Una Unplaced", "Mo Middle", "Nia Near", "Fay Far"]);
    expect(visitor.data.items.every((copy) => copy.distanceKm === undefined)).toBe(true);
    const here = await copies(mine.id, null, "?lat=-25&lon=50");
    expect(here.data.items[0]).toMatchObject({ userName: "Fay Far", distanceKm: 0 });

    // The copies list the reader's own copy among theirs, not the book itself.
    const fromNear = await copies(seen.data.items[0]!.bookId, null);
    expect(fromNear.data.items.map((copy) => copy.userName)).toContain("Rae Reader");
    expect(fromNear.data.items.map((copy) => copy.bookId)).not.toContain(seen.data.items[0]!.bookId);
  });

  it("answers 404 for no book or a hidden one, and 400 for half a position", async () => {
    const owner = await signedInMember({ name: "Hal Hidden" });
    const book = await createBook(owner.user.id, { title: "Hidden Book" });
    await db.update(books).set({ hidden: "moderation" }).where(eq(books.id, book.id));
    expect((await api(`/books/${book.id}/copies`, null)).body).toEqual({ success: false, error: "Book not found" });
    expect((await api("/books/no-such-book/copies", null)).status).toBe(404);
    expect((await api(`/books/${book.id}/copies`, owner)).status).toBe(200);
    const half = await api(`/books/${book.id}/copies?lat=1`, owner, { invalid: true });
    expect(half).toEqual({ status: 400, body: { success: false, error: "lat: lat and lon go together: send both to sort by distance." } });
  });
});

describe("A book page's other copies", () => {
  it("lists them nearest first with their distance, status and one borrow action", async () => {
    const reader = await signedInMember({ name: "Pam Page" });
    const neighbour = await createMember({ name: "Ned Neighbour" });
    await placeAt(reader.user.id, { cellLat: 6000, cellLon: -5000 });
    await placeAt(neighbour.id, { cellLat: 6000, cellLon: -4996 });
    const theirs = await createBook(neighbour.id, { title: "Middlemarch of Quokkas", author: "George Eliot" });
    const other = await createMember({ name: "Olga Other" });
    const first = await createBook(other.id, { title: "Middlemarch of Quokkas", author: "George Eliot" });
    const response = await call(`/books/${first.id}`, { headers: { Cookie: reader.cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Other copies near you");
    expect(html).toContain("Ned Neighbour&#x27;s copy");
    expect(html).toContain("about 2 km");
    expect(html).toContain(`action="/books/${theirs.id}/borrow"`);
  });
});
