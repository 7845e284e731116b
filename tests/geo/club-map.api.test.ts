import { memberships } from "@worker/db/schema";
import { describe, expect, it } from "vitest";
import { createClub } from "../clubs/support";
import { numbersIn } from "../helpers/cell-leaks";
import { createMember, db, placeAt, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { page } from "../helpers/pages";

type Tile = { tileId: string; lat: number; lon: number; count: number; distanceKm: number };
type MapAnswer = { centre: { lat: number; lon: number }; radiusKm: number; tiles: Tile[] };
type Club = { clubId: string; name: string; isPrivate: boolean; isMember: boolean; userStatus: string | null; distanceKm?: number };
type TileClubs = { items: Club[]; nextToken: string | null };
type Member = Awaited<ReturnType<typeof signedInMember>>;

const map = (query: string, member: Member | null, invalid = false) => api<MapAnswer>(`/clubs/map?${query}`, member, { invalid });
const tileClubs = (tileId: string, query: string, member: Member | null, invalid = false) =>
  api<TileClubs>(`/clubs/map/tiles/${tileId}/clubs?${query}`, member, { invalid });

/**
 * A town of its own in the Southern Ocean (63° S, 77° E + k/10; no other file places clubs there):
 * me at its edge, two clubs in my 0.1° tile, one in the tile north, one 60 km away, one unplaced.
 */
async function town(k: number) {
  const me = await signedInMember({ name: "Cleo Clubmap" });
  const host = await createMember({ name: "Hal Host" });
  const lon = 7700 + 10 * k;
  await placeAt(me.user.id, { cellLat: -6328, cellLon: lon + 2 });
  const at = (cellLat: number, cellLon: number) => ({ latitude: cellLat / 100, longitude: cellLon / 100 });
  const older = await createClub(host.id, { name: "Same Tile Readers", ...at(-6325, lon + 5) });
  const secret = await createClub(host.id, { name: "Same Tile Secret", isPrivate: true, ...at(-6322, lon + 8) });
  const north = await createClub(host.id, { name: "North Tile Club", ...at(-6315, lon + 4) });
  const far = await createClub(host.id, { name: "Far Away Club", ...at(-6274, lon + 4) });
  await createClub(host.id, { name: "Nowhere Club" });
  // The home tile holds cells −6330…−6321 (latitude) and lon…lon+9.
  const tiles = { home: `t1_${(-6330 + 9000) / 10}_${(lon + 18000) / 10}`, north: `t1_${(-6320 + 9000) / 10}_${(lon + 18000) / 10}` };
  return { me, host, older, secret, north, far, tiles, lon };
}

describe("The clubs' map", () => {
  it("counts placed clubs per 0.1° tile at the tile's centre, within the radius, never naming a club's position", async () => {
    const { me, tiles, lon } = await town(1);
    const near = await map("near=me&radius=25", me);
    expect(near.status).toBe(200);
    const data = near.body.data!;
    expect(data.radiusKm).toBe(25);
    expect(data.centre).toEqual({ lat: -63.255, lon: (lon + 4.5) / 100 });
    expect(data.tiles).toEqual([
      { tileId: tiles.home, lat: -63.255, lon: (lon + 4.5) / 100, count: 2, distanceKm: 3 },
      { tileId: tiles.north, lat: -63.155, lon: (lon + 4.5) / 100, count: 1, distanceKm: 15 },
    ]);
    // 100 km reaches the club 60 km north; the unplaced one is on no map.
    const wide = await map("near=me&radius=100", me);
    expect(wide.body.data!.tiles.map((tile) => tile.count)).toEqual([2, 1, 1]);
    const numbers = numbersIn([near.body, wide.body]);
    for (const cell of [-6325, -6322, -6315, -6274]) {
      expect(numbers).not.toContain(cell / 100);
      expect(numbers).not.toContain(cell);
    }
    // A one-off position (rounded on arrival) instead of my area.
    const there = await map(`lat=-62.74&lon=${(lon + 4) / 100}&radius=5`, me);
    expect(there.body.data!.tiles).toHaveLength(1);
    expect(there.body.data!.tiles[0]!.count).toBe(1);
  });

  it("lists a tile's clubs newest first, private ones as Browse shows them, with my membership and a rounded distance", async () => {
    const { me, host, older, secret, tiles } = await town(2);
    await db.insert(memberships).values({ clubId: older.id, userId: me.user.id, role: "member", status: "active", joinedVia: "code" });
    const listed = await tileClubs(tiles.home, "", me);
    expect(listed.status).toBe(200);
    expect(listed.body.data!.items.map((club) => [club.name, club.isPrivate, club.isMember, club.distanceKm])).toEqual([
      [secret.name, true, false, 7],
      [older.name, false, true, 4],
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(host.id);
    // Paging: one at a time, then on with the cursor.
    const first = await tileClubs(tiles.home, "limit=1", me);
    expect(first.body.data!.items.map((club) => club.name)).toEqual([secret.name]);
    const second = await tileClubs(tiles.home, `limit=1&nextToken=${first.body.data!.nextToken}`, me);
    expect(second.body.data).toEqual({ items: [expect.objectContaining({ name: older.name })], nextToken: null });
  });

  it("answers bad input, an empty place, a member without an area and a visitor clearly", async () => {
    const { me, lon } = await town(3);
    const empty = `t1_${(-6400 + 9000) / 10}_${(lon + 18000) / 10}`;
    expect(await tileClubs(empty, "", me, true)).toEqual({ status: 404, body: { success: false, error: "No clubs meet in this place." } });
    expect(await tileClubs("t1_abc", "", me, true)).toEqual({ status: 400, body: { success: false, error: "tileId: tileId is not valid" } });
    expect((await map("near=me&radius=3", me, true)).status).toBe(400);
    expect((await map("lat=-63", me, true)).status).toBe(400);
    const nowhere = await signedInMember();
    expect(await map("near=me", nowhere, true)).toEqual({
      status: 400,
      body: { success: false, error: "Set your area on your profile to see what is near you." },
    });
    expect((await map("near=me", null, true)).status).toBe(401);
    expect((await tileClubs(empty, "", null, true)).status).toBe(401);
  });

  it("is a page for members: the map around my area, or a way to set one", async () => {
    const { me } = await town(4);
    const shown = await page("/clubs/map", me.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Clubs map</h1>");
    expect(shown.html).toContain("Around your area.");
    expect(shown.html).toContain('href="/clubs/browse?near=me"');
    const nowhere = await signedInMember();
    const unset = await page("/clubs/map", nowhere.cookie);
    expect(unset.html).toContain("Set your area on your profile to see what is near you.");
    expect(unset.html).toContain("Use my location");
    const browse = await page("/clubs/browse", me.cookie);
    expect(browse.html).toContain('href="/clubs/map"');
    const visitor = await page("/clubs/map");
    expect(visitor.status).toBe(302);
  });
});
