import { describe, expect, it } from "vitest";
import {
  GOODREADS_HEADER,
  MAX_IMPORT_ROWS,
  NOT_AN_EXPORT,
  NO_TITLE,
  STORYGRAPH_HEADER,
  TOO_MANY_ROWS,
  ImportFileError,
  parseImportCsv,
  unquoteSpreadsheetValue,
} from "../../worker/services/import-csv";
import { toCsv } from "../../worker/services/csv-cells";
import goodreadsCsv from "./fixtures/goodreads-library-export.csv?raw";
import shortRowCsv from "./fixtures/goodreads-short-row.csv?raw";
import unclosedCsv from "./fixtures/goodreads-unclosed-quote.csv?raw";
import notAnExportCsv from "./fixtures/not-an-export.csv?raw";
import storygraphCsv from "./fixtures/storygraph-export.csv?raw";

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
    expect(parsed.books.map((book) => book.title)).toEqual([
      "Pride and Prejudice",
      "1984",
      "To Kill a Mockingbird",
      "Pride and Prejudice",
      "The Great Gatsby",
    ]);
  });

  it("unwraps Goodreads' =\"...\" ISBN quoting, keeping the leading zero", () => {
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

  it("reads Read Status and Owned? as shelves, and a StoryGraph UID as no ISBN", () => {
    expect(parsed.source).toBe("storygraph");
    expect(parsed.books).toHaveLength(4);
    expect(parsed.books[0]).toMatchObject({ line: 2, title: "Middlemarch", author: "George Eliot", isbn13: "9780061120084", shelves: ["read", "owned"] });
    expect(parsed.books[1]).toMatchObject({ title: "The Left Hand of Darkness", isbn13: null, isbn10: null, shelves: ["to-read"] });
    expect(parsed.books[2]).toMatchObject({ title: "Beloved", shelves: ["did-not-finish", "owned"] });
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
    const exactly = toCsv(STORYGRAPH_HEADER, Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => row(i)));
    expect(parseImportCsv(exactly).books).toHaveLength(MAX_IMPORT_ROWS);
    const over = toCsv(STORYGRAPH_HEADER, Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => row(i)));
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
