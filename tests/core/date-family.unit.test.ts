import { browserTimeZone, readerOf } from "@worker/core/http/reader";
import { intlLocale } from "@worker/core/i18n/negotiate";
import { translate } from "@worker/core/i18n/request-language";
import { formatCalendarDay, formatDay, formatDayTime, formatNearDay, formatRelative } from "@worker/core/shared/date-format";
import { isTimeZone, TIME_ZONE_COOKIE, timeZoneLabel, timeZones } from "@worker/core/shared/time-zones";
import { describe, expect, it } from "vitest";
import { dueLabel } from "~/features/loans/due-label";

// 25 Nov 2026, 08:21 UTC: 17:21 in Tokyo, 03:21 in New York.
const AT = Date.UTC(2026, 10, 25, 8, 21);
const GB = { locale: "en-GB", timeZone: "UTC" };
const US = { locale: "en-US", timeZone: "America/New_York" };

describe("one date family (the pages once showed four formats)", () => {
  it("writes a day, a day with its time, and a near day in the reader's locale and zone", () => {
    expect(formatDay(AT, GB)).toBe("25 Nov 2026");
    expect(formatDay(AT, US)).toBe("Nov 25, 2026");
    expect(formatDay(AT, { locale: "en-GB", timeZone: "Pacific/Kiritimati" })).toBe("25 Nov 2026");
    expect(formatDay(Date.UTC(2026, 10, 25, 23), { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe("26 Nov 2026");
    expect(formatDayTime(AT, { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe("25 Nov 2026, 17:21");
    expect(formatDayTime(AT, US)).toMatch(/^Nov 25, 2026, 03:21\sAM$/);
    expect(formatNearDay(Date.UTC(2026, 11, 12, 12), GB, AT)).toBe("12 Dec");
    expect(formatNearDay(Date.UTC(2027, 0, 2, 12), GB, AT)).toBe("2 Jan 2027");
  });

  it("writes calendar days the same in every zone, and due labels in the reader's locale", () => {
    expect(formatCalendarDay("2026-12-16", "en-GB")).toBe("16 Dec 2026");
    expect(formatCalendarDay("2026-12-16", "en-US")).toBe("Dec 16, 2026");
    expect(formatCalendarDay("2026-12-16", "en-GB", "2026-11-25")).toBe("16 Dec");
    expect(dueLabel("2026-12-16", "2026-11-25", "en-GB", translate).text).toBe("Due 16 Dec");
    expect(dueLabel("2026-12-16", "2026-11-25", "en-US", translate).text).toBe("Due Dec 16");
    expect(dueLabel("2027-01-04", "2026-11-25", "en-US", translate).text).toBe("Due Jan 4, 2027");
  });

  it("says how long ago in words, then falls back to the near day", () => {
    expect(formatRelative(AT - 10_000, AT, GB)).toBe("just now");
    expect(formatRelative(AT - 5 * 60_000, AT, GB)).toBe("5 minutes ago");
    expect(formatRelative(AT - 3 * 3_600_000, AT, GB)).toBe("3 hours ago");
    expect(formatRelative(AT - 20 * 3_600_000, AT, GB)).toBe("yesterday");
    expect(formatRelative(Date.UTC(2026, 10, 2, 9), AT, GB)).toBe("2 Nov");
    expect(formatRelative(Date.UTC(2026, 10, 2, 9), AT, US)).toBe("Nov 2");
    expect(formatRelative(Date.UTC(2025, 10, 2, 9), AT, GB)).toBe("2 Nov 2025");
    // Other languages' words for this moment come from Intl, as the rest do.
    expect(formatRelative(AT - 10_000, AT, { locale: "es-ES", timeZone: "UTC" })).toBe("ahora");
    expect(formatRelative(AT - 10_000, AT, { locale: "ja-JP", timeZone: "UTC" })).toBe("今");
  });

  it("writes dates in the browser's region of the page's language, else the language's default", () => {
    expect(intlLocale("en", "en-US,en;q=0.9")).toBe("en-US");
    expect(intlLocale("en", "de-DE,de;q=0.9,en-AU;q=0.5")).toBe("en-AU");
    expect(intlLocale("en", "de-DE,de;q=0.9")).toBe("en-GB");
    expect(intlLocale("de", "de-AT,de;q=0.9")).toBe("de-AT");
    expect(intlLocale("es", "es-MX")).toBe("es-MX");
    expect(intlLocale("ar", null)).toBe("ar");
    expect(intlLocale("en", null)).toBe("en-GB");
    expect(intlLocale("en", "en-\u0000;;,,*")).toBe("en-GB");
  });

  it("reads the zone from the member, else the browser's cookie (checked), else UTC", () => {
    const request = (cookie?: string) => new Request("https://bookclub.test/", { headers: cookie ? { Cookie: cookie } : {} });
    expect(browserTimeZone(request(`a=1; ${TIME_ZONE_COOKIE}=Europe%2FLisbon`))).toBe("Europe/Lisbon");
    expect(browserTimeZone(request(`${TIME_ZONE_COOKIE}=Mars%2FOlympus`))).toBeNull();
    expect(browserTimeZone(request(`${TIME_ZONE_COOKIE}=%E0%A4%A`))).toBeNull();
    expect(readerOf(request(`${TIME_ZONE_COOKIE}=Asia%2FTokyo`), null, "en-GB").timeZone).toBe("Asia/Tokyo");
    expect(readerOf(request(`${TIME_ZONE_COOKIE}=Asia%2FTokyo`), { timezone: "Europe/Paris" }, "en-GB").timeZone).toBe("Europe/Paris");
    expect(readerOf(request(), null, "en-GB")).toEqual({ locale: "en-GB", timeZone: "UTC" });
  });
});

describe("time zones", () => {
  it("lists every IANA zone the runtime knows, UTC first", () => {
    const zones = timeZones();
    expect(zones[0]).toBe("UTC");
    expect(zones.length).toBeGreaterThan(300);
    for (const zone of ["Europe/Lisbon", "America/Sao_Paulo", "Africa/Nairobi", "Pacific/Chatham"]) expect(zones).toContain(zone);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("accepts zones Intl knows, aliases included, and refuses anything else", () => {
    for (const zone of ["UTC", "Europe/Lisbon", "Asia/Calcutta", "America/Indiana/Knox"]) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["", "Mars/Olympus_Mons", "Europe/Lisbon; Secure", "../etc", "x".repeat(70)]) expect(isTimeZone(zone)).toBe(false);
  });

  it("labels zones as people search for them", () => {
    expect(timeZoneLabel("America/Argentina/Buenos_Aires")).toBe("Buenos Aires, America/Argentina");
    expect(timeZoneLabel("UTC")).toBe("UTC");
  });
});

/**
 * The family is the only writer of dates: a page that builds its own Intl.DateTimeFormat (or calls
 * toLocaleDateString) brings back a fifth format. calendar.ts and time-zones.ts use Intl for machine
 * formats (YYYY-MM-DD, offsets, zone checks), never for text a person reads.
 */
describe("no date formats outside the family", () => {
  const sources = import.meta.glob(["/app/**/*.{ts,tsx}", "/worker/**/*.ts", "/durable-objects/**/*.ts"], {
    query: "?raw",
    import: "default",
    eager: true,
  }) as Record<string, string>;
  const allowed = new Set(["/worker/core/shared/date-format.ts", "/worker/core/shared/calendar.ts", "/worker/core/shared/time-zones.ts"]);
  const FORMATTERS =
    /new Intl\.(DateTimeFormat|RelativeTimeFormat)\(|\bdateFormat\(|toLocale(Date|Time)String\(|\.toLocaleString\(\s*["'][a-z-]+["']\s*,\s*\{[^}]*(month|weekday|hour)/;

  it("finds the sources", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(200);
  });

  it("formats dates only through worker/core/shared/date-format.ts", () => {
    const offenders = Object.entries(sources)
      .filter(([path, text]) => !allowed.has(path) && FORMATTERS.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
