import { rowsToWant } from "@worker/core/shared/import-choice";
import { describe, expect, it } from "vitest";

const row = (title: string, shelves: string[], keys: number[], extra: Partial<{ owned: boolean; onShelf: boolean; wanted: boolean }> = {}) => ({
  title,
  shelves,
  keys,
  owned: false,
  onShelf: false,
  wanted: false,
  ...extra,
});

describe("rowsToWant: which rows go to Wanted", () => {
  it("takes to-read rows only, once each, never one the choice puts on the shelf, owns already or wants already", () => {
    const rows = [
      row("Dune", ["read", "owned"], [1]),
      row("Dune again", ["to-read"], [1]),
      row("Circe", ["to-read"], [2]),
      row("Circe again", ["to-read"], [2]),
      row("Middlemarch", ["to-read"], [3], { owned: true }),
      row("Piranesi", ["to-read"], [4], { onShelf: true }),
      row("Beloved", ["to-read"], [5], { wanted: true }),
      row("Emma", ["currently-reading"], [6]),
    ];
    expect(rowsToWant(rows, { owned: true, shelves: ["owned"] }).map((r) => r.title)).toEqual(["Circe"]);
    // Ticked for the shelf, to-read rows are not wanted.
    expect(rowsToWant(rows, { owned: false, shelves: ["to-read"] })).toEqual([]);
  });
});
