import { describe, expect, it } from "vitest";
import { createBook, createMember, placeAt, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

/** The page as a member's browser gets it: its status, HTML and the cookie it sets. */
async function library(path: string, cookie?: string) {
  const response = await call(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, html: await response.text(), setCookie: response.headers.get("Set-Cookie") };
}

describe("/library near me", () => {
  it("opens nearest first for a member with an area, shows 'about 3 km', and remembers Newest", async () => {
    const reader = await signedInMember({ name: "Rita Reader" });
    const neighbour = await createMember({ name: "Nils Neighbour" });
    await placeAt(reader.user.id, { cellLat: 5000, cellLon: 7000 });
    await placeAt(neighbour.id, { cellLat: 5000, cellLon: 7004 });
    await createBook(neighbour.id, { title: "Neighbourly Novel" });

    const near = await library("/library", reader.cookie);
    expect(near.status).toBe(200);
    expect(near.html).toContain("Sorted by distance from your area.");
    expect(near.html).toContain("Neighbourly Novel");
    expect(near.html).toContain("about 3 km");
    expect(near.html).toContain('name="radius"');
    expect(near.html).not.toMatch(/cell_?lat|cell_?lon/i);

    // Newest is remembered for the next visit, and Near me again after that.
    const newest = await library("/library?near=off", reader.cookie);
    expect(newest.setCookie).toContain("library_near=off");
    expect(newest.html).not.toContain("Sorted by distance");
    const later = await library("/library", `${reader.cookie}; library_near=off`);
    expect(later.html).not.toContain("Sorted by distance");
    const again = await library("/library?near=me", `${reader.cookie}; library_near=off`);
    expect(again.setCookie).toContain("library_near=me");
    expect(again.html).toContain("Sorted by distance from your area.");

    // Within 1 km nothing is near yet; the page says so in words.
    const tight = await library("/library?near=me&radius=1", reader.cookie);
    expect(tight.html).toContain("No books within 1 km yet. Try a wider radius.");
  });

  it("asks a member without an area to set one, and shows a visitor the newest books with a Near me button", async () => {
    const member = await signedInMember({ name: "Ned Noarea" });
    const asked = await library("/library?near=me", member.cookie);
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Set your area on your profile to see what is near you.");
    expect(asked.html).toContain('href="/profile#my-area"');
    const visitor = await library("/library");
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain("Near me");
    expect(visitor.html).not.toContain("Sorted by distance");
    expect(visitor.setCookie ?? "").not.toContain("library_near");
    const here = await library("/library?lat=50.001&lon=70.04");
    expect(here.html).toContain("Sorted by distance from about where you are.");
    // A position that is not one falls back to the newest books instead of failing the page.
    expect((await library("/library?lat=91&lon=0")).status).toBe(200);
  });
});
