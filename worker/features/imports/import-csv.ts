import { translate } from "@worker/core/i18n/request-language";
import { normalizeIsbn } from "@worker/core/shared/isbn";
import { sanitizeText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import type { ImportSource } from "@worker/db/schema";
import { CsvError, parse } from "csv-parse/sync";
import { withoutFormulaGuard } from "./csv-cells";

/** Limits from the issue: a Goodreads export of a long reading life is well under both. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5_000;

export const IMPORT_TOO_LARGE = msg("The file is larger than 5 MB. Export fewer shelves, or split the file.");
export const TOO_MANY_ROWS = msg("The file has more than 5,000 books. Split it and import each part.");
export const NOT_AN_EXPORT = msg("Line 1: this is not a Goodreads or StoryGraph export (its header row has neither site's columns).");
export const EMPTY_FILE = msg("The file is empty.");
/**
 * Why a row was not added. Stored in English with the row (the queue's consumer writes them too,
 * with no reader) and written in the reader's language when shown (`rowReason`).
 */
export const NO_TITLE = msg("No title");
export const DUPLICATE_IN_FILE = msg("Same book as an earlier line");
export const ALREADY_ON_SHELF = msg("Already on your shelf");

/**
 * A stored row's reason in the request's language: the texts above are catalogue keys; a reason
 * written in the importing member's language when the file was read passes through unchanged.
 */
export const rowReason = (reason: string) => translate(reason);

/** The real export headers; a file is recognised by the columns it must have to be read at all. */
export const GOODREADS_HEADER = [
  "Book Id",
  "Title",
  "Author",
  "Author l-f",
  "Additional Authors",
  "ISBN",
  "ISBN13",
  "My Rating",
  "Average Rating",
  "Publisher",
  "Binding",
  "Number of Pages",
  "Year Published",
  "Original Publication Year",
  "Date Read",
  "Date Added",
  "Bookshelves",
  "Bookshelves with positions",
  "Exclusive Shelf",
  "My Review",
  "Spoiler",
  "Private Notes",
  "Read Count",
  "Owned Copies",
] as const;
export const STORYGRAPH_HEADER = [
  "Title",
  "Authors",
  "Contributors",
  "ISBN/UID",
  "Format",
  "Read Status",
  "Date Added",
  "Last Date Read",
  "Dates Read",
  "Read Count",
  "Moods",
  "Pace",
  "Character- or Plot-Driven?",
  "Strong Character Development?",
  "Loveable Characters?",
  "Diverse Characters?",
  "Flawed Characters?",
  "Star Rating",
  "Review",
  "Content Warnings",
  "Content Warning Description",
  "Tags",
  "Owned?",
] as const;

/** One book read from a line of the file (the line where its record starts, 1 = the header). */
export interface CsvBook {
  line: number;
  title: string;
  author: string;
  isbn10: string | null;
  isbn13: string | null;
  /** Every shelf the row is on; the first is its reading state (read, to-read, ...). */
  shelves: string[];
  /** The export says the member has the book (Goodreads' Owned Copies, StoryGraph's Owned?). */
  owned: boolean;
}

export interface CsvFailure {
  line: number;
  title: string;
  author: string;
  reason: string;
}

/** The column each site marks owned books in, named as the preview shows it. */
export const OWNED_COLUMN = { goodreads: "Owned Copies", storygraph: "Owned?" } as const satisfies Record<ImportSource, string>;

export interface ParsedImport {
  source: ImportSource;
  books: CsvBook[];
  failures: CsvFailure[];
}

type Values = Record<string, string | number>;

/** A whole file refused (not a row): the message names the line. `key` is its catalogue text, `message` that in the request's language. */
export class ImportFileError extends Error {
  constructor(
    readonly key: string,
    readonly values?: Values,
    readonly tooLarge = false,
  ) {
    super(translate(key, values));
    this.name = "ImportFileError";
  }
}

/** Goodreads writes ISBNs as `="0451526538"` so spreadsheets keep the leading zero. */
export function unquoteSpreadsheetValue(value: string): string {
  const match = /^="(.*)"$/.exec(value.trim());
  return (match?.[1] ?? value).trim();
}

const clean = (value: string | undefined, max: number) =>
  sanitizeText(withoutFormulaGuard(value ?? ""))
    .slice(0, max)
    .trim();

function shelfName(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, "-").slice(0, 60);
}

function detectSource(header: string[]): ImportSource | null {
  const has = (names: readonly string[]) => names.every((name) => header.includes(name));
  if (has(["Title", "Author", "ISBN", "ISBN13", "Exclusive Shelf"])) return "goodreads";
  if (has(["Title", "Authors", "ISBN/UID", "Read Status"])) return "storygraph";
  return null;
}

function readGoodreads(cell: (name: string) => string): Omit<CsvBook, "line"> {
  const isbns = normalizeIsbn(unquoteSpreadsheetValue(cell("ISBN13"))) ?? normalizeIsbn(unquoteSpreadsheetValue(cell("ISBN")));
  const exclusive = shelfName(cell("Exclusive Shelf"));
  const others = cell("Bookshelves").split(",").map(shelfName).filter(Boolean);
  return {
    title: clean(cell("Title"), 300),
    author: clean(cell("Author"), 200),
    isbn10: isbns?.isbn10 ?? null,
    isbn13: isbns?.isbn13 ?? null,
    shelves: [...new Set([exclusive, ...others].filter(Boolean))],
    owned: Number.parseInt(cell("Owned Copies"), 10) > 0,
  };
}

function readStoryGraph(cell: (name: string) => string): Omit<CsvBook, "line"> {
  // ISBN/UID holds a StoryGraph id when the edition has no ISBN: not an ISBN, so no ISBN.
  const isbns = normalizeIsbn(unquoteSpreadsheetValue(cell("ISBN/UID")));
  return {
    title: clean(cell("Title"), 300),
    author: clean(cell("Authors"), 200),
    isbn10: isbns?.isbn10 ?? null,
    isbn13: isbns?.isbn13 ?? null,
    shelves: [shelfName(cell("Read Status"))].filter(Boolean),
    owned: /^yes$/i.test(cell("Owned?").trim()),
  };
}

function csvError(error: CsvError, lastRecordLine: number): ImportFileError {
  const line = (error as CsvError & { lines?: number }).lines ?? 1;
  // The parser reports the end of the file; the open quote is on the record after the last whole one.
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return new ImportFileError(msg("Line {line}: a quoted field is never closed."), { line: lastRecordLine + 1 });
  if (error.code === "CSV_INVALID_CLOSING_QUOTE" || error.code === "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE")
    return new ImportFileError(msg("Line {line}: a quote appears inside a field that is not quoted properly."), { line });
  // The parser's own words stay as it wrote them.
  const detail = error.message.replace(/^Invalid \w+:\s*/i, "");
  return new ImportFileError(msg("Line {line}: the file is not valid CSV ({detail})."), { line, detail });
}

/**
 * Reads a Goodreads or StoryGraph export: BOM, CRLF and quoted newlines are the parser's job
 * (csv-parse, docs/decisions/008-csv-import.md); rows it cannot read become failures with their
 * line, and a file that is not an export at all is refused naming the line.
 */
export function parseImportCsv(text: string): ParsedImport {
  if (!text.replace(/^\uFEFF/, "").trim()) throw new ImportFileError(EMPTY_FILE);
  let records: { record: string[]; info: { lines: number; invalid_field_length: number } }[];
  let lastRecordLine = 0;
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      // Goodreads writes ISBNs as ="0451526538"; some tools save them unquoted, quotes and all.
      relax_quotes: true,
      skip_empty_lines: true,
      // One more than allowed (plus the header) is enough to know the file is too long.
      to: MAX_IMPORT_ROWS + 2,
      on_record: (record, context) => {
        lastRecordLine = context.lines;
        return record;
      },
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw csvError(error, lastRecordLine);
    throw error;
  }
  const [first, ...rows] = records;
  if (!first) throw new ImportFileError(EMPTY_FILE);
  const header = first.record.map((name) => name.trim());
  const source = detectSource(header);
  if (!source) throw new ImportFileError(NOT_AN_EXPORT);
  if (rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(TOO_MANY_ROWS, undefined, true);

  const columns = new Map(header.map((name, index) => [name, index]));
  const books: CsvBook[] = [];
  const failures: CsvFailure[] = [];
  for (const { record, info } of rows) {
    // info.lines is the line the record ends on; a record spanning lines starts earlier.
    const line = info.lines - (record.join(",").match(/\r\n|\n|\r/g)?.length ?? 0);
    const cell = (name: string) => record[columns.get(name) ?? -1] ?? "";
    if (record.length !== header.length) {
      // Written in the importing member's language: it names numbers, so it is no key to translate later.
      const reason = translate("Expected {expected} fields, found {found}", { expected: header.length, found: record.length });
      failures.push({ line, title: clean(cell("Title"), 300), author: "", reason });
      continue;
    }
    const book = source === "goodreads" ? readGoodreads(cell) : readStoryGraph(cell);
    if (!book.title) failures.push({ line, title: "", author: book.author, reason: NO_TITLE });
    else books.push({ line, ...book });
  }
  return { source, books, failures };
}

/** Title and author compared loosely: case, accents kept, punctuation and spacing ignored. */
export function titleAuthorKey(title: string, author: string): string {
  const norm = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return `${norm(title)}|${norm(author)}`;
}

/** The keys a book is known by: its ISBNs when it has any, else its title and author. */
export function bookKeys(book: { title: string; author: string; isbn10: string | null; isbn13: string | null }): string[] {
  const keys = [book.isbn13 && `isbn13:${book.isbn13}`, book.isbn10 && `isbn10:${book.isbn10}`].filter((key): key is string => Boolean(key));
  return keys.length ? keys : [`title:${titleAuthorKey(book.title, book.author)}`];
}

/** Every key of an owned book: ISBNs and title+author, so a CSV row without ISBN still matches it. */
export function ownedBookKeys(book: { title: string; author: string; isbn10: string | null; isbn13: string | null }): string[] {
  return [...bookKeys(book), `title:${titleAuthorKey(book.title, book.author)}`];
}
