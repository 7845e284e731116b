import { books } from "@worker/db/schema";
import type { Book, BookCard } from "@worker/features/books/book-columns";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createBooks, createMember, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";

type ListData = { items: (Book | BookCard)[]; nextToken: string | null; prevToken: string | null; total: number; totalCapped: boolean };

async function list(query: string, init: Parameters<typeof call>[1] = {}) {
  const response = await call(`/api/books${query}`, init);
  return { response, body: await json<Envelope<ListData>>(response) };
}

describe("GET /api/books", () => {
  let ownerId: string;
  beforeAll(async () => {
    const owner = await createMember({ name: "Ada Owner" });
    ownerId = owner.id;
    await createBooks(
      ownerId,
      Array.from({ length: 30 }, (_, i) => ({
        title: `Volume ${String(i).padStart(2, "0")}`,
        author: i % 2 ? "Mary Shelley" : "Bram Stoker",
        ageGroupFine: i % 3 === 0 ? ("young_adult" as const) : ("adult" as const),
        description: i === 7 ? "A tale of a lighthouse keeper" : "",
        isbn13: i === 11 ? "9780141439471" : null,
      })),
    );
  });

  it("lists newest first in the spec's envelope, with a total from SQL", async () => {
    const { response, body } = await list("?limit=10");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(body.success).toBe(true);
    expect(body.data!.items).toHaveLength(10);
    expect(body.data!.items[0]!.title).toBe("Volume 29");
    expect(body.data!.total).toBe(30);
    expect(body.data!.nextToken).toMatch(/^c[0-9a-z]+$/);
    expect(body.data!.prevToken).toBeNull();
  });

  it("pages with nextToken without gaps or repeats, and back with prevToken", async () => {
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    const tokens: string[] = [];
    do {
      const { body } = await list(`?limit=7${token ? `&nextToken=${token}` : ""}`);
      seen.push(...body.data!.items.map((book) => book.title));
      token = body.data!.nextToken;
      if (token) tokens.push(token);
      pages++;
    } while (token && pages < 10);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(30);
    expect(seen[29]).toBe("Volume 00");

    const second = await list(`?limit=7&nextToken=${tokens[0]}`);
    const back = await list(`?limit=7&prevToken=${second.body.data!.prevToken}`);
    expect(back.body.data!.items.map((b) => b.title)).toEqual(seen.slice(0, 7));
    expect(back.body.data!.prevToken).toBeNull();
  });

  it("returns full records by default and slim cards with bare=1", async () => {
    const full = await list("?limit=1");
    expect(full.body.data!.items[0]).toHaveProperty("description");
    expect(full.body.data!.items[0]).toHaveProperty("google_metadata");
    const bare = await list("?limit=1&bare=1");
    expect(bare.body.data!.items[0]).not.toHaveProperty("description");
    expect(bare.body.data!.items[0]).toMatchObject({ userName: "Ada Owner", status: "available" });
  });

  it("searches title, author, description and ISBN by prefix, trimming the text", async () => {
    const byAuthor = await list(`?search=${encodeURIComponent("  shell  ")}&limit=100`);
    expect(byAuthor.body.data!.items).toHaveLength(15);
    expect(byAuthor.body.data!.total).toBe(15);
    expect(byAuthor.body.data!.items.every((b) => b.author === "Mary Shelley")).toBe(true);

    const byDescription = await list("?search=lighthouse");
    expect(byDescription.body.data!.items.map((b) => b.title)).toEqual(["Volume 07"]);

    const byIsbn = await list(`?search=${encodeURIComponent("978-0-14-143947-1")}`);
    expect(byIsbn.body.data!.items.map((b) => b.title)).toEqual(["Volume 11"]);

    const none = await list("?search=zzzzqqq");
    expect(none.body.data).toMatchObject({ items: [], total: 0, nextToken: null });
  });

  it("pages through search results with the same cursor rules", async () => {
    const first = await list("?search=stoker&limit=10");
    expect(first.body.data!.items).toHaveLength(10);
    const second = await list(`?search=stoker&limit=10&nextToken=${first.body.data!.nextToken}`);
    expect(second.body.data!.items).toHaveLength(5);
    expect(second.body.data!.nextToken).toBeNull();
    const titles = [...first.body.data!.items, ...second.body.data!.items].map((b) => b.title);
    expect(new Set(titles).size).toBe(15);
  });

  it("treats FTS5 syntax in the search box as plain text", async () => {
    for (const search of ['"', "AND OR NOT", "title:x*", "^-*()", "NEAR(a b)", "'; drop table books; --"]) {
      const { response, body } = await list(`?search=${encodeURIComponent(search)}`);
      expect(response.status).toBe(200);
      expect(body.success).toBe(true);
    }
  });

  it("filters by ageGroupFine with a counter-backed total", async () => {
    const { body } = await list("?ageGroupFine=young_adult&limit=100");
    expect(body.data!.items).toHaveLength(10);
    expect(body.data!.total).toBe(10);
    expect(body.data!.items.every((b) => b.ageGroupFine === "young_adult")).toBe(true);
  });

  it.each([
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=ten", "limit"],
    ["?nextToken=not-a-token", "nextToken"],
    ["?ageGroupFine=toddler", "ageGroupFine"],
    [`?search=${"x".repeat(201)}`, "search"],
  ])("rejects %s with a 400 envelope naming the field", async (query, field) => {
    const { response, body } = await list(query, { invalid: true });
    expect(response.status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toContain(field);
  });

  it("hides the signed-in member's own books, by cookie or by Bearer token", async () => {
    const member = await signedInMember({ name: "Mina" });
    await createBook(member.user.id, { title: "Mina's own book" });
    const anonymous = await list("?limit=100&search=mina");
    expect(anonymous.body.data!.items.map((b) => b.title)).toEqual(["Mina's own book"]);

    const byCookie = await list("?limit=100&search=mina", { cookie: member.cookie });
    expect(byCookie.body.data!.items).toEqual([]);
    const byBearer = await list("?limit=100", { headers: { Authorization: `Bearer ${member.token}` } });
    expect(byBearer.body.data!.items.some((b) => b.userId === member.user.id)).toBe(false);
    const everyone = await list("?limit=1");
    expect(byBearer.body.data!.total).toBe(everyone.body.data!.total - 1);

    const own = await list(`?userId=${member.user.id}`, { cookie: member.cookie });
    expect(own.body.data!.items.map((b) => b.title)).toEqual(["Mina's own book"]);
    expect(own.body.data!.total).toBe(1);
  });
});

describe("GET /api/books/{id}", () => {
  it("returns the whole book with owner and records", async () => {
    const owner = await createMember({ name: "Owen" });
    const book = await createBook(owner.id, {
      title: "Dracula",
      googleMetadata: { volumeInfo: { title: "Dracula", averageRating: 4.1, ratingsCount: 12 } },
      coverAnalysis: {
        source: "workers-ai",
        title_candidates: [{ value: "Dracula", confidence: 0.93 }],
        author_candidates: [],
        categories: ["Horror"],
        audience: [],
        themes: [],
        content_warnings: [],
      },
      coverKey: `covers/${owner.id}/cover.jpg`,
    });
    const response = await call(`/api/books/${book.id}`);
    expect(response.status).toBe(200);
    const body = await json<Envelope<Book>>(response);
    expect(body.data).toMatchObject({
      bookId: book.id,
      userName: "Owen",
      title: "Dracula",
      coverImage: `/media/covers/${owner.id}/cover.jpg`,
      google_metadata: { volumeInfo: { averageRating: 4.1 } },
      cover_analysis: { title_candidates: [{ value: "Dracula", confidence: 0.93 }] },
    });
  });

  it("answers an unknown id with a 404 envelope", async () => {
    const response = await call("/api/books/00000000-0000-4000-8000-000000000000");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "Book not found" });
  });

  it("keeps search in sync when a book is renamed or removed", async () => {
    const owner = await createMember();
    const book = await createBook(owner.id, { title: "Quixotic Zebra" });
    expect((await list("?search=quixotic")).body.data!.items).toHaveLength(1);
    await db.update(books).set({ title: "Placid Yak" }).where(eq(books.id, book.id));
    expect((await list("?search=quixotic")).body.data!.items).toHaveLength(0);
    expect((await list("?search=placid")).body.data!.items).toHaveLength(1);
    await db.delete(books).where(eq(books.id, book.id));
    expect((await list("?search=placid")).body.data!.items).toHaveLength(0);
  });
});

describe("the API's edges", () => {
  it("answers an unknown API path with a 404 envelope", async () => {
    const response = await call("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false });
  });
});

describe("search totals", () => {
  it("count exactly up to four pages, then report a capped total", async () => {
    const owner = await createMember();
    await createBooks(
      owner.id,
      Array.from({ length: 120 }, (_, i) => ({ title: `Capybara chronicle ${i}` })),
    );
    const small = await list("?search=capybara&limit=50");
    expect(small.body.data).toMatchObject({ total: 120, totalCapped: false });
    const capped = await list("?search=capybara&limit=10");
    expect(capped.body.data).toMatchObject({ total: 100, totalCapped: true });
  });
});
