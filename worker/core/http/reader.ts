import type { Reader } from "@worker/core/shared/date-format";
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
 * Whom a page's dates are written for: the request's Intl locale (worker/core/i18n/negotiate.ts),
 * and a member's own zone, else the browser's, else UTC.
 */
export function readerOf(request: Request, user: { timezone: string } | null, locale: string): Reader {
  return { locale, timeZone: user?.timezone ?? browserTimeZone(request) ?? "UTC" };
}
