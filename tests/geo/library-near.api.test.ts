import { type Cell, cellCentre } from "@worker/core/shared/area-cells";
import { bookCells, books, loans, memberAreas } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBook, createMember, db, placeAt, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";

type Card = { bookId: string; title: string; userId: string; distanceKm?: number };
type Listing = { items: Card[]; nextToken: string | null; prevToken: string | null; total: number; totalCapped: boolean };
type Member = Awaited<ReturnType<typeof signedInMember>>;

async function library(query: string, member: Member | null, invalid = false) {
  const answer = await api<Listing>(`/books?bare=1&${query}`, member, { invalid });
  return { ...answer, data: answer.body.data as Listing };
}
const titles = (listing: { data: Listing }) => listing.data.items.map((book) => book.title);

/** The listing's first `want` books, following nextToken (other files' books come after them). */
async function firstPages(query: string, member: Member | null, want: number): Promise<Card[]> {
  const seen: Card[] = [];
  let token: string | null = null;
  for (let page = 0; page < 20; page++) {
    const answer = await library(`${query}${token ? `&nextToken=${token}` : ""}`, member);
    expect(answer.status).toBe(200);
    seen.push(...answer.data.items);
    expect(answer.data.prevToken).toBeNull();
    token = answer.data.nextToken;
    if (!token || seen.length >= want) return seen;
  }
  throw new Error("more than 20 pages");
}

/**
 * A city of its own in the southern ocean: A at its centre, B about 3 km east, D about 11 km
 * south, C about 556 km north; each test gets its own longitude so they never meet.
 */
async function town(lon: number) {
  const a = await signedInMember({ name: "Ana Near" });
  const b = await createMember({ name: "Bea Close" });
  const c = await createMember({ name: "Cid Far" });
  const d = await createMember({ name: "Dov Edge" });
  const nobody = await createMember({ name: "Eve Nowhere" });
  const cells = {
    a: { cellLat: -4000, cellLon: lon },
    b: { cellLat: -4000, cellLon: lon + 4 },
    c: { cellLat: -3500, cellLon: lon },
    d: { cellLat: -4010, cellLon: lon },
  };
  await Promise.all([placeAt(a.user.id, cells.a), placeAt(b.id, cells.b), placeAt(c.id, cells.c), placeAt(d.id, cells.d)]);
  return { a, b, c, d, nobody, cells };
}

describe("The library near me", () => {
  it("puts the nearest books first with a rounded distance, leaves out my own and the unplaced, and bounds them by a radius", async () => {
    const { a, b, c, d, nobody } = await town(-3000);
    await createBook(a.user.id, { title: "Ana's own" });
    await createBook(c.id, { title: "Far away" });
    await createBook(d.id, { title: "At the edge" });
    await createBook(b.id, { title: "Close by" });
    await createBook(nobody.id, { title: "Nowhere in particular" });

    const near = await library("near=me", a);
    expect(near.status).toBe(200);
    expect(titles(near).slice(0, 3)).toEqual(["Close by", "At the edge", "Far away"]);
    expect(near.data.items.slice(0, 3).map((book) => book.distanceKm)).toEqual([3, 10, 550]);
    expect(titles(near)).not.toContain("Ana's own");
    expect(titles(near)).not.toContain("Nowhere in particular");
    // Other test files' towns (they share the database) lie thousands of km away.
    expect((await library("near=me&radius=100", a)).data.total).toBe(2);

    expect(titles(await library("near=me&radius=10", a))).toEqual(["Close by"]);
    expect(titles(await library("near=me&radius=25", a))).toEqual(["Close by", "At the edge"]);
    expect(titles(await library("near=me&radius=1", a))).toEqual([]);

    // The plain library still lists everyone's, newest first, without distances.
    const plain = await library("limit=100", a);
    expect(titles(plain)).toContain("Nowhere in particular");
    expect(plain.data.items.every((book) => book.distanceKm === undefined)).toBe(true);
  });

  it("pages in distance order, each book once, and then newest first within a place", async () => {
    const { a, b, c, d } = await town(-2000);
    const made: string[] = [];
    for (const [owner, title] of [
      [b, "B1"],
      [c, "C1"],
      [b, "B2"],
      [d, "D1"],
      [b, "B3"],
      [c, "C2"],
      [d, "D2"],
    ] as const) {
      await createBook(owner.id, { title });
      made.push(title);
    }
    const expected = ["B3", "B2", "B1", "D2", "D1", "C2", "C1"];
    for (const limit of [1, 2, 3, 5]) {
      // Other tests' towns, 850 km and more away, come after this one's.
      const pages = await firstPages(`near=me&limit=${limit}`, a, expected.length);
      expect(pages.map((book) => book.title).slice(0, expected.length)).toEqual(expected);
      expect(new Set(pages.map((book) => book.bookId)).size).toBe(pages.length);
    }
    const first = await library("near=me&limit=2", a);
    expect(first.data.total).toBeGreaterThanOrEqual(7);
    expect((await library("near=me&limit=2&radius=100", a)).data.total).toBe(5);
    // A tampered cursor gets a clear 400, and a newest-first cursor is not a near one.
    const plainToken = (await library("limit=1", a)).data.nextToken as string;
    expect(await library(`near=me&nextToken=${plainToken}`, a, true)).toEqual({
      status: 400,
      body: { success: false, error: "nextToken: nextToken is not valid" },
    });
    expect((await library("near=me&nextToken=n1_2_zzzzzzzzzzzzz", a, true)).status).toBe(400);
  });

  it("starts with the other books of my own cell, newest first, however many of them a page holds", async () => {
    const { a, b, d, cells } = await town(-1500);
    const neighbour = await createMember({ name: "Nel Same Cell" });
    await placeAt(neighbour.id, cells.a);
    for (const [owner, title] of [
      [neighbour, "N1"],
      [b, "B1"],
      [a.user, "Mine"],
      [neighbour, "N2"],
      [d, "D1"],
      [neighbour, "N3"],
      [b, "B2"],
    ] as const) {
      await createBook(owner.id, { title });
    }
    const expected = ["N3", "N2", "N1", "B2", "B1", "D1"];
    // A page smaller than the cell's books, as large, and larger (it walks on from the cell).
    for (const limit of [2, 3, 4, 6]) {
      const pages = await firstPages(`near=me&limit=${limit}&radius=25`, a, expected.length);
      expect(pages.map((book) => book.title)).toEqual(expected);
      expect(pages.slice(0, 3).every((book) => book.distanceKm === 0)).toBe(true);
    }
    expect((await library("near=me&limit=2&radius=25", a)).data.total).toEqual(6);
  });

  it("shows only what one can borrow now with available=1: not lent, not promised", async () => {
    const { a, b } = await town(-1000);
    const borrower = await createMember({ name: "Fay Holds" });
    await createBook(b.id, { title: "Free to borrow" });
    const lent = await createBook(b.id, { title: "Lent out", status: "borrowed", lentToUserId: borrower.id, lentToUserName: borrower.name });
    const promised = await createBook(b.id, { title: "Promised" });
    await createBook(b.id, { title: "Being read", status: "reading" });
    await createBook(b.id, { title: "Given away free", status: "giving_away" });
    const now = Date.now();
    await db.insert(loans).values([
      { id: crypto.randomUUID(), bookId: lent.id, ownerId: b.id, borrowerId: borrower.id, state: "lent", updatedAt: now },
      { id: crypto.randomUUID(), bookId: promised.id, ownerId: b.id, borrowerId: borrower.id, state: "accepted", updatedAt: now },
    ]);
    const everything = titles(await library("near=me&radius=5", a));
    expect(everything).toEqual(expect.arrayContaining(["Free to borrow", "Lent out", "Promised", "Being read", "Given away free"]));
    const availableNow = await library("near=me&radius=5&available=1", a);
    expect(titles(availableNow).sort()).toEqual(["Free to borrow", "Given away free"]);
    expect(availableNow.data.total).toBe(2);
    // The plain listing takes the filter too, counted through it.
    const plain = await library(`available=1&userId=${b.id}`, a);
    expect(titles(plain).sort()).toEqual(["Free to borrow", "Given away free"]);
    expect(plain.data.total).toBe(2);
  });

  it("lets a visitor ask from a one-off position, stores nothing, and combines with a search", async () => {
    const { b, c, cells } = await town(1000);
    await createBook(c.id, { title: "Lighthouse keeping far" });
    await createBook(b.id, { title: "Lighthouse keeping near" });
    await createBook(b.id, { title: "Unrelated" });
    const areasBefore = await db.$count(memberAreas);
    const at = cellCentre(cells.a);
    const visitor = await library(`lat=${at.lat + 0.004}&lon=${at.lon - 0.003}`, null);
    expect(visitor.status).toBe(200);
    expect(titles(visitor).slice(0, 3)).toEqual(["Unrelated", "Lighthouse keeping near", "Lighthouse keeping far"]);
    expect(await db.$count(memberAreas)).toBe(areasBefore);

    const search = await library(`lat=${at.lat}&lon=${at.lon}&search=lighthouse`, null);
    expect(titles(search)).toEqual(["Lighthouse keeping near", "Lighthouse keeping far"]);
    expect(search.data.items.map((book) => book.distanceKm)).toEqual([3, 550]);
    expect(search.data.total).toBe(2);
    expect(titles(await library(`lat=${at.lat}&lon=${at.lon}&search=lighthouse&radius=5`, null))).toEqual(["Lighthouse keeping near"]);
    const paged = await library(`lat=${at.lat}&lon=${at.lon}&search=lighthouse&limit=1`, null);
    expect(titles(paged)).toEqual(["Lighthouse keeping near"]);
    const next = await library(`lat=${at.lat}&lon=${at.lon}&search=lighthouse&limit=1&nextToken=${paged.data.nextToken}`, null);
    expect(titles(next)).toEqual(["Lighthouse keeping far"]);
    expect(next.data.nextToken).toBeNull();
  });

  it("never answers a cell, and every point of a cell gets the same answers from anywhere (trilateration gains nothing)", async () => {
    const { a, b, cells } = await town(2000);
    // A twin of B in the same cell, placed from another point of it: the stored cell is the same.
    const twin = await createMember({ name: "Bea's twin" });
    await placeAt(twin.id, cells.b);
    await createBook(b.id, { title: "Bea's book" });
    await createBook(twin.id, { title: "Twin's book" });
    const answers = await library("near=me&radius=5", a);
    const text = JSON.stringify(answers.body);
    expect(text).not.toMatch(/cell_?lat|cell_?lon|latitude|longitude/i);
    expect(text).not.toContain(String(cells.b.cellLon));
    const centre = cellCentre(cells.a);
    for (let i = 0; i < 24; i++) {
      const angle = (i / 24) * 2 * Math.PI;
      const lat = (centre.lat + 0.05 * Math.sin(angle)).toFixed(4);
      const lon = (centre.lon + 0.05 * Math.cos(angle)).toFixed(4);
      const seen = (await library(`lat=${lat}&lon=${lon}&radius=25`, null)).data.items;
      const mine = seen.find((book) => book.title === "Bea's book") as Card;
      const twins = seen.find((book) => book.title === "Twin's book") as Card;
      expect(Number.isInteger(mine.distanceKm)).toBe(true);
      expect(twins.distanceKm).toBe(mine.distanceKm);
    }
  });

  it("keeps book_cells in step when books are listed, hidden, moved and deleted", async () => {
    const { b, cells } = await town(3000);
    const cellRow = async (cell: Cell) =>
      (
        await db
          .select()
          .from(bookCells)
          .where(and(eq(bookCells.level, 0), eq(bookCells.tileLat, cell.cellLat + 9000), eq(bookCells.tileLon, cell.cellLon + 18000)))
      )[0]?.n ?? 0;
    const one = await createBook(b.id, { title: "One" });
    await createBook(b.id, { title: "Two" });
    expect(await cellRow(cells.b)).toBe(2);
    await db.update(books).set({ hidden: "moderation" }).where(eq(books.id, one.id));
    expect(await cellRow(cells.b)).toBe(1);
    await db.update(memberAreas).set({ cellLat: cells.c.cellLat }).where(eq(memberAreas.userId, b.id));
    expect(await cellRow(cells.b)).toBe(0);
    expect(await cellRow({ cellLat: cells.c.cellLat, cellLon: cells.b.cellLon })).toBe(1);
    await db.delete(memberAreas).where(eq(memberAreas.userId, b.id));
    expect(await cellRow({ cellLat: cells.c.cellLat, cellLon: cells.b.cellLon })).toBe(0);
  });

  it("says clearly what is wrong with a near query", async () => {
    const member = await signedInMember({ name: "Gil Nowhere" });
    const cases: [string, Member | null, string][] = [
      ["lat=91&lon=0", null, "lat: lat must be between -90 and 90"],
      ["lat=38.7", null, "lat: lat and lon go together: send both to sort by distance."],
      ["lat=38.7&lon=-9.1&radius=3", null, "radius: radius must be one of 1, 2, 5, 10, 25, 50 or 100 (km), or left out for anywhere."],
      ["radius=10", member, "radius: radius needs near=me (or lat and lon)."],
      ["near=me", member, "Set your area on your profile to see what is near you."],
      ["near=me", null, "Set your area on your profile to see what is near you."],
      ["near=you", member, 'near: near must be "me"'],
      ["available=maybe", member, 'available: Use 1 or 0 (or "true" or "false").'],
    ];
    for (const [query, who, error] of cases) {
      const { status, body } = await library(query, who, true);
      expect({ query, status, body }).toEqual({ query, status: 400, body: { success: false, error } });
    }
  });
});
