import type { Cell } from "@worker/core/shared/area-cells";
import { findOtherCopies, OTHER_COPIES_READ, OTHER_COPIES_SHOWN } from "@worker/features/books/other-copies";
import { describe, expect, it } from "vitest";
import { createBook, createBooks, createMember, placeAt } from "../helpers/fixtures";
import { countRowsRead, sessionUserOf } from "../helpers/rows-read";

/** A town of its own (68° S, 55° E; no other file is there) where a hundred readers own the same book. */
const HOME: Cell = { cellLat: -6800, cellLon: 5500 };

describe("other copies of a popular book on its page", () => {
  it("rank the candidates by their cells, then read the cards of the shown ten only", async () => {
    const reader = await createMember({ name: "Rhea Reader" });
    await placeAt(reader.id, HOME);
    const title = `The Tern's Shadow ${crypto.randomUUID().slice(0, 8)}`;
    const mine = await createBook(reader.id, { title, author: "Ivo Skua" });
    for (let i = 0; i < OTHER_COPIES_READ; i++) {
      const owner = await createMember({ name: `Owner ${i}` });
      await placeAt(owner.id, { cellLat: HOME.cellLat - i, cellLon: HOME.cellLon });
      await createBooks(owner.id, [{ title, author: "Ivo Skua" }]);
    }
    const { result, rowsRead } = await countRowsRead(sessionUserOf(reader), (ctx) => findOtherCopies(ctx, mine.id, HOME));
    expect(result!.total).toBe(OTHER_COPIES_READ);
    expect(result!.items).toHaveLength(OTHER_COPIES_SHOWN);
    // Nearest first: the copies in the reader's own cell and the next ones south.
    expect(result!.items.map((copy) => copy.distanceKm)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10]);
    // Issue 36: at most 250 rows (230 here; 300 when the cards and their joins were read for all hundred candidates).
    expect(rowsRead).toBeLessThanOrEqual(250);
  });
});
