// The one CSV writer: "Download my books" and an import's failed.csv both go through csvCell.

/**
 * A cell written as Goodreads writes its ISBNs, `="0451526538"`: a formula on purpose, so
 * spreadsheets keep the leading zero. Only this wrapper may start a cell with `=`.
 */
export interface SpreadsheetText {
  readonly spreadsheetText: string;
}
export const spreadsheetText = (value: string): SpreadsheetText => ({ spreadsheetText: value });

export type CsvCellValue = string | number | null | undefined | SpreadsheetText;

/** Leads a spreadsheet reads as a formula (OWASP "CSV Injection"): = + - @, tab and carriage return. */
const FORMULA_LEAD = /^[=+\-@\t\r]/;
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Titles, authors and publishers come from Open Library (anyone can edit it), the cover model and
 * imported files: text that would start a formula gets a leading `'` and is quoted, as OWASP advises.
 */
export function csvCell(value: CsvCellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  // Inside the formula's string literal a quote is doubled, so the value can only ever be text.
  if (typeof value === "object") return quoted(`="${value.spreadsheetText.replace(/"/g, '""')}"`);
  if (FORMULA_LEAD.test(value)) return quoted(`'${value}`);
  // Separators, quotes, line ends, or edge spaces.
  return /[",\r\n]|^\s|\s$/.test(value) ? quoted(value) : value;
}

export function toCsv(header: readonly string[], rows: CsvCellValue[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** A cell csvCell guarded, read back as what it was, so our own export imports again unchanged. */
export function withoutFormulaGuard(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
