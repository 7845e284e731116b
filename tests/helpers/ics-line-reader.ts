/**
 * A second iCalendar reader for tests, independent of ical.js and of ics-parser.ts: it reads a file
 * the way line-splitting readers do (Python's str.splitlines, many "lenient" calendar importers),
 * breaking lines at CR, LF, VT, FF, the file/group/record separators, NEL, U+2028 and U+2029, then
 * unfolding and taking each line's property name. A writer that lets one of those characters into a
 * value shows up here as a property the strict parser never saw.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are the line breaks it reads
const LINE_BREAKS = /\r\n|[\n\r\v\f\u001C\u001D\u001E\u0085\u2028\u2029]/;

export interface LineProperty {
  name: string;
  value: string;
}

/** Every content line as a line-splitting reader sees it: property name (upper case) and value. */
export function readLikeLineSplitters(text: string): LineProperty[] {
  const lines: string[] = [];
  for (const line of text.split(LINE_BREAKS)) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (lines.length) lines[lines.length - 1] += line.slice(1);
    } else if (line !== "") lines.push(line);
  }
  return lines.map((line) => {
    const end = line.search(/[:;]/);
    const name = (end < 0 ? line : line.slice(0, end)).toUpperCase();
    const colon = line.indexOf(":");
    return { name, value: colon < 0 ? "" : line.slice(colon + 1) };
  });
}

/** The property names in order (BEGIN/END included), e.g. to compare with what the writer meant to write. */
export const propertyNames = (text: string) => readLikeLineSplitters(text).map((property) => property.name);
