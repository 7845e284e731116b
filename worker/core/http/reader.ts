import { DEFAULT_LOCALE, type Reader } from "@worker/core/shared/date-format";
import { isTimeZone, TIME_ZONE_COOKIE } from "@worker/core/shared/time-zones";

/** The browser's zone from its cookie, or null when absent or not a zone. */
export function browserTimeZone(request: Request): string | null {
  const match = request.headers.get("Cookie")?.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`));
  if (!match) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isTimeZone(zone) ? zone : null;
}

/**
 * The English the reader prefers for dates: the first English tag in Accept-Language ("en-US" writes
 * "Nov 25, 2026"), else day-month-year. The app's words are English, so a German reader gets
 * English words with day-first dates rather than German month names in English sentences.
 */
export function readerLocale(acceptLanguage: string | null): string {
  for (const part of (acceptLanguage ?? "").split(",").slice(0, 12)) {
    const tag = part.split(";")[0]!.trim();
    if (!/^en(-[A-Za-z0-9]{2,8})*$/i.test(tag)) continue;
    try {
      return Intl.DateTimeFormat.supportedLocalesOf([tag])[0] ?? DEFAULT_LOCALE;
    } catch {
      return DEFAULT_LOCALE;
    }
  }
  return DEFAULT_LOCALE;
}

/** Whom a page's dates are written for: a member's own zone, else the browser's, else UTC. */
export function readerOf(request: Request, user: { timezone: string } | null): Reader {
  return {
    locale: readerLocale(request.headers.get("Accept-Language")),
    timeZone: user?.timezone ?? browserTimeZone(request) ?? "UTC",
  };
}
