import type { Cell } from "@worker/core/shared/area-cells";
import { libraryQuerySchema, readLibrary } from "@worker/features/books/library";
import { beforeAll, describe, expect, it } from "vitest";
import { createBooks, createMember, placeAt } from "../helpers/fixtures";
import { countRowsRead, sessionUserOf } from "../helpers/rows-read";

type Member = Awaited<ReturnType<typeof createMember>>;

/** The reader's cell: mid-tile (0.1°), near the equator, where no other test places anyone. */
const HOME: Cell = { cellLat: 55, cellLon: 12345 };

/**
 * A city centre as the bench seeds it (scripts/bench/seed-bench.ts): the reader's own cell holds their 50 books and
 * 150 of three neighbours', and every other cell of its 0.1° tile holds three books, most of them beyond 2 km.
 */
describe("near me page 1: at most ten rows read a book of the page", () => {
  let reader: Member;

  beforeAll(async () => {
    reader = await createMember({ name: "Nia Centre" });
    await placeAt(reader.id, HOME);
    await createBooks(
      reader.id,
      Array.from({ length: 50 }, (_, i) => ({ title: `Mine ${i}` })),
    );
    for (let k = 0; k < 3; k++) {
      const owner = await createMember({ name: `Neighbour ${k}` });
      await placeAt(owner.id, HOME);
      await createBooks(
        owner.id,
        Array.from({ length: 50 }, (_, i) => ({ title: `Next door ${k}.${i}` })),
      );
    }
    for (let lat = 50; lat < 60; lat++) {
      for (let lon = 12340; lon < 12350; lon++) {
        if (lat === HOME.cellLat && lon === HOME.cellLon) continue;
        const owner = await createMember({ name: `Owner ${lat}_${lon}` });
        await placeAt(owner.id, { cellLat: lat, cellLon: lon });
        await createBooks(owner.id, [{ title: "One" }, { title: "Two" }, { title: "Three" }]);
      }
    }
  });

  const nearPage = (query: Record<string, string>) =>
    countRowsRead(sessionUserOf(reader), (ctx) =>
      readLibrary(ctx, libraryQuerySchema.parse({ limit: "25", bare: "1", near: "me", ...query }), { excludeUserId: reader.id, details: false }),
    );

  it("reads the tile walk once, only the cells inside the radius, and counts past the cap from book_cells", async () => {
    for (const radius of ["2", "10", "50"]) {
      const { result, rowsRead } = await nearPage({ radius });
      expect(result.items).toHaveLength(25);
      expect(result.items.every((book) => book.distanceKm === 0)).toBe(true);
      expect(result.items.some((book) => book.userId === reader.id)).toBe(false);
      expect(result.total).toEqual({ count: 100, capped: true });
      // The budget: ten rows a book of the page.
      expect(rowsRead).toBeLessThanOrEqual(250);
    }
  });

  // Rows read here before the walk opened tiles from the reader's side: 2 km 246, 10 km 233, 50 km 252; after: 246, 188, 193; anywhere 231, then 199 once the world too opens from the reader's side (200 when the first round also opens the reader's own tiles).
  it("opens a crowded tile from the reader's side: anywhere reads little more than 10 km", async () => {
    const ten = await nearPage({ radius: "10" });
    const anywhere = await nearPage({});
    expect(anywhere.result.items.map((book) => book.bookId)).toEqual(ten.result.items.map((book) => book.bookId));
    // The 10° and 1° tiles around the reader, nine children of each opened tile, and the page.
    expect(anywhere.rowsRead).toBeLessThanOrEqual(250);
    expect(ten.rowsRead).toBeLessThan(200);
  });

  it("reads page 2 within the same budget: the total's walk already holds its cells", async () => {
    const first = await nearPage({ radius: "10" });
    const second = await nearPage({ radius: "10", nextToken: first.result.nextToken! });
    expect(second.result.items).toHaveLength(25);
    const idOf = (book: object) => (book as { bookId: string }).bookId;
    const seen = new Set(first.result.items.map(idOf));
    expect(second.result.items.some((book) => seen.has(idOf(book)))).toBe(false);
    expect(second.result.total).toEqual({ count: 100, capped: true });
    expect(second.rowsRead).toBeLessThanOrEqual(250);
  });
});
