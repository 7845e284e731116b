import { addDays, dayIn } from "@worker/core/shared/calendar";
import { dateFormat } from "@worker/core/shared/date-format";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", then "12 Dec" (with the year when it is
 * not this one), by the calendar of the member's timezone. `now` comes from the server with the
 * data, so the page hydrates with the text it was rendered with.
 */
export function relativeTime(at: number, now: number, timeZone: string): string {
  const ago = now - at;
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
  const day = dayIn(timeZone, at);
  const today = dayIn(timeZone, now);
  if (day === today) return relative.format(-Math.floor(ago / HOUR), "hour");
  if (day === addDays(today, -1)) return relative.format(-1, "day");
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return dateFormat("en-GB", { day: "numeric", month: "short", ...(sameYear ? {} : { year: "numeric" }), timeZone }).format(at);
}
