import { memberAreas } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { page, postForm } from "../helpers/pages";

afterEach(() => {
  vi.restoreAllMocks();
});

const stored = async (userId: string) => (await db.select().from(memberAreas).where(eq(memberAreas.userId, userId)))[0] ?? null;

describe("/profile's My area", () => {
  it("says what others see, and sets, refuses and clears an area from plain forms", async () => {
    const member = await signedInMember({ name: "Pia Profile" });
    const before = await page("/profile", member.cookie);
    expect(before.html).toContain("My area");
    expect(before.html).toContain("never where you are");
    expect(before.html).toContain("No area yet: your books are not near anyone.");

    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json([{ lat: "41.1494512", lon: "-8.6107884", display_name: "Porto, Portugal" }]));
    const set = await postForm("/profile", { area: "place", place: "Porto" }, member.cookie);
    expect(set.status).toBe(200);
    expect(await stored(member.user.id)).toMatchObject({ cellLat: 4115, cellLon: -861, place: "Porto" });
    const after = await page("/profile", member.cookie);
    expect(after.html).toContain("Your area: Porto");
    expect(after.html).not.toContain("4115");
    expect(after.html).not.toContain("41.15");

    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json([]));
    const refused = await postForm("/profile", { area: "place", place: "Nowhere Land" }, member.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("We couldn&#x27;t find that place. Try a town or city name.");
    expect(await stored(member.user.id)).toMatchObject({ place: "Porto" });

    expect((await postForm("/profile", { area: "position", lat: "91", lon: "0" }, member.cookie)).status).toBe(400);
    // Browse Clubs' Near me sorts by the area, without asking the browser.
    const browse = await page("/clubs/browse", member.cookie);
    expect(browse.html).toContain('href="/clubs/browse?near=me"');
    const sorted = await page("/clubs/browse?near=me", member.cookie);
    expect(sorted.status).toBe(200);
    expect(sorted.html).toContain("Sorted by distance from your area.");

    expect((await postForm("/profile", { area: "clear" }, member.cookie)).status).toBe(200);
    expect(await stored(member.user.id)).toBeNull();
    // Without an area, an old near=me link shows the newest clubs, and Near me asks the browser again.
    const cleared = await page("/clubs/browse?near=me", member.cookie);
    expect(cleared.status).toBe(200);
    expect(cleared.html).not.toContain("Sorted by distance");
    expect(cleared.html).not.toContain('href="/clubs/browse?near=me"');
  });
});
