import { env } from "cloudflare:workers";
import type { Cell } from "@worker/core/shared/area-cells";
import { memberAreas, searchReindex } from "@worker/db/schema";
import { libraryQuerySchema, readLibrary } from "@worker/features/books/library";
import { reindexBatch } from "@worker/features/search-index";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBooks, createMember, db, placeAt } from "../helpers/fixtures";
import { countRowsRead, sessionUserOf } from "../helpers/rows-read";

type Member = Awaited<ReturnType<typeof createMember>>;
type Item = { bookId: string; title: string; distanceKm: number; userId: string };

/** The reader's cell, far south where no other test places anyone (longitude −163.77 is this file's). */
const HOME: Cell = { cellLat: -6644, cellLon: -16377 };
/** A degree north: about 111 km away, outside every radius below and outside its tiles. */
const FAR: Cell = { cellLat: -6544, cellLon: -16377 };

/** Words nobody else lists. */
const COMMON = "zorblequint";
const RARE = "quintblorpish";

/**
 * Issue 36: a search "near me" reads books_near_fts (migrations/0028), whose rows hold each book's place as
 * tokens, so only matches in the cells near the reader are read, nearest first, however many lie elsewhere.
 */
describe("near me with a search", () => {
  let reader: Member;
  const nearIds = new Set<string>();
  const rareNear = new Set<string>();

  beforeAll(async () => {
    reader = await createMember({ name: "Ines Far South" });
    await placeAt(reader.id, HOME);
    // The reader's own matching books are never listed to them.
    await createBooks(
      reader.id,
      Array.from({ length: 5 }, (_, i) => ({ title: `${COMMON} mine ${i}` })),
    );
    // 8 owners 0 to 7 cells north (up to ~8 km): 15 matches each, 120 in all; one in three also has the rare word.
    for (let k = 0; k < 8; k++) {
      const owner = await createMember({ name: `Near owner ${k}` });
      await placeAt(owner.id, { cellLat: HOME.cellLat + k, cellLon: HOME.cellLon });
      const listed = await createBooks(
        owner.id,
        Array.from({ length: 15 }, (_, i) => ({ title: `${COMMON} near ${k}.${i}${i % 3 === 0 ? ` ${RARE}` : ""}` })),
      );
      for (const [i, book] of listed.entries()) {
        nearIds.add(book.id);
        if (i % 3 === 0) rareNear.add(book.id);
      }
    }
    // 200 matches a degree away (and 20 of the rare word): never read by a 10 km search.
    for (let k = 0; k < 4; k++) {
      const owner = await createMember({ name: `Far owner ${k}` });
      await placeAt(owner.id, { cellLat: FAR.cellLat, cellLon: FAR.cellLon + k });
      await createBooks(
        owner.id,
        Array.from({ length: 50 }, (_, i) => ({ title: `${COMMON} far ${k}.${i}${i % 10 === 0 ? ` ${RARE}` : ""}` })),
      );
    }
  });

  const nearPage = (query: Record<string, string>) =>
    countRowsRead(sessionUserOf(reader), (ctx) =>
      readLibrary(ctx, libraryQuerySchema.parse({ limit: "25", bare: "1", near: "me", ...query }), { excludeUserId: reader.id, details: false }),
    );

  const allPages = async (query: Record<string, string>) => {
    const items: Item[] = [];
    let nextToken: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const { result } = await nearPage(nextToken ? { ...query, nextToken } : query);
      items.push(...(result.items as unknown as Item[]));
      nextToken = result.nextToken;
      if (!nextToken) break;
    }
    return items;
  };

  const nondecreasing = (items: Item[]) => items.every((item, i) => i === 0 || items[i - 1]!.distanceKm <= item.distanceKm);

  it("finds only the matches within the radius, nearest first, and pages through all of them once", async () => {
    const items = await allPages({ radius: "10", search: COMMON });
    expect(items.map((item) => item.bookId).sort()).toEqual([...nearIds].sort());
    expect(items.every((item) => item.distanceKm <= 10 && item.userId !== reader.id)).toBe(true);
    expect(nondecreasing(items)).toBe(true);
    expect(items[0]!.distanceKm).toBe(0);
  });

  it("reads a bounded number of rows however many matches lie outside the radius", async () => {
    const { result, rowsRead } = await nearPage({ radius: "10", search: COMMON });
    expect(result.items).toHaveLength(25);
    expect(result.total).toEqual({ count: 100, capped: true });
    // The count as a plain search's (cap + 1 index rows, none of a book), the page as the near library's
    // (its 26 matches, their books, the tile walk): about 260 rows, however many matches lie elsewhere.
    // The old read probed each match's book newest first, the 200 far ones too.
    expect(rowsRead).toBeLessThanOrEqual(275);
    const second = await nearPage({ radius: "10", search: COMMON, nextToken: result.nextToken! });
    expect(second.result.items).toHaveLength(25);
    expect(second.rowsRead).toBeLessThanOrEqual(275);
  });

  it("counts a rarer word exactly and sorts it by distance, the matches outside the radius left out", async () => {
    const { result, rowsRead } = await nearPage({ radius: "10", search: RARE });
    expect(result.total).toEqual({ count: rareNear.size, capped: false });
    // Every match around (60 in the radius's tiles), each book's cell, and the page's books.
    expect(rowsRead).toBeLessThanOrEqual(300);
    const items = await allPages({ radius: "10", search: RARE });
    expect(items.map((item) => item.bookId).sort()).toEqual([...rareNear].sort());
    expect(nondecreasing(items)).toBe(true);
    // Anywhere: the far ones too, after the near ones.
    const anywhere = await allPages({ search: RARE });
    expect(anywhere).toHaveLength(rareNear.size + 20);
    expect(nondecreasing(anywhere)).toBe(true);
    expect(anywhere.slice(rareNear.size).every((item) => item.distanceKm > 100)).toBe(true);
  });

  it("moves a book when its owner's area changes", async () => {
    const word = "zorbleshiftwise";
    const mover = await createMember({ name: "Moving owner" });
    await placeAt(mover.id, { cellLat: HOME.cellLat + 2, cellLon: HOME.cellLon });
    const [book] = await createBooks(mover.id, [{ title: `${word} travels` }]);
    const ids = async (query: Record<string, string>) => ((await nearPage(query)).result.items as unknown as Item[]).map((item) => item.bookId);
    expect(await ids({ radius: "10", search: word })).toEqual([book!.id]);
    await db
      .update(memberAreas)
      .set({ ...FAR, updatedAt: Date.now() })
      .where(eq(memberAreas.userId, mover.id));
    expect(await ids({ radius: "10", search: word })).toEqual([]);
    const anywhere = (await nearPage({ search: word })).result.items as unknown as Item[];
    expect(anywhere.map((item) => item.bookId)).toEqual([book!.id]);
    expect(anywhere[0]!.distanceKm).toBeGreaterThan(100);
    // Leaving the area takes it out of near results altogether.
    await db.delete(memberAreas).where(eq(memberAreas.userId, mover.id));
    expect(await ids({ search: word })).toEqual([]);
  });

  it("still finds a book the near index's backfill has not reached, and the backfill then indexes it", async () => {
    const word = "zorblependingly";
    const owner = await createMember({ name: "Old lister" });
    await placeAt(owner.id, { cellLat: HOME.cellLat + 3, cellLon: HOME.cellLon });
    const [book] = await createBooks(owner.id, [{ title: `${word} from before` }]);
    const row = await env.DB.prepare("SELECT seq FROM books WHERE id = ?").bind(book!.id).first<{ seq: number }>();
    const indexed = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM books_near_fts WHERE books_near_fts MATCH ?")
          .bind(`{title} : ${word} AND place : c${HOME.cellLat + 3 + 9000}x${HOME.cellLon + 18000}`)
          .first<{ n: number }>()
      )?.n;
    expect(await indexed()).toBe(1);
    // As migration 0028 finds a book listed before it: not in books_near_fts, at or below the backfill's cursor.
    await env.DB.prepare("DELETE FROM books_near_fts WHERE rowid = ?").bind(row!.seq).run();
    await db.update(searchReindex).set({ afterSeq: row!.seq, doneAt: null }).where(eq(searchReindex.tableName, "books_near"));
    try {
      expect(await indexed()).toBe(0);
      const before = (await nearPage({ radius: "10", search: word })).result.items as unknown as Item[];
      expect(before.map((item) => item.bookId)).toEqual([book!.id]);
      expect(await reindexBatch(db, "books_near", 1)).toEqual({ read: 1, done: false });
      expect(await indexed()).toBe(1);
      // A batch run twice writes the row again, harmlessly.
      await db.update(searchReindex).set({ afterSeq: row!.seq }).where(eq(searchReindex.tableName, "books_near"));
      await reindexBatch(db, "books_near", 1);
      expect(await indexed()).toBe(1);
      await env.DB.prepare("INSERT INTO books_near_fts(books_near_fts) VALUES ('integrity-check')").run();
    } finally {
      // Every other book is in the index (written by the triggers): the backfill is done.
      await db.update(searchReindex).set({ afterSeq: 0, doneAt: Date.now() }).where(eq(searchReindex.tableName, "books_near"));
    }
    const after = (await nearPage({ radius: "10", search: word })).result.items as unknown as Item[];
    expect(after.map((item) => item.bookId)).toEqual([book!.id]);
  });
});
