/**
 * The one family every page writes dates in: a day ("25 Nov 2026"), a day with its time
 * ("25 Nov 2026, 08:21"), a near day without its year ("12 Dec") and relative times ("5 minutes
 * ago"), each in the reader's locale (the page's language, with the browser's region when it names
 * one) and zone. Shared by the Worker and the browser bundle; pages get the reader from the root
 * loader, so the server's render and the hydrated page agree. Intl writes the words of dates and
 * relative times itself, so this module needs no catalogue.
 */

/** Whose eyes a date is written for. */
export interface Reader {
  /** A BCP 47 locale Intl accepts, e.g. "en-GB". */
  locale: string;
  /** An IANA zone, e.g. "Europe/Lisbon". */
  timeZone: string;
}

/** English's locale when no region is known: day-month-year, which reads unambiguously worldwide. */
export const DEFAULT_LOCALE = "en-GB";
export const UTC_READER: Reader = { locale: DEFAULT_LOCALE, timeZone: "UTC" };

/**
 * Building an Intl.DateTimeFormat costs tens of microseconds, far more than formatting with one,
 * and list pages format a date per row. Formats are kept per locale and options; locales and zones
 * in use are a small set, so the cache stays small.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const DAY = { day: "numeric", month: "short", year: "numeric" } as const;
const NEAR_DAY = { day: "numeric", month: "short" } as const;
const TIME = { hour: "2-digit", minute: "2-digit" } as const;

/** "25 Nov 2026" (en-GB) or "Nov 25, 2026" (en-US). */
export function formatDay(at: number, reader: Reader): string {
  return dateFormat(reader.locale, { ...DAY, timeZone: reader.timeZone }).format(at);
}

/** "March 2025": a month and its year (how long someone has been a member). */
export function formatMonth(at: number, reader: Reader): string {
  return dateFormat(reader.locale, { month: "long", year: "numeric", timeZone: reader.timeZone }).format(at);
}

/** "25 Nov 2026, 08:21". */
export function formatDayTime(at: number, reader: Reader): string {
  return dateFormat(reader.locale, { ...DAY, ...TIME, timeZone: reader.timeZone }).format(at);
}

/** "12 Dec", with the year only when it is not the reader's current one. */
export function formatNearDay(at: number, reader: Reader, now: number): string {
  const year = (instant: number) => dateFormat("en-CA", { year: "numeric", timeZone: reader.timeZone }).format(instant);
  const options = year(at) === year(now) ? NEAR_DAY : DAY;
  return dateFormat(reader.locale, { ...options, timeZone: reader.timeZone }).format(at);
}

/**
 * A calendar day with no time ("2026-12-16": a due date, a publication day) as "16 Dec 2026", or
 * "16 Dec" when `today` is in the same year. Read in UTC, so it is the same day in every zone.
 */
export function formatCalendarDay(day: string, locale: string, today?: string): string {
  const options = today !== undefined && today.slice(0, 4) === day.slice(0, 4) ? NEAR_DAY : DAY;
  return dateFormat(locale, { ...options, timeZone: "UTC" }).format(Date.parse(`${day}T00:00:00Z`));
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    relativeFormats.set(locale, format);
  }
  return format;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const dayOf = (instant: number, timeZone: string) => dateFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", then the near day ("12 Dec"), by the
 * calendar of the reader's zone, in the reader's language ("ahora", "il y a 5 minutes", "gestern").
 * `now` comes from the server with the data, so the page hydrates with the text it was rendered with.
 */
export function formatRelative(at: number, now: number, reader: Reader): string {
  const ago = now - at;
  const relative = relativeFormat(reader.locale);
  // Intl's English for this moment is "now", which alone reads as a label: English keeps "just now".
  if (ago < MINUTE) return /^en\b/i.test(reader.locale) ? "just now" : relative.format(0, "second");
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
  const day = dayOf(at, reader.timeZone);
  const today = dayOf(now, reader.timeZone);
  if (day === today) return relative.format(-Math.floor(ago / HOUR), "hour");
  if (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`) === 24 * HOUR) return relative.format(-1, "day");
  return formatNearDay(at, reader, now);
}
