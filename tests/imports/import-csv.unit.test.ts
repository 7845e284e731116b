import { defaultChoice, isChosen, isDefaultShelf, ON_PURPOSE_SHELVES, rowFates } from "@worker/core/shared/import-choice";
import { toCsv } from "@worker/features/imports/csv-cells";
import {
  GOODREADS_HEADER,
  ImportFileError,
  MAX_IMPORT_ROWS,
  NO_TITLE,
  NOT_AN_EXPORT,
  parseImportCsv,
  STORYGRAPH_HEADER,
  TOO_MANY_ROWS,
  unquoteSpreadsheetValue,
} from "@worker/features/imports/import-csv";
import { describe, expect, it } from "vitest";
import goodreadsCsv from "./fixtures/goodreads-library-export.csv?raw";
import goodreadsToReadCsv from "./fixtures/goodreads-mostly-to-read.csv?raw";
import shortRowCsv from "./fixtures/goodreads-short-row.csv?raw";
import unclosedCsv from "./fixtures/goodreads-unclosed-quote.csv?raw";
import notAnExportCsv from "./fixtures/not-an-export.csv?raw";
import storygraphCsv from "./fixtures/storygraph-export.csv?raw";
import storygraphOwnedCsv from "./fixtures/storygraph-owned-export.csv?raw";

function refusal(text: string): ImportFileError {
  try {
    parseImportCsv(text);
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error("The file was accepted");
}

describe("parseImportCsv: Goodreads", () => {
  const parsed = parseImportCsv(goodreadsCsv);

  it("reads a real export with its BOM and CRLF line ends", () => {
    expect(goodreadsCsv.startsWith("\uFEFF")).toBe(true);
    expect(goodreadsCsv).toContain("\r\n");
    expect(parsed.source).toBe("goodreads");
    expect(parsed.books.map((book) => book.title)).toEqual(["Pride and Prejudice", "1984", "To Kill a Mockingbird", "Pride and Prejudice", "The Great Gatsby"]);
  });

  it('unwraps Goodreads\' ="..." ISBN quoting, keeping the leading zero', () => {
    expect(unquoteSpreadsheetValue('="0451526538"')).toBe("0451526538");
    expect(parsed.books[1]).toMatchObject({ title: "1984", isbn10: "0451526538", isbn13: "9780451526533" });
  });

  it("counts lines from the file, so a quoted newline moves the following rows down", () => {
    // Line 2's review spans two lines: 1984 starts on line 4.
    expect(parsed.books.map((book) => book.line)).toEqual([2, 4, 5, 6, 7]);
  });

  it("keeps a row with no ISBN, and puts the exclusive shelf first, then the other shelves", () => {
    expect(parsed.books[2]).toMatchObject({ isbn10: null, isbn13: null, shelves: ["currently-reading", "owned", "favourites"] });
    expect(parsed.books[0]!.shelves).toEqual(["read", "owned"]);
  });

  it("lists a row without a title as failed, with its line", () => {
    expect(parsed.failures).toEqual([{ line: 8, title: "", author: "Nobody", reason: NO_TITLE }]);
  });
});

describe("parseImportCsv: StoryGraph", () => {
  const parsed = parseImportCsv(storygraphCsv);

  it("reads Read Status as the shelf, Owned? as owned, and a StoryGraph UID as no ISBN", () => {
    expect(parsed.source).toBe("storygraph");
    expect(parsed.books).toHaveLength(4);
    expect(parsed.books[0]).toMatchObject({ line: 2, title: "Middlemarch", author: "George Eliot", isbn13: "9780061120084", shelves: ["read"], owned: true });
    expect(parsed.books[1]).toMatchObject({ title: "The Left Hand of Darkness", isbn13: null, isbn10: null, shelves: ["to-read"], owned: false });
    expect(parsed.books[2]).toMatchObject({ title: "Beloved", shelves: ["did-not-finish"], owned: true });
  });
});

describe("parseImportCsv: which books the member owns", () => {
  it("reads Goodreads' Owned Copies: a real export where most rows are on to-read", () => {
    const parsed = parseImportCsv(goodreadsToReadCsv);
    expect(parsed.books).toHaveLength(16);
    expect(parsed.books.filter((book) => book.shelves[0] === "to-read")).toHaveLength(10);
    expect(parsed.books.filter((book) => book.owned).map((book) => [book.title, book.shelves[0]])).toEqual([
      ["The Hobbit", "read"],
      ["Dune", "read"],
      ["Piranesi", "currently-reading"],
      ["Middlemarch", "to-read"],
    ]);
    // Beloved is on the member's own "owned" shelf, with Owned Copies left at 0.
    expect(parsed.books.find((book) => book.title === "Beloved")).toMatchObject({ owned: false, shelves: ["read", "owned", "classics"] });
  });

  it("reads StoryGraph's Owned?", () => {
    const parsed = parseImportCsv(storygraphOwnedCsv);
    expect(parsed.books.filter((book) => book.owned).map((book) => [book.title, book.shelves[0]])).toEqual([
      ["The Left Hand of Darkness", "read"],
      ["The Fifth Season", "currently-reading"],
      ["The Ministry for the Future", "to-read"],
    ]);
  });
});

describe("the import choice (shared by the dialog and the server)", () => {
  it('ticks the owned rows and shelves such as "owned" by default, never to-read or currently-reading', () => {
    const shelves = ["read", "to-read", "currently-reading", "owned", "books-i-own", "i-own-it", "own-voices", "favourites"].map((name) => ({ name }));
    expect(defaultChoice(shelves)).toEqual({ owned: true, shelves: ["owned", "books-i-own", "i-own-it"] });
    for (const name of ON_PURPOSE_SHELVES) expect(isDefaultShelf(name)).toBe(false);
  });

  it("chooses a row that is owned or on a chosen shelf, and counts repeats and books on the shelf once", () => {
    const rows = [
      { owned: true, shelves: ["to-read"], keys: [1], onShelf: false },
      { owned: false, shelves: ["to-read"], keys: [2], onShelf: false },
      { owned: false, shelves: ["read", "owned"], keys: [3], onShelf: true },
      { owned: false, shelves: ["read"], keys: [1, 4], onShelf: false },
    ];
    const chosen = rows.filter((row) => isChosen(row, { owned: true, shelves: ["read"] }));
    expect(chosen).toEqual([rows[0], rows[2], rows[3]]);
    expect(rowFates(chosen)).toEqual(["new", "on-shelf", "repeat"]);
    expect(rows.filter((row) => isChosen(row, { owned: false, shelves: [] }))).toEqual([]);
  });
});

describe("parseImportCsv: bad files", () => {
  it("names the line of a quote that is never closed", () => {
    expect(refusal(unclosedCsv).message).toMatch(/^Line 3: a quoted field is never closed/);
  });

  it("fails a row with too few fields, naming its line, and reads the others", () => {
    const parsed = parseImportCsv(shortRowCsv);
    expect(parsed.failures).toEqual([{ line: 3, title: "Persuasion", author: "", reason: "Expected 24 fields, found 3" }]);
    expect(parsed.books.map((book) => book.title)).toEqual(["Emma", "Sense and Sensibility"]);
  });

  it("refuses a CSV that is neither site's export, naming the header line", () => {
    expect(refusal(notAnExportCsv).message).toBe(NOT_AN_EXPORT);
    expect(refusal("").message).toBe("The file is empty.");
    expect(refusal("\uFEFF\r\n").message).toBe("The file is empty.");
  });

  it("refuses more than 5,000 rows as too large", () => {
    const row = (i: number) => [`Book ${i}`, "Author", "", "", "paperback", "read", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "No"];
    const exactly = toCsv(
      STORYGRAPH_HEADER,
      Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => row(i)),
    );
    expect(parseImportCsv(exactly).books).toHaveLength(MAX_IMPORT_ROWS);
    const over = toCsv(
      STORYGRAPH_HEADER,
      Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => row(i)),
    );
    const error = refusal(over);
    expect(error.message).toBe(TOO_MANY_ROWS);
    expect(error.tooLarge).toBe(true);
  });

  it("writes CSV that reads back: quotes, commas and newlines survive", () => {
    const cells = GOODREADS_HEADER.map(() => "");
    cells[1] = 'Title, with "quotes"\nand a newline';
    cells[2] = "Someone";
    cells[18] = "read";
    const parsed = parseImportCsv(toCsv(GOODREADS_HEADER, [cells]));
    expect(parsed.books[0]).toMatchObject({ title: 'Title, with "quotes" and a newline', author: "Someone", line: 2 });
  });
});
