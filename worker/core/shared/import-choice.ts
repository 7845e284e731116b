// Which rows of an export get imported: one rule for the import dialog's live count and the server's
// import, so "N books will be added" is what the import adds. Client-safe (no server imports).

/** Reading states a member picks on purpose: wished-for or borrowed books are not theirs to lend. */
export const ON_PURPOSE_SHELVES: readonly string[] = ["to-read", "currently-reading"];

/** Shelves members keep for books they have: "owned", "books-i-own", "i-own-it", "own"... */
const OWNED_SHELF = /^own(-it)?$|(^|-)(owned|i-own)(-|$)/;

export interface ImportChoice {
  /** The rows the export itself marks as owned (Goodreads' Owned Copies, StoryGraph's Owned?). */
  owned: boolean;
  shelves: readonly string[];
}

export interface ChoosableRow {
  owned: boolean;
  shelves: readonly string[];
}

/** Ticked by default: the owned rows and shelves such as "owned"; never "to-read" or "currently-reading". */
export function isDefaultShelf(name: string): boolean {
  return OWNED_SHELF.test(name) && !ON_PURPOSE_SHELVES.includes(name);
}

export function defaultChoice(shelves: readonly { name: string }[]): ImportChoice {
  return { owned: true, shelves: shelves.map((shelf) => shelf.name).filter(isDefaultShelf) };
}

export function isChosen(row: ChoosableRow, choice: ImportChoice): boolean {
  return (choice.owned && row.owned) || row.shelves.some((name) => choice.shelves.includes(name));
}

export type RowFate = "new" | "on-shelf" | "repeat";

/**
 * In file order: a row is on the member's shelf already, a repeat of an earlier chosen row (any key
 * in common), or new. Keys are ISBNs, or title and author when the row has no ISBN.
 */
export function rowFates(rows: readonly { keys: readonly (string | number)[]; onShelf: boolean }[]): RowFate[] {
  const seen = new Set<string | number>();
  return rows.map((row) => {
    const fate: RowFate = row.onShelf ? "on-shelf" : row.keys.some((key) => seen.has(key)) ? "repeat" : "new";
    for (const key of row.keys) seen.add(key);
    return fate;
  });
}

/** The rows the choice adds: chosen, not on the member's shelf, and not a repeat of an earlier one. */
export function rowsToAdd<T extends ChoosableRow & { keys: readonly (string | number)[]; onShelf: boolean }>(rows: readonly T[], choice: ImportChoice): T[] {
  const chosen = rows.filter((row) => isChosen(row, choice));
  const fates = rowFates(chosen);
  return chosen.filter((_, index) => fates[index] === "new");
}
