/**
 * An iCalendar (RFC 5545) writer for club meetings: a file per meeting and a member's feed. Times
 * are written in UTC ("…Z"), which every calendar app reads without a VTIMEZONE block; the app shows
 * them in the reader's own zone. Pure, so the unit test checks the bytes.
 */

export interface IcsEvent {
  uid: string;
  /** Epoch ms. */
  startsAt: number;
  durationMinutes: number;
  /** When this version of the event was written: the event's last change. */
  stampedAt: number;
  sequence: number;
  summary: string;
  location: string;
  description: string;
  url: string | null;
  cancelled: boolean;
}

const PRODID = "-//BookClub//Club meetings//EN";

/** 2026-10-25T19:00:00.000Z → 20261025T190000Z (DATE-TIME, UTC form). */
export function icsDateTime(at: number): string {
  return new Date(at)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Line and paragraph separators: some readers break lines at them, so text writes them as "\n". */
const SEPARATORS = /\r\n|[\r\n\u2028\u2029]/g;
/** Any other control character (C0, DEL, C1 with NEL): never written, in any property. */
const CONTROLS = /\p{Cc}/gu;

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11), and lose other controls. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(SEPARATORS, "\\n").replace(CONTROLS, "");
}

/** What no content line may hold: a control or a line or paragraph separator (a line-splitting reader starts a new property there). */
const UNWRITABLE = /[\p{Cc}\u2028\u2029]/u;

const encoder = new TextEncoder();

/**
 * Folds a content line into lines of at most 75 octets (§3.1): each continuation starts with one
 * space. Cuts fall between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  // The first line holds 75 octets; later ones 74 after their leading space.
  let room = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > room) {
      parts.push(current);
      current = "";
      octets = 0;
      room = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function eventLines(event: IcsEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stampedAt)}`,
    `DTSTART:${icsDateTime(event.startsAt)}`,
    `DTEND:${icsDateTime(event.startsAt + event.durationMinutes * 60_000)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push("END:VEVENT");
  return lines;
}

/** A whole VCALENDAR: CRLF line ends, folded lines, one VEVENT per event. */
export function writeCalendar(events: readonly IcsEvent[], name: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  // TEXT is escaped above; a property whose value still holds a control (a URL stored before the
  // links were checked) is refused: left out, rather than split into properties nobody wrote.
  return `${lines
    .filter((line) => !UNWRITABLE.test(line))
    .map(foldLine)
    .join("\r\n")}\r\n`;
}
