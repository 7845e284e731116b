import { describe, expect, it } from "vitest";
import { createBooks, createMember, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

async function library(path: string, headers: Record<string, string> = {}) {
  const response = await call(path, { headers });
  return { status: response.status, html: await response.text() };
}

/** The options of the filters' select named `name` (the footer has a "language" select of its own), as [value, label, selected]. */
function options(html: string, name: string): [string, string, boolean][] {
  const select = html.match(new RegExp(`<select[^>]*id="library-${name}"[^>]*>([\\s\\S]*?)</select>`))?.[1] ?? "";
  return [...select.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map(([, attributes, label]) => [
    attributes!.match(/value="([^"]*)"/)?.[1] ?? label!,
    label!,
    /\bselected\b/.test(attributes!),
  ]);
}

describe("/library's language and age group filters", () => {
  it("offers the languages the library's books are in, named in the reader's language, and the four age groups", async () => {
    const owner = await createMember({ name: "Lena Lister" });
    await createBooks(owner.id, [
      { title: "Der Zauberberg", language: "de", ageGroupFine: "adult" },
      { title: "Momo", language: "de", ageGroupFine: "middle_grade" },
      { title: "Le Petit Prince", language: "fr", ageGroupFine: "middle_grade" },
    ]);
    const english = await library("/library");
    expect(english.status).toBe(200);
    const languages = options(english.html, "language");
    expect(languages[0]).toEqual(["", "Any language", true]);
    expect(languages).toContainEqual(["de", "German", false]);
    expect(languages).toContainEqual(["fr", "French", false]);
    expect(options(english.html, "ageGroupFine")).toEqual([
      ["", "Any age", true],
      ["early_reader", "Early reader", false],
      ["middle_grade", "Middle grade", false],
      ["young_adult", "Young adult", false],
      ["adult", "Adult", false],
    ]);

    // In French, the languages' names and the age groups are French.
    const french = await library("/library", { "Accept-Language": "fr" });
    expect(options(french.html, "language")).toContainEqual(["de", "allemand", false]);
    expect(options(french.html, "ageGroupFine")).toContainEqual(["middle_grade", "Jeunesse (8–12 ans)", false]);
  });

  it("narrows the page, keeps the choices selected, and keeps them in the pager's links and the order links", async () => {
    const owner = await createMember({ name: "Pia Pager" });
    await createBooks(owner.id, [
      ...Array.from({ length: 12 }, (_, i) => ({ title: `Racconto ${i}`, language: "it", ageGroupFine: "young_adult" as const })),
      { title: "Romanzo adulto", language: "it", ageGroupFine: "adult" },
      { title: "English tale", language: "en", ageGroupFine: "young_adult" },
    ]);
    const member = await signedInMember({ name: "Vera Viewer" });
    const page = await library("/library?language=it&ageGroupFine=young_adult&limit=10&available=1", { Cookie: member.cookie });
    expect(page.status).toBe(200);
    expect(page.html).toContain("Racconto 11");
    expect(page.html).not.toContain("Romanzo adulto");
    expect(page.html).not.toContain("English tale");
    expect(options(page.html, "language").find(([value]) => value === "it")).toEqual(["it", "Italian", true]);
    expect(options(page.html, "ageGroupFine").find(([value]) => value === "young_adult")?.[2]).toBe(true);
    expect(page.html).toContain("Showing 1–10 of 12 books");
    // A new search keeps the filters (the search form's hidden fields).
    const searchForm = page.html.match(/<form[^>]*role="search"[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(searchForm).toContain('name="language" value="it"');
    expect(searchForm).toContain('name="ageGroupFine" value="young_adult"');
    // The next page's link carries the filters along with its cursor.
    const next = page.html.match(/href="\/library(\?[^"]*nextToken=[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toBeDefined();
    const nextParams = new URLSearchParams(next!.slice(1));
    expect(nextParams.get("language")).toBe("it");
    expect(nextParams.get("ageGroupFine")).toBe("young_adult");
    expect(nextParams.get("available")).toBe("1");
    const second = await library(`/library${next}`, { Cookie: member.cookie });
    expect(second.html).toContain("Racconto 0");
    expect(second.html).not.toContain("English tale");
    const prev = second.html.match(/href="\/library(\?[^"]*prevToken=[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(new URLSearchParams(prev!.slice(1)).get("language")).toBe("it");
    // Newest (an order link) starts the list again but keeps the filters.
    const newest = page.html.match(/href="(\/library\?[^"]*near=off[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(new URLSearchParams(newest!.split("?")[1]).get("language")).toBe("it");
  });

  it("says no book matches the filters, and a bad language falls back to any", async () => {
    const member = await signedInMember({ name: "Ezra Empty" });
    const none = await library("/library?language=tlh", { Cookie: member.cookie });
    expect(none.html).toContain("No books match these filters.");
    // A language no book has yet stays chosen, named as well as the reader's language can.
    expect(options(none.html, "language").find(([value]) => value === "tlh")?.[2]).toBe(true);
    const bad = await library("/library?language=not%20a%20code", { Cookie: member.cookie });
    expect(bad.status).toBe(200);
    expect(options(bad.html, "language")[0]).toEqual(["", "Any language", true]);
  });
});
