/**
 * Calendar days (YYYY-MM-DD) in a member's timezone: due dates are days, not instants, and
 * "due tomorrow" must mean the member's tomorrow. Only Intl is used, so the same code runs in the
 * Worker and in the browser bundle.
 */

import { dateFormat } from "./date-format";

const DAY_MS = 86_400_000;

// en-CA formats dates as YYYY-MM-DD.
const dayFormat = (timeZone: string) => dateFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });

export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day it is at `instant` in `timeZone`. */
export function dayIn(timeZone: string, instant: number = Date.now()): string {
  return dayFormat(timeZone).format(instant);
}

const utcMidnight = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** Whether `day` is a real date written as YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  return CALENDAR_DAY.test(day) && new Date(utcMidnight(day)).toISOString().slice(0, 10) === day;
}

export function addDays(day: string, days: number): string {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** The instant the wall clock in `timeZone` shows `hour`:00 on `day` (DST-safe to the hour). */
export function instantAt(day: string, hour: number, timeZone: string): number {
  const wall = utcMidnight(day) + hour * 3_600_000;
  let guess = wall;
  // Two passes settle the offset even when `day` is the day the clocks change.
  for (let i = 0; i < 2; i++) guess = wall - offsetAt(guess, timeZone);
  return guess;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = dateFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the wall clock in `timeZone` shows `time` ("19:30") on `day` (club meetings), or null
 * when that wall time does not exist there (the hour the clocks skip in spring).
 */
export function instantAtTime(day: string, time: string, timeZone: string): number | null {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = utcMidnight(day) + (hour * 60 + minute) * 60_000;
  let guess = wall;
  for (let i = 0; i < 2; i++) guess = wall - offsetAt(guess, timeZone);
  const shown = wallClockIn(timeZone, guess);
  return shown.day === day && shown.time === time ? guess : null;
}

/** What the wall clock in `timeZone` shows at `instant`: the day (YYYY-MM-DD) and the time ("19:30"), for forms. */
export function wallClockIn(timeZone: string, instant: number): { day: string; time: string } {
  const local = new Date(Math.floor(instant / 1000) * 1000 + offsetAt(instant, timeZone)).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}
