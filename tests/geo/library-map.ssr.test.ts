import { describe, expect, it } from "vitest";
import { createBook, createMember, placeAt, signedInMember } from "../helpers/fixtures";
import { page } from "../helpers/pages";

describe("/library/map", () => {
  it("draws the recorded tiles, rings and one button per 0.1° place for a member with an area, and links to the list", async () => {
    const reader = await signedInMember({ name: "Mara Mapper" });
    const neighbour = await createMember({ name: "Nico Nearby" });
    await placeAt(reader.user.id, { cellLat: 7103, cellLon: 10103 });
    await placeAt(neighbour.id, { cellLat: 7105, cellLon: 10105 });
    await createBook(neighbour.id, { title: "Mapped Memoir" });

    const map = await page("/library/map", reader.cookie);
    expect(map.status).toBe(200);
    const html = map.html;
    expect(html).toContain("Library map");
    expect(html).toMatch(/<image[^>]+href="\/dev-tiles\/\d+\/\d+\/\d+\.png"/);
    // The page's CSP allows no inline styles: everything on the map is placed by SVG attributes.
    expect(html).not.toMatch(/<(img|button|image|div)[^>]+style="/);
    expect(html).toContain("© OpenStreetMap contributors");
    expect(html).toMatch(/<button[^>]+aria-label="1 book, about 2 km away"/);
    expect(html).toContain('aria-label="Zoom in"');
    expect(html).toContain("<circle");
    expect(html).toContain('href="/library?near=me&amp;radius=25"');
    // Nothing finer than the tile: neither member's cell, in degrees, is on the page.
    for (const degrees of ["71.03", "101.03", "71.05", "101.05"]) expect(html).not.toContain(degrees);
    // A radius not offered falls back to the default instead of failing the page.
    expect((await page("/library/map?radius=3", reader.cookie)).status).toBe(200);

    // The library links to the map.
    const library = (await page("/library", reader.cookie)).html;
    expect(library).toContain('href="/library/map"');
  });

  it("asks a member without an area to set one, and offers a visitor their location for this visit", async () => {
    const member = await signedInMember({ name: "Otto Noarea" });
    const asked = (await page("/library/map", member.cookie)).html;
    expect(asked).toContain("Set your area on your profile to see what is near you.");
    expect(asked).not.toMatch(/<image[^>]+href="\/dev-tiles\//);
    const visitor = await page("/library/map");
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain("Use my location");
    const here = (await page("/library/map?lat=71.03&lon=101.03&radius=5")).html;
    expect(here).toContain("Around about where you are.");
    expect(here).toContain('href="/library?lat=71.03&amp;lon=101.03&amp;radius=5"');
  });
});
