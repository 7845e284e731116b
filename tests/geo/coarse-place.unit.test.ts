import { coarsenLocationText } from "@worker/features/geo";
import { describe, expect, it } from "vitest";

/** Issue 34, item 3: coordinates in a free-text location are never finer than the stored position (0.01°). */
describe("coarsenLocationText", () => {
  it.each([
    ["38.7223, -9.1393", "38.72, -9.14"],
    ["38.7223,-9.1393", "38.72,-9.14"],
    ["38.7223,9.1393", "38.72,9.14"],
    ["51.5074, -0.1278", "51.51, -0.13"],
    ["-0.00001, 0.0004", "0.00, 0.00"],
    ["90.0000, -180.0000", "90.00, -180.00"],
    ["N 38.7223 W 9.1393", "N 38.72 W 9.14"],
    ["geo:38.72231,-9.13934", "geo:38.72,-9.14"],
    ["https://maps.example/@38.7223,-9.1393,17z", "https://maps.example/@38.72,-9.14,17z"],
    [`38°43'20.3"N 9°08'21.5"W`, "38.72°N 9.14°W"],
    ["38° 43.345′ N", "38.72°N"],
    ["38,7223, -9,1393", "38,72, -9,14"],
    ["Park (38.722312, -9.139284) by the lake", "Park (38.72, -9.14) by the lake"],
  ])("rounds %j to %j", (written, shown) => {
    expect(coarsenLocationText(written)).toBe(shown);
    // Rounding twice changes nothing.
    expect(coarsenLocationText(shown)).toBe(shown);
  });

  it.each(["Lisbon, Portugal", "38.72, -9.14", "Flat 3.5, 12 Rua X", "1,234 Main St", "Room 1234.5678", "東京都, 日本", ""])("leaves %j as written", (text) => {
    expect(coarsenLocationText(text)).toBe(text);
  });
});
