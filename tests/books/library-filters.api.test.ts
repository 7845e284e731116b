import type { Cell } from "@worker/core/shared/area-cells";
import { bookCounts, books, loans, memberAreas } from "@worker/db/schema";
import { bookCardColumns } from "@worker/features/books/book-columns";
import { bookFieldsFromRecord } from "@worker/features/books/isbn-books";
import { libraryLanguages, libraryPageQuery, readLibrary } from "@worker/features/books/library";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBook, createBooks, createMember, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { countRowsRead, plan } from "../helpers/rows-read";

type Card = { bookId: string; title: string; userId: string; language: string | null; ageGroupFine: string | null; distanceKm?: number };
type Listing = { items: Card[]; nextToken: string | null; prevToken: string | null; total: number; totalCapped: boolean };
type Member = Awaited<ReturnType<typeof signedInMember>>;

async function library(query: string, member: Member | null = null, invalid = false) {
  const answer = await api<Listing>(`/books?${query}`, member, { invalid });
  return { ...answer, data: answer.body.data as Listing };
}
const titles = (listing: { data: Listing }) => listing.data.items.map((book) => book.title);

/** Every page of a listing, following nextToken with the same filters. */
async function allPages(query: string, member: Member | null = null): Promise<string[]> {
  const seen: string[] = [];
  let token: string | null = null;
  for (let page = 0; page < 20; page++) {
    const answer = await library(`${query}${token ? `&nextToken=${token}` : ""}`, member);
    expect(answer.status).toBe(200);
    seen.push(...titles(answer));
    token = answer.data.nextToken;
    if (!token) return seen;
  }
  throw new Error("more than 20 pages");
}

describe("GET /api/books?language=", () => {
  it("lists one language newest first with a counter-backed total, and pages keep the filter", async () => {
    const owner = await createMember({ name: "Iris Lingo" });
    await createBooks(owner.id, [
      ...Array.from({ length: 7 }, (_, i) => ({ title: `Saga ${i}`, language: "is" })),
      ...Array.from({ length: 3 }, (_, i) => ({ title: `Ipuin ${i}`, language: "eu" })),
      { title: "No language known" },
    ]);
    const first = await library("language=is&limit=3&bare=1");
    expect(first.status).toBe(200);
    expect(titles(first)).toEqual(["Saga 6", "Saga 5", "Saga 4"]);
    expect(first.data).toMatchObject({ total: 7, totalCapped: false });
    expect(await allPages("language=is&limit=3&bare=1")).toEqual(["Saga 6", "Saga 5", "Saga 4", "Saga 3", "Saga 2", "Saga 1", "Saga 0"]);
    // Back from the second page with prevToken, still in Icelandic.
    const second = await library(`language=is&limit=3&bare=1&nextToken=${first.data.nextToken}`);
    const back = await library(`language=is&limit=3&bare=1&prevToken=${second.data.prevToken}`);
    expect(titles(back)).toEqual(["Saga 6", "Saga 5", "Saga 4"]);
    // Every field of each book carries its language.
    const details = await library("language=eu");
    expect(details.data.items.map((book) => book.language)).toEqual(["eu", "eu", "eu"]);
    expect(details.data.total).toBe(3);
  });

  it("takes the code as books store it, whatever its case: pt-br finds pt-BR", async () => {
    const owner = await createMember({ name: "Paulo Case" });
    // Metadata records give codes in any case; books store them canonical (zh-TW, pt-BR, en).
    expect(bookFieldsFromRecord({ volumeInfo: { language: "PT-br" } }).language).toBe("pt-BR");
    expect(bookFieldsFromRecord({ volumeInfo: { language: "EN" } }).language).toBe("en");
    await createBook(owner.id, { title: "Dom Casmurro", language: "pt-BR" });
    await createBook(owner.id, { title: "Os Lusíadas", language: "pt" });
    expect(titles(await library("language=pt-br"))).toEqual(["Dom Casmurro"]);
    expect(titles(await library("language=PT"))).toEqual(["Os Lusíadas"]);
  });

  it("combines with the age group, Available now and search, and leaves out my own books", async () => {
    const owner = await createMember({ name: "Gwen Cymraeg" });
    const borrower = await createMember({ name: "Bryn Borrower" });
    const me = await signedInMember({ name: "Meg Viewer" });
    const [lent] = await createBooks(owner.id, [
      { title: "Llyfr Oedolion Benthyg", language: "cy", ageGroupFine: "adult" },
      { title: "Llyfr Oedolion Rhydd", language: "cy", ageGroupFine: "adult" },
      { title: "Llyfr Ieuenctid", language: "cy", ageGroupFine: "young_adult" },
      { title: "Adult book elsewhere", language: "ga", ageGroupFine: "adult" },
    ]);
    await createBook(me.user.id, { title: "Llyfr Fy Hun", language: "cy", ageGroupFine: "adult" });
    await db.update(books).set({ status: "borrowed", lentToUserId: borrower.id }).where(eq(books.id, lent!.id));
    await db
      .insert(loans)
      .values({ id: crypto.randomUUID(), bookId: lent!.id, ownerId: owner.id, borrowerId: borrower.id, state: "lent", updatedAt: Date.now() });

    // One filter: the counters' total, less my own book in that language.
    const welsh = await library("language=cy&bare=1", me);
    expect(titles(welsh)).toHaveLength(3);
    expect(welsh.data).toMatchObject({ total: 3, totalCapped: false });
    const adults = await library("language=cy&ageGroupFine=adult&bare=1", me);
    expect(titles(adults)).toEqual(["Llyfr Oedolion Rhydd", "Llyfr Oedolion Benthyg"]);
    expect(adults.data.total).toBe(2);
    const free = await library("language=cy&ageGroupFine=adult&available=1&bare=1", me);
    expect(titles(free)).toEqual(["Llyfr Oedolion Rhydd"]);
    expect(free.data).toMatchObject({ total: 1, totalCapped: false });
    const searched = await library("language=cy&search=llyfr&bare=1", me);
    expect(titles(searched)).toEqual(["Llyfr Ieuenctid", "Llyfr Oedolion Rhydd", "Llyfr Oedolion Benthyg"]);
    expect(searched.data.total).toBe(3);
    expect(titles(await library("language=cy&ageGroupFine=young_adult&search=llyfr&bare=1", me))).toEqual(["Llyfr Ieuenctid"]);
    expect(titles(await library("language=ga&search=llyfr&bare=1", me))).toEqual([]);
    // My own shelf in that language, counted from the counters too.
    const mine = await library(`language=cy&userId=${me.user.id}&bare=1`, me);
    expect(titles(mine)).toEqual(["Llyfr Fy Hun"]);
    expect(mine.data.total).toBe(1);
  });

  it("applies the language and age group to near me, with and without a search", async () => {
    const me = await signedInMember({ name: "Nora Near" });
    const neighbour = await createMember({ name: "Ned Neighbour" });
    const place = (userId: string, cell: Cell) => db.insert(memberAreas).values({ userId, ...cell, place: "Test town", updatedAt: Date.now() });
    // Far from every other test file's places (near-me tests order the whole library by distance).
    await place(me.user.id, { cellLat: 4750, cellLon: -4000 });
    await place(neighbour.id, { cellLat: 4750, cellLon: -3996 });
    await createBooks(neighbour.id, [
      { title: "Roman proche", language: "fr", ageGroupFine: "adult" },
      { title: "Roman jeunesse proche", language: "fr", ageGroupFine: "young_adult" },
      { title: "Novel close by", language: "en", ageGroupFine: "adult" },
    ]);
    const french = await library("near=me&radius=5&language=fr&bare=1", me);
    expect(french.status).toBe(200);
    expect(titles(french)).toEqual(["Roman jeunesse proche", "Roman proche"]);
    expect(french.data.items.every((book) => book.distanceKm === 3)).toBe(true);
    expect(french.data.total).toBe(2);
    expect(titles(await library("near=me&radius=5&language=fr&ageGroupFine=adult&bare=1", me))).toEqual(["Roman proche"]);
    expect(titles(await library("near=me&radius=5&language=fr&search=roman&bare=1", me))).toEqual(["Roman jeunesse proche", "Roman proche"]);
    expect(titles(await library("near=me&radius=5&language=en&search=roman&bare=1", me))).toEqual([]);
    expect(titles(await library("near=me&radius=5&language=fr&available=1&ageGroupFine=young_adult&bare=1", me))).toEqual(["Roman jeunesse proche"]);
  });

  it.each([
    ["language=e", "language"],
    ["language=english!", "language"],
    [`language=${"a".repeat(17)}`, "language"],
    ["language=fr&ageGroupFine=toddler", "ageGroupFine"],
  ])("refuses %s with a 400 envelope that says why", async (query, field) => {
    const answer = await library(query, null, true);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error).toContain(field);
  });

  it("says what a language code looks like", async () => {
    const answer = await library("language=e", null, true);
    expect(answer.body.error).toContain("language must be a language code, such as en or pt-BR.");
  });
});

describe("The library's languages", () => {
  it("come from counters kept by triggers: listed books only, gone when none is left", async () => {
    const owner = await createMember({ name: "Tove Counter" });
    const [one, two] = await createBooks(owner.id, [
      { title: "Bok ett", language: "sv" },
      { title: "Bok två", language: "sv" },
    ]);
    const before = await libraryLanguages({ db, env: {} as never, user: null });
    expect(before).toContainEqual({ code: "sv", count: 2 });
    await db.update(books).set({ hidden: "moderation" }).where(eq(books.id, one!.id));
    await db.update(books).set({ language: "nb" }).where(eq(books.id, two!.id));
    const after = await libraryLanguages({ db, env: {} as never, user: null });
    expect(after.find((entry) => entry.code === "sv")).toBeUndefined();
    expect(after).toContainEqual({ code: "nb", count: 1 });
    await db.delete(books).where(eq(books.id, two!.id));
    const [counter] = await db.select().from(bookCounts).where(eq(bookCounts.scope, "lang:nb"));
    expect(counter?.n ?? 0).toBe(0);
  });

  it("are read from one index range of book_counts, not from books", async () => {
    const { rowsRead } = await countRowsRead(null, (ctx) => libraryLanguages(ctx));
    const [{ n }] = (await db.select({ n: bookCounts.n }).from(bookCounts).where(eq(bookCounts.scope, "all"))) as [{ n: number }];
    expect(n).toBeGreaterThan(10);
    // A handful of counter rows, however many books there are.
    expect(rowsRead).toBeLessThan(40);
  });
});

describe("The filters' plans (newest first)", () => {
  const ctx = { db, env: {} as never, user: null };
  const base = { limit: 25, available: false } as const;

  it.each([
    [{ language: "fr" }, "books_language_seq_idx"],
    [{ language: "fr", ageGroupFine: "adult" as const }, "books_language_age_seq_idx"],
    [{ language: "fr", available: true }, "books_language_seq_idx"],
    [{ language: "fr", ageGroupFine: "adult" as const, available: true }, "books_language_age_seq_idx"],
    [{ ageGroupFine: "adult" as const, available: true }, "books_age_seq_idx"],
  ])("%o walks %s in seq order, without sorting", async (filters, index) => {
    const steps = await plan(libraryPageQuery(ctx, { ...base, ...filters }, { excludeUserId: "someone" }, bookCardColumns));
    const onBooks = steps.find((step) => /\bbooks\b/.test(step) && !step.includes("held"));
    expect(onBooks).toContain(index);
    expect(steps.join("; ")).not.toContain("TEMP B-TREE");
  });

  it("reads about one page of rows for a rare language among many books", async () => {
    const owner = await createMember({ name: "Rare Reader" });
    await createBooks(
      owner.id,
      Array.from({ length: 120 }, (_, i) => ({ title: `Common ${i}`, language: "en" })),
    );
    await createBooks(owner.id, [{ title: "Rare one", language: "haw" }]);
    await createBooks(
      owner.id,
      Array.from({ length: 120 }, (_, i) => ({ title: `Common later ${i}`, language: "en" })),
    );
    const { result, rowsRead } = await countRowsRead(null, (counted) =>
      readLibrary(counted, { limit: 25, available: false, language: "haw" }, { excludeUserId: null }),
    );
    expect(result.items.map((book) => book.title)).toEqual(["Rare one"]);
    expect(rowsRead).toBeLessThan(30);
  });
});

describe("A book's language and age group, set by its owner", () => {
  it("are taken by hand on POST and PUT /api/books (normalised like the filter), and the filters find the book", async () => {
    const owner = await signedInMember({ name: "Olga Owner" });
    const reader = await signedInMember({ name: "Rolf Reader" });
    const added = await api<Card>("/books", owner, {
      method: "POST",
      json: { title: "Sulla strada", author: "Anna Autrice", language: "IT", ageGroupFine: "young_adult" },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ language: "it", ageGroupFine: "young_adult" });
    const bookId = added.body.data!.bookId;
    expect(titles(await library("language=it&ageGroupFine=young_adult&bare=1", reader))).toContain("Sulla strada");

    const edited = await api<Card>(`/books/${bookId}`, owner, { method: "PUT", json: { language: "fr", ageGroupFine: "adult" } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ language: "fr", ageGroupFine: "adult" });
    expect(titles(await library("language=it&bare=1", reader))).not.toContain("Sulla strada");
    expect(titles(await library("language=fr&ageGroupFine=adult&bare=1", reader))).toContain("Sulla strada");

    const cleared = await api<Card>(`/books/${bookId}`, owner, { method: "PUT", json: { language: null, ageGroupFine: null } });
    expect(cleared.body.data).toMatchObject({ language: null, ageGroupFine: null });

    const refused = await api(`/books/${bookId}`, owner, { method: "PUT", json: { language: "French" }, invalid: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.error).toContain("language must be a language code, such as en or pt-BR.");
  });
});
