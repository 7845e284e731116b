import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { page } from "../helpers/pages";
import { clubApi, createClubs } from "./support";

type BrowsePage = { items: { clubId: string; name: string; distanceKm?: number }[]; notPlaced?: number; nextToken: string | null };

/** A spot of this file's own, far from every other test's clubs (the Southern Ocean, south of Tasmania). */
const HOME = { lat: -63.21, lon: 157.37 };

describe("Browse Clubs sorted near me", () => {
  it("says how many clubs have no place set (1 of 6 placed), and lists those on their own", async () => {
    const viewer = await signedInMember();
    const creator = await signedInMember();
    // A word of this test's own: the search keeps every other file's clubs out of the counts.
    const tag = `zq${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
    await createClubs(creator.user.id, [
      { name: `Placed ${tag}`, latitude: HOME.lat, longitude: HOME.lon },
      ...Array.from({ length: 5 }, (_, i) => ({ name: `Unplaced ${i} ${tag}` })),
    ]);

    const near = await clubApi<BrowsePage>("GET", `/browse?search=${tag}&lat=${HOME.lat}&lon=${HOME.lon}`, viewer);
    expect(near.status).toBe(200);
    expect(near.body.data!.items.map((club) => club.name)).toEqual([`Placed ${tag}`]);
    expect(near.body.data!.notPlaced).toBe(5);

    const unplaced = await clubApi<BrowsePage>("GET", `/browse?search=${tag}&unplaced=1`, viewer);
    expect(unplaced.body.data!.items.map((club) => club.name).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `Unplaced ${i} ${tag}`));
    expect(unplaced.body.data!.notPlaced).toBeUndefined();
    expect((await clubApi("GET", "/browse?unplaced=yes", viewer, undefined, { invalid: true })).status).toBe(400);

    // The page says so, with a link to them; that link's page lists the five.
    const sorted = await page(`/clubs/browse?search=${tag}&lat=${HOME.lat}&lon=${HOME.lon}`, viewer.cookie);
    expect(sorted.html).toContain("5 clubs have no place set, so they are not in this list.");
    expect(sorted.html).toContain(`href="/clubs/browse?search=${tag}&amp;unplaced=1"`);
    const listed = await page(`/clubs/browse?search=${tag}&unplaced=1`, viewer.cookie);
    expect(listed.html).toContain("Clubs with no place set, newest first.");
    for (const i of [0, 1, 2, 3, 4]) expect(listed.html).toContain(`Unplaced ${i}`);
    expect(listed.html).not.toContain(`>Placed <`);
  });
});
