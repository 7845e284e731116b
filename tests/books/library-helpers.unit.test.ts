import { decodeCursor, encodeCursor } from "@worker/core/paging";
import { toFtsQuery } from "@worker/core/search-query";
import { audienceOf } from "@worker/core/shared/audience";
import { checkImage } from "@worker/core/shared/image-type";
import { pauseBetweenUploads, retryDelay } from "@worker/core/shared/upload-rules";
import { describe, expect, it } from "vitest";
import { GIF_1PX, JPEG_1PX, PNG_1PX } from "../helpers/images";

describe("search text to FTS5", () => {
  it("quotes every word as a prefix term and drops operators", () => {
    expect(toFtsQuery("  Pride and   Prejudice ")).toBe('"pride"* "and"* "prejudice"*');
    expect(toFtsQuery('title:"x" OR NEAR(a*)')).toBe('"title"* "x" "or"* "near"* "a"');
    expect(toFtsQuery("978-0-14-143947-1")).toBe('"9780141439471"*');
    expect(toFtsQuery("Ærø Überweg")).toBe('"ærø"* "überweg"*');
    expect(toFtsQuery(" -*^ ")).toBeNull();
  });
});

describe("cursors", () => {
  it("round-trip and reject anything else", () => {
    expect(decodeCursor(encodeCursor(123_456))).toBe(123_456);
    for (const bad of ["", "123", "c", "c-1", "cZZ", `c${"z".repeat(12)}`]) expect(decodeCursor(bad)).toBeUndefined();
  });
});

describe("image checks", () => {
  it("recognise JPEG, PNG and GIF by content and refuse the rest", () => {
    expect(checkImage(JPEG_1PX)).toEqual({ ok: true, type: "image/jpeg" });
    expect(checkImage(PNG_1PX)).toEqual({ ok: true, type: "image/png" });
    expect(checkImage(GIF_1PX)).toEqual({ ok: true, type: "image/gif" });
    expect(checkImage(new TextEncoder().encode("GIF89a but not really"))).toEqual({ ok: false, reason: "truncated" });
    expect(checkImage(new TextEncoder().encode("<svg></svg>"))).toEqual({ ok: false, reason: "not-an-image" });
    expect(checkImage(JPEG_1PX.subarray(0, 40))).toEqual({ ok: false, reason: "truncated" });
  });
});

describe("Audience", () => {
  const base = { ageGroupFine: null, advancedMetadata: null, cover_analysis: null };
  it("prefers the book's own age group, then advanced metadata, then the analysis", () => {
    expect(audienceOf({ ...base, ageGroupFine: "adult", advancedMetadata: { metadata: { ageGroupFine: "young_adult" } } })).toBe("adult");
    expect(audienceOf({ ...base, advancedMetadata: { metadata: { ageGroupFine: "young_adult" } } })).toBe("young_adult");
    const analysis = { source: "workers-ai", title_candidates: [], author_candidates: [], categories: [], audience: [], themes: [], content_warnings: [] };
    expect(audienceOf({ ...base, cover_analysis: { ...analysis, age_group: "children" } })).toBe("early_reader");
    expect(audienceOf(base)).toBeNull();
  });
});

describe("upload pacing", () => {
  it("pauses 200/600/1000 ms by batch size and backs off 300 ms doubling to 2000 ms", () => {
    expect([1, 3, 4, 7, 8, 10].map(pauseBetweenUploads)).toEqual([200, 200, 600, 600, 1000, 1000]);
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([300, 600, 1200, 2000, 2000]);
  });
});
