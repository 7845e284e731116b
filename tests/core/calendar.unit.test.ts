import { translate } from "@worker/core/i18n/request-language";
import { addDays, dayIn, daysBetween, instantAt, isCalendarDay } from "@worker/core/shared/calendar";
import { dateFormat } from "@worker/core/shared/date-format";
import { describe, expect, it } from "vitest";
import { dueLabel } from "~/features/loans/due-label";

describe("calendar days in a member's timezone", () => {
  it("names the day it is in the member's timezone, not in UTC", () => {
    const lateEveningInNewYork = Date.UTC(2026, 11, 12, 3, 30); // 22:30 on 11 Dec in New York
    expect(dayIn("UTC", lateEveningInNewYork)).toBe("2026-12-12");
    expect(dayIn("America/New_York", lateEveningInNewYork)).toBe("2026-12-11");
    expect(dayIn("Asia/Tokyo", Date.UTC(2026, 11, 11, 16))).toBe("2026-12-12");
  });

  it("adds and counts days across months, years and leap days", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(daysBetween("2026-12-01", "2026-12-22")).toBe(21);
    expect(daysBetween("2026-12-22", "2026-12-01")).toBe(-21);
  });

  it("accepts only real dates", () => {
    expect(isCalendarDay("2026-12-11")).toBe(true);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("2026-2-3")).toBe(false);
    expect(isCalendarDay("11/12/2026")).toBe(false);
  });

  it("finds 09:00 on a day in a timezone, across a daylight-saving change", () => {
    expect(instantAt("2026-12-11", 9, "UTC")).toBe(Date.UTC(2026, 11, 11, 9));
    expect(instantAt("2026-12-11", 9, "America/New_York")).toBe(Date.UTC(2026, 11, 11, 14)); // EST, UTC-5
    expect(instantAt("2026-07-11", 9, "America/New_York")).toBe(Date.UTC(2026, 6, 11, 13)); // EDT, UTC-4
    expect(instantAt("2026-03-08", 9, "America/New_York")).toBe(Date.UTC(2026, 2, 8, 13)); // the day clocks go forward
    expect(instantAt("2026-12-11", 9, "Australia/Sydney")).toBe(Date.UTC(2026, 11, 10, 22)); // AEDT, UTC+11
  });

  it("labels due dates the way cards and the book page show them", () => {
    expect(dueLabel("2026-12-12", "2026-11-23", "en-GB", translate)).toEqual({ text: "Due 12 Dec", overdue: false });
    expect(dueLabel("2027-01-05", "2026-11-23", "en-GB", translate)).toEqual({ text: "Due 5 Jan 2027", overdue: false });
    expect(dueLabel("2026-11-24", "2026-11-23", "en-GB", translate)).toEqual({ text: "Due tomorrow", overdue: false });
    expect(dueLabel("2026-11-23", "2026-11-23", "en-GB", translate)).toEqual({ text: "Due today", overdue: false });
    expect(dueLabel("2026-11-22", "2026-11-23", "en-GB", translate)).toEqual({ text: "Overdue 1 day", overdue: true });
    expect(dueLabel("2026-11-20", "2026-11-23", "en-GB", translate)).toEqual({ text: "Overdue 3 days", overdue: true });
  });
});

describe("shared date formats", () => {
  it("builds one Intl.DateTimeFormat per locale and options, and formats with each zone's own", () => {
    const tokyo = dateFormat("en-GB", { day: "numeric", month: "short", timeZone: "Asia/Tokyo" });
    expect(dateFormat("en-GB", { day: "numeric", month: "short", timeZone: "Asia/Tokyo" })).toBe(tokyo);
    const newYork = dateFormat("en-GB", { day: "numeric", month: "short", timeZone: "America/New_York" });
    expect(newYork).not.toBe(tokyo);
    const instant = Date.UTC(2026, 11, 11, 16);
    expect(tokyo.format(instant)).toBe("12 Dec");
    expect(newYork.format(instant)).toBe("11 Dec");
  });
});
