import { clubs } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { clubApi, createClub } from "./support";

type BrowsePage = { items: { clubId: string; name: string; distanceKm?: number }[]; nextToken: string | null; prevToken: string | null };

/** A spot far from every other test's clubs (the Kerguelen Islands), so the band holds only ours. */
const HOME = { lat: -49.35, lon: 70.22 };

describe("A club's coarse position", () => {
  it("is stored rounded to 0.01° (about 1 km) from create and edit, both or neither", async () => {
    const creator = await signedInMember();
    const made = await clubApi<{ clubId: string }>("POST", "", creator, { name: "Placed Club", location: "Leeds", latitude: 53.800755, longitude: -1.549077 });
    expect(made.status).toBe(201);
    const position = async () =>
      (await db.select({ latitude: clubs.latitude, longitude: clubs.longitude }).from(clubs).where(eq(clubs.id, made.body.data!.clubId)))[0];
    expect(await position()).toEqual({ latitude: 53.8, longitude: -1.55 });
    expect((await clubApi("PATCH", `/${made.body.data!.clubId}`, creator, { latitude: -0.004, longitude: 0.126 })).status).toBe(200);
    expect(await position()).toEqual({ latitude: 0, longitude: 0.13 });
    expect((await clubApi("PATCH", `/${made.body.data!.clubId}`, creator, { latitude: 10 })).status).toBe(400);
    expect((await clubApi("PATCH", `/${made.body.data!.clubId}`, creator, { latitude: 91, longitude: 0 }, { invalid: true })).status).toBe(400);
    expect((await clubApi("PATCH", `/${made.body.data!.clubId}`, creator, { latitude: null, longitude: null })).status).toBe(200);
    expect(await position()).toEqual({ latitude: null, longitude: null });
    expect((await clubApi("POST", "", creator, { name: "Half Club", location: "Leeds", longitude: 2 })).status).toBe(400);
  });
});

describe("Placing a club from its location text", () => {
  it("asks the maps service only when told to, and keeps its point rounded to about 1 km", async () => {
    const creator = await signedInMember();
    const asked: string[] = [];
    const search = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return Response.json([{ lat: "53.7996388", lon: "-1.5491221", display_name: "Leeds" }]);
    });
    try {
      const plain = await clubApi<{ clubId: string }>("POST", "", creator, { name: "Unplaced Club", location: "Leeds" });
      expect(asked).toEqual([]);
      const made = await clubApi<{ clubId: string }>("POST", "", creator, { name: "Geocoded Club", location: "Leeds", geocode: true });
      expect(made.status).toBe(201);
      expect(asked).toHaveLength(1);
      expect(new URL(asked[0]!).pathname).toBe("/search");
      expect(Object.fromEntries(new URL(asked[0]!).searchParams)).toMatchObject({ q: "Leeds", format: "jsonv2", limit: "1" });
      const positionOf = async (clubId: string) =>
        (await db.select({ latitude: clubs.latitude, longitude: clubs.longitude }).from(clubs).where(eq(clubs.id, clubId)))[0];
      expect(await positionOf(made.body.data!.clubId)).toEqual({ latitude: 53.8, longitude: -1.55 });
      expect(await positionOf(plain.body.data!.clubId)).toEqual({ latitude: null, longitude: null });
      // No usable answer leaves the club where it was.
      search.mockResolvedValueOnce(Response.json([]));
      expect((await clubApi("PATCH", `/${plain.body.data!.clubId}`, creator, { location: "Nowhere at all", geocode: true })).status).toBe(200);
      expect(await positionOf(plain.body.data!.clubId)).toEqual({ latitude: null, longitude: null });
    } finally {
      search.mockRestore();
    }
  });
});

describe("Browse Clubs near me", () => {
  it("sorts the clubs in the band by distance from the rounded position, pages them, and leaves out clubs without one", async () => {
    const creator = await signedInMember();
    const at = (name: string, dLat: number, dLon: number) => createClub(creator.user.id, { name, latitude: HOME.lat + dLat, longitude: HOME.lon + dLon });
    await at("Far Club", 3, 0); // ~333 km
    await at("Next Door Club", 0, 0.02); // ~1.4 km
    await at("Town Club", 0.3, 0); // ~33 km
    await at("Out Of Band Club", 6, 0); // beyond the 5° band
    await createClub(creator.user.id, { name: "Nowhere Club" });
    // The reader's position arrives finer than 1 km; only its rounding is used.
    const query = `lat=${HOME.lat + 0.004}&lon=${HOME.lon - 0.003}`;
    const first = await clubApi<BrowsePage>("GET", `/browse?${query}&limit=2`, creator);
    expect(first.status).toBe(200);
    expect(first.body.data!.items.map((club) => [club.name, club.distanceKm])).toEqual([
      ["Next Door Club", 1],
      ["Town Club", 33],
    ]);
    expect(first.body.data!.prevToken).toBeNull();
    const second = await clubApi<BrowsePage>("GET", `/browse?${query}&limit=2&nextToken=${first.body.data!.nextToken}`, creator);
    expect(second.body.data!.items.map((club) => club.name)).toEqual(["Far Club"]);
    expect(second.body.data!.nextToken).toBeNull();
    const back = await clubApi<BrowsePage>("GET", `/browse?${query}&limit=2&prevToken=${second.body.data!.prevToken}`, creator);
    expect(back.body.data!.items.map((club) => club.name)).toEqual(["Next Door Club", "Town Club"]);
    // Without a position the newest-first order is unchanged and has no distances.
    const plain = await clubApi<BrowsePage>("GET", "/browse?limit=1", creator);
    expect(plain.body.data!.items[0]!.distanceKm).toBeUndefined();
  });

  it("answers 400 for half a position or a bad one, and 401 to visitors", async () => {
    const member = await signedInMember();
    for (const query of ["lat=51.5", "lon=0.1", "lat=abc&lon=0", "lat=91&lon=0", "lat=0&lon=181", "lat=1e2&lon=0"]) {
      expect((await clubApi("GET", `/browse?${query}`, member, undefined, { invalid: true })).status, query).toBe(400);
    }
    expect((await clubApi("GET", "/browse?lat=1&lon=1", null)).status).toBe(401);
  });
});
