import { books } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { numbersIn } from "../helpers/cell-leaks";
import { createBook, createMember, db, placeAt, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";

type Tile = { tileId: string; lat: number; lon: number; count: number; distanceKm: number };
type MapAnswer = { centre: { lat: number; lon: number }; radiusKm: number; tiles: Tile[] };
type Card = { bookId: string; title: string; userId: string; distanceKm?: number };
type TileBooks = { items: Card[]; nextToken: string | null };
type Member = Awaited<ReturnType<typeof signedInMember>>;

const map = (query: string, member: Member | null, invalid = false) => api<MapAnswer>(`/books/map?${query}`, member, { invalid });
const tileBooks = (tileId: string, query: string, member: Member | null, invalid = false) =>
  api<TileBooks>(`/books/map/tiles/${tileId}/books?${query}`, member, { invalid });

/**
 * A town of its own in the far north (around 70° N, 100° E; other files keep elsewhere): me in
 * tile (1600, 2800+k), a neighbour in the same 0.1° tile (6 km away), one 10 km north (the next tile), one 22 km north.
 */
async function town(k: number) {
  const me = await signedInMember({ name: "Mia Map" });
  const same = await createMember({ name: "Sam Sametile" });
  const north = await createMember({ name: "Nia North" });
  const far = await createMember({ name: "Fay Farther" });
  const lon = 10000 + 10 * k;
  const cells = {
    me: { cellLat: 7003, cellLon: lon + 3 },
    same: { cellLat: 7008, cellLon: lon + 8 },
    north: { cellLat: 7012, cellLon: lon },
    far: { cellLat: 7023, cellLon: lon },
  };
  await Promise.all([placeAt(me.user.id, cells.me), placeAt(same.id, cells.same), placeAt(north.id, cells.north), placeAt(far.id, cells.far)]);
  const tiles = { home: `t1_1600_${2800 + k}`, north: `t1_1601_${2800 + k}`, far: `t1_1602_${2800 + k}` };
  return { me, same, north, far, cells, tiles };
}

describe("The library's map", () => {
  it("counts listed books per 0.1° tile at the tile's centre, leaving out my own and hidden ones, within the radius", async () => {
    const { me, same, north, far, cells, tiles } = await town(0);
    await createBook(me.user.id, { title: "Mine" });
    await createBook(same.id, { title: "Same one" });
    await createBook(same.id, { title: "Same two" });
    await createBook(north.id, { title: "North one" });
    const hidden = await createBook(north.id, { title: "North hidden" });
    await db.update(books).set({ hidden: "moderation" }).where(eq(books.id, hidden.id));
    await createBook(far.id, { title: "Far one" });

    const near = await map("near=me&radius=10", me);
    expect(near.status).toBe(200);
    const data = near.body.data!;
    expect(data.radiusKm).toBe(10);
    expect(data.centre).toEqual({ lat: 70.045, lon: 100.045 });
    expect(data.tiles).toEqual([
      { tileId: tiles.home, lat: 70.045, lon: 100.045, count: 2, distanceKm: 2 },
      { tileId: tiles.north, lat: 70.145, lon: 100.045, count: 1, distanceKm: 15 },
    ]);

    // 25 km (the default) reaches the tile 22 km north.
    const wider = await map("near=me", me);
    expect(wider.body.data!.radiusKm).toBe(25);
    expect(wider.body.data!.tiles.map((tile) => [tile.tileId, tile.count])).toEqual([
      [tiles.home, 2],
      [tiles.north, 1],
      [tiles.far, 1],
    ]);

    // A visitor's one-off position: the home tile counts my book too.
    const visitor = await map(`lat=70.03&lon=${cells.me.cellLon / 100}&radius=5`, null);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data!.tiles.find((tile) => tile.tileId === tiles.home)?.count).toBe(3);

    // Nothing finer than a tile: no member's cell, in degrees or in hundredths, anywhere in an answer.
    const numbers = numbersIn([near.body, wider.body, visitor.body]);
    for (const cell of Object.values(cells)) {
      expect(numbers).not.toContain(cell.cellLat / 100);
      expect(numbers).not.toContain(cell.cellLat);
      expect(numbers).not.toContain(cell.cellLon);
    }
    for (const tile of wider.body.data!.tiles) expect(Math.round(tile.lat * 1000) % 100).toBe(45);
  });

  it("lists a tile's books newest first with a rounded distance, without my own, hidden ones or any cell", async () => {
    const { me, same, north, tiles, cells } = await town(1);
    await createBook(me.user.id, { title: "Mine" });
    for (const title of ["Same one", "Same two", "Same three"]) await createBook(same.id, { title });
    const hidden = await createBook(same.id, { title: "Same hidden" });
    await db.update(books).set({ hidden: "moderation" }).where(eq(books.id, hidden.id));
    await createBook(north.id, { title: "North one" });

    const page = await tileBooks(tiles.home, "limit=2", me);
    expect(page.status).toBe(200);
    expect(page.body.data!.items.map((book) => book.title)).toEqual(["Same three", "Same two"]);
    // From my cell to the neighbour's: 5.6 km north and 1.9 km east.
    expect(page.body.data!.items.map((book) => book.distanceKm)).toEqual([6, 6]);
    const next = await tileBooks(tiles.home, `limit=2&nextToken=${page.body.data!.nextToken}`, me);
    expect(next.body.data!.items.map((book) => book.title)).toEqual(["Same one"]);
    expect(next.body.data!.nextToken).toBeNull();

    // A visitor sees every listed book of the tile; without a position, no distance.
    const visitor = await tileBooks(tiles.home, "", null);
    expect(visitor.body.data!.items.map((book) => book.title)).toEqual(["Same three", "Same two", "Same one", "Mine"]);
    expect(visitor.body.data!.items.every((book) => book.distanceKm === undefined)).toBe(true);
    const from = await tileBooks(tiles.north, `lat=70.03&lon=${cells.me.cellLon / 100}`, null);
    expect(from.body.data!.items.map((book) => [book.title, book.distanceKm])).toEqual([["North one", 10]]);

    const raw = JSON.stringify([page.body, next.body, visitor.body, from.body]);
    expect(raw).not.toMatch(/cellLat|cellLon|cell_lat|cell_lon|latitude|longitude/);
    const numbers = numbersIn([page.body, next.body, visitor.body, from.body]);
    for (const cell of Object.values(cells)) expect(numbers).not.toContain(cell.cellLon / 100);

    // A tile where nothing is listed.
    const empty = await tileBooks("t1_1650_2850", "", me);
    expect(empty.status).toBe(404);
    expect(empty.body).toEqual({ success: false, error: "No books are listed in this place." });
  });

  it("refuses a radius not offered, half a position, no origin, a member without an area and a malformed tile", async () => {
    const member = await signedInMember({ name: "Nora Noarea" });
    for (const [query, error] of [
      ["lat=70&lon=100&radius=3", "radius must be one of 1, 2, 5, 10, 25, 50 or 100 (km)."],
      ["lat=70&lon=100&radius=abc", "radius must be one of 1, 2, 5, 10, 25, 50 or 100 (km)."],
      ["lat=70", "lat and lon go together: send both to sort by distance."],
      ["lon=100&radius=5", "lat and lon go together: send both to sort by distance."],
      ["radius=5", "The map needs near=me, or lat and lon."],
      ["lat=91&lon=100", "lat must be between -90 and 90"],
    ] as const) {
      const answer = await map(query, null, true);
      expect(answer.status, query).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.error, query).toContain(error);
    }
    const noArea = await map("near=me", member);
    expect(noArea.status).toBe(400);
    expect(noArea.body.error).toBe("Set your area on your profile to see what is near you.");

    for (const tileId of ["1600_2800", "t1_1600", "t2_1600_2800", "t1_-5_2800", "t1_1801_2800", "t1_1600_3601", "t1_16x0_2800"]) {
      const answer = await tileBooks(tileId, "", null, true);
      expect(answer.status, tileId).toBe(400);
      expect(answer.body.error, tileId).toContain("tileId is not valid");
    }
    for (const query of ["lat=70", "limit=0", "limit=101", "nextToken=c12"]) {
      const answer = await tileBooks("t1_1600_2800", query, null, true);
      expect(answer.status, query).toBe(400);
      expect(answer.body.success).toBe(false);
    }
  });
});

describe("The recorded map tile", () => {
  it("answers every tile with the recorded PNG when MAP_TILE_URL points at it, and nothing else", async () => {
    const tile = await call("/dev-tiles/12/3173/1150.png");
    expect(tile.status).toBe(200);
    expect(tile.headers.get("Content-Type")).toBe("image/png");
    expect([...new Uint8Array(await tile.arrayBuffer()).slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await call("/dev-tiles/12/3173/secret.txt")).status).toBe(404);
  });
});
