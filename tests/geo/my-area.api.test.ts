import { type Cell, cellOf, shownDistanceKm } from "@worker/core/shared/area-cells";
import { books, memberAreas } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clubApi, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import * as recorded from "./fixtures/nominatim";

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Area = { place: string | null };

afterEach(() => {
  vi.restoreAllMocks();
});

/** The maps service answers every look-up with `body` (recorded in Nominatim's shapes). */
const mapsServiceAnswers = (body: unknown) => vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json(body));

const setArea = (member: Member, json: unknown, invalid = false) => api<Area>("/geo/my-area", member, { method: "PUT", json, invalid });
const storedArea = async (member: Member) => (await db.select().from(memberAreas).where(eq(memberAreas.userId, member.user.id)))[0] ?? null;
const bookCell = async (bookId: string) => (await db.select({ cellLat: books.cellLat, cellLon: books.cellLon }).from(books).where(eq(books.id, bookId)))[0];

/** No number that could be a coordinate or a cell of this member in a JSON answer. */
function expectNoPosition(body: unknown, cell: Cell) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/cell_?lat|cell_?lon|latitude|longitude|"lat"|"lon"/i);
  expect(text).not.toContain(String(cell.cellLat));
  expect(text).not.toContain(String(cell.cellLon));
}

describe("My area", () => {
  it("is for members only", async () => {
    const fetch = mapsServiceAnswers(recorded.cityInState);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await call("/api/geo/my-area", { method, json: method === "PUT" ? { place: "Austin" } : undefined });
      expect(response.status).toBe(401);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it("from the browser's position keeps only the 0.01° cell and a place's name, and copies the cell onto the member's books", async () => {
    const member = await signedInMember({ name: "Ana Area" });
    const before = await createBook(member.user.id, { title: "Listed before the area" });
    expect((await api<Area>("/geo/my-area", member)).body).toEqual({ success: true, data: { place: null } });
    mapsServiceAnswers(recorded.cityInState);
    const set = await setArea(member, { lat: 30.267153, lon: -97.743057 });
    expect(set).toEqual({ status: 200, body: { success: true, data: { place: "Austin, Texas" } } });
    const cell = { cellLat: 3027, cellLon: -9774 };
    expect(await storedArea(member)).toMatchObject({ ...cell, place: "Austin, Texas" });
    const after = await createBook(member.user.id, { title: "Listed after the area" });
    expect(await bookCell(before.id)).toEqual(cell);
    expect(await bookCell(after.id)).toEqual(cell);

    // No answer carries it: my area, my book's page, my profile.
    const mine = await api<Area>("/geo/my-area", member);
    expect(mine.body).toEqual({ success: true, data: { place: "Austin, Texas" } });
    expectNoPosition(mine.body, cell);
    const page = await api(`/books/${after.id}`, member);
    expect(page.status).toBe(200);
    expectNoPosition(page.body, cell);
    const library = await api(`/books?search=${encodeURIComponent("Listed after the area")}`, null);
    expectNoPosition(library.body, cell);
    const profile = await api(`/users/${member.user.id}`, member);
    expectNoPosition(profile.body, cell);

    // Nor my own data download: area.json has the place's name alone, books.json no cell.
    const zip = await call("/api/users/me/data", { cookie: member.cookie });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const area = JSON.parse(strFromU8(files["area.json"]!));
    expect(Object.keys(area).sort()).toEqual(["place", "updatedAt"]);
    expect(area.place).toBe("Austin, Texas");
    expectNoPosition(JSON.parse(strFromU8(files["books.json"]!)), cell);
  });

  it("from a typed place is looked up, and kept under the name typed", async () => {
    const member = await signedInMember({ name: "Bo Place" });
    const fetch = mapsServiceAnswers([{ place_id: 1, lat: "38.7077507", lon: "-9.1365919", display_name: "Lisboa, Portugal", type: "city" }]);
    const set = await setArea(member, { place: "  Lisbon " });
    expect(set).toEqual({ status: 200, body: { success: true, data: { place: "Lisbon" } } });
    expect(new URL(String(fetch.mock.calls[0]![0])).pathname).toBe("/search");
    expect(await storedArea(member)).toMatchObject({ cellLat: 3871, cellLon: -914, place: "Lisbon" });
  });

  it.each([
    ["no match", []],
    ["an error answer", recorded.unableToGeocode],
    ["a malformed answer", [{ lat: "north", lon: "-9.1" }]],
  ])("refuses a place the maps service cannot place (%s) with a 400, and keeps the area there was", async (_case, answer) => {
    const member = await signedInMember();
    mapsServiceAnswers([{ lat: "51.5073219", lon: "-0.1276474", display_name: "London" }]);
    await setArea(member, { place: "London" });
    mapsServiceAnswers(answer);
    expect(await setArea(member, { place: "Atlantis" })).toEqual({
      status: 400,
      body: { success: false, error: "We couldn't find that place. Try a town or city name." },
    });
    expect(await storedArea(member)).toMatchObject({ cellLat: 5151, cellLon: -13, place: "London" });
  });

  it("refuses a maps service that cannot be reached the same way", async () => {
    const member = await signedInMember();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    expect((await setArea(member, { place: "Porto" })).status).toBe(400);
    expect(await storedArea(member)).toBeNull();
  });

  it.each([
    [{ lat: 91, lon: 0 }, "lat: lat must be between -90 and 90"],
    [{ lat: 10, lon: -180.5 }, "lon: lon must be between -180 and 180"],
    [{ lat: 10 }, "Send your position (lat and lon) or a place's name."],
    [{ lon: 10 }, "Send your position (lat and lon) or a place's name."],
    [{}, "Send your position (lat and lon) or a place's name."],
    [{ lat: 10, lon: 10, place: "Paris" }, "Send your position (lat and lon) or a place's name."],
    [{ place: "   " }, "place: Please type a place's name."],
    [{ lat: "10", lon: "10" }, "lat: lat must be a decimal number"],
  ])("refuses %j with a 400 and a clear message, storing nothing", async (json, error) => {
    const member = await signedInMember();
    const fetch = mapsServiceAnswers(recorded.cityInState);
    const answer = await setArea(member, json, true);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: expect.stringContaining(error) });
    expect(fetch).not.toHaveBeenCalled();
    expect(await storedArea(member)).toBeNull();
  });

  it("cleared, leaves the member and their books near no one", async () => {
    const member = await signedInMember();
    const book = await createBook(member.user.id);
    mapsServiceAnswers(recorded.townInCountry);
    await setArea(member, { lat: 48.85, lon: 2.35 });
    expect(await bookCell(book.id)).toEqual({ cellLat: 4885, cellLon: 235 });
    expect((await api<Area>("/geo/my-area", member, { method: "DELETE" })).body).toEqual({ success: true, data: { place: null } });
    expect(await storedArea(member)).toBeNull();
    expect(await bookCell(book.id)).toEqual({ cellLat: null, cellLon: null });
  });

  it("goes with the account", async () => {
    const member = await signedInMember();
    mapsServiceAnswers(recorded.townInCountry);
    await setArea(member, { lat: 52.52, lon: 13.4 });
    const deleted = await api("/users/me", member, { method: "DELETE", json: { confirm: "DELETE" } });
    expect(deleted.status).toBe(200);
    expect(await storedArea(member)).toBeNull();
  });
});

describe("Distances others see", () => {
  it("say nothing finer than the cell: from 200 positions around, every point of a member's cell gets the same answers", () => {
    const home = { lat: 38.72345, lon: -9.13987 };
    const stored = cellOf(home);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const viewers = Array.from({ length: 200 }, () => cellOf({ lat: home.lat + (random() - 0.5) * 0.1, lon: home.lon + (random() - 0.5) * 0.1 }));
    const answers = viewers.map((viewer) => shownDistanceKm(viewer, stored));
    // Any other position in the same cell (a grid across it) is stored as the same cell, so it answers identically:
    // the answers cannot tell the true position from any other in the cell.
    for (let i = -4; i <= 4; i++)
      for (let j = -4; j <= 4; j++) {
        const elsewhere = cellOf({ lat: stored.cellLat / 100 + i * 0.001, lon: stored.cellLon / 100 + j * 0.001 });
        expect(elsewhere).toEqual(stored);
        expect(viewers.map((viewer) => shownDistanceKm(viewer, elsewhere))).toEqual(answers);
      }
    // And they are whole kilometres, "under 1 km" (0) at the floor.
    expect(answers.every((km) => Number.isInteger(km) && km >= 0)).toBe(true);
    expect(answers).toContain(0);
  });
});

describe("Clubs near my area", () => {
  /** Pitcairn, far from every other test's clubs, so the band holds only ours. */
  const HOME = { lat: -25.07, lon: -130.1 };

  it("sorts by my stored area without a position from the browser, and asks for an area when there is none", async () => {
    const member = await signedInMember();
    const near = (await setupClubs(member)).near;
    expect((await clubApi<{ items: unknown[] }>("GET", "/browse?near=me", member)).body).toEqual({
      success: false,
      error: "Set your area on your profile to see what is near you.",
    });
    mapsServiceAnswers(recorded.townInCountry);
    await setArea(member, { lat: HOME.lat, lon: HOME.lon });
    const page = await clubApi<{ items: { name: string; distanceKm?: number }[] }>("GET", "/browse?near=me", member);
    expect(page.status).toBe(200);
    expect(page.body.data!.items.slice(0, 2).map((club) => [club.name, club.distanceKm])).toEqual([
      [near, 1],
      ["Pitcairn Far Club", 33],
    ]);
  });

  async function setupClubs(member: Member) {
    const near = `Pitcairn Near Club ${crypto.randomUUID().slice(0, 6)}`;
    await createClub(member.user.id, { name: near, latitude: HOME.lat, longitude: HOME.lon + 0.01 });
    await createClub(member.user.id, { name: "Pitcairn Far Club", latitude: HOME.lat + 0.3, longitude: HOME.lon });
    return { near };
  }
});
