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

/** The reading state of the rows the import can add to Wanted instead of the shelf (issue 36). */
export const TO_READ_SHELF = "to-read";

export interface WantableRow extends ChoosableRow {
  keys: readonly (string | number)[];
  onShelf: boolean;
  /** Already on the member's wanted list. */
  wanted: boolean;
}

/**
 * The rows "Add the to-read shelf to Wanted" adds: on the to-read shelf (their reading state), not
 * chosen for the shelf, not on the member's shelf or wanted list already, and not a repeat of an
 * earlier one or of a row chosen for the shelf. The dialog's count and the server's insert both use it.
 */
export function rowsToWant<T extends WantableRow>(rows: readonly T[], choice: ImportChoice): T[] {
  // A book the choice puts on the shelf is not wanted too, wherever its to-read line is.
  const seen = new Set<string | number>(rows.filter((row) => isChosen(row, choice)).flatMap((row) => row.keys));
  return rows.filter((row) => {
    if (row.shelves[0] !== TO_READ_SHELF || isChosen(row, choice) || row.onShelf) return false;
    const repeat = row.keys.some((key) => seen.has(key));
    for (const key of row.keys) seen.add(key);
    return !repeat && !row.wanted;
  });
}
