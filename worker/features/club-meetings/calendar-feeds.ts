import { notFound, requireUser } from "@worker/core/errors";
import { translate, translatorFor } from "@worker/core/i18n/request-language";
import { limit } from "@worker/core/rate-limit";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import { isLanguage } from "@worker/core/shared/languages";
import { msg, type Translate } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { calendarFeeds, clubMeetings, clubMilestones, clubs, memberships, users } from "@worker/db/schema";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { type IcsEvent, writeCalendar } from "./ics";
import { meetingAccess } from "./meeting-access";
import { MEETING_NOT_FOUND } from "./meetings";

/** How far back the feed still lists meetings, so a calendar keeps last week's. */
const FEED_PAST_MS = 30 * 86_400_000;
const FEED_MAX_EVENTS = 500;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
export const hashFeedToken = async (token: string) => hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

type MeetingEventRow = {
  id: string;
  clubName: string;
  startsAt: number;
  durationMinutes: number;
  place: string;
  videoUrl: string | null;
  note: string;
  milestoneLabel: string | null;
  sequence: number;
  cancelledAt: number | null;
  createdAt: number;
  updatedAt: number | null;
};

const eventColumns = {
  id: clubMeetings.id,
  clubName: clubs.name,
  startsAt: clubMeetings.startsAt,
  durationMinutes: clubMeetings.durationMinutes,
  place: clubMeetings.place,
  videoUrl: clubMeetings.videoUrl,
  note: clubMeetings.note,
  milestoneLabel: clubMilestones.label,
  sequence: clubMeetings.sequence,
  cancelledAt: clubMeetings.cancelledAt,
  createdAt: clubMeetings.createdAt,
  updatedAt: clubMeetings.updatedAt,
};

/**
 * One meeting as a calendar event. SUMMARY, the event's title, is kept as written (it is the club's
 * name); the description's label is in the reader's language (`t`); protocol fields are never words.
 */
function toEvent(row: MeetingEventRow, origin: string, clubId: string, t: Translate): IcsEvent {
  const description = [
    row.milestoneLabel ? t("Discussing: {milestone}", { milestone: row.milestoneLabel }) : "",
    row.note,
    `${origin}/clubs/${clubId}/meetings`,
  ]
    .filter(Boolean)
    .join("\n\n");
  return {
    uid: `meeting-${row.id}@bookclub`,
    startsAt: row.startsAt,
    durationMinutes: row.durationMinutes,
    stampedAt: row.updatedAt ?? row.createdAt,
    sequence: row.sequence,
    summary: `${row.clubName} meeting`,
    location: row.place || row.videoUrl || "",
    description,
    url: row.videoUrl,
    cancelled: row.cancelledAt !== null,
  };
}

/** One meeting's .ics, for the club's active members. */
export async function meetingIcs(ctx: ServiceContext, clubId: string, meetingId: string, origin: string): Promise<string> {
  await meetingAccess(ctx, clubId, "member");
  const [row] = await ctx.db
    .select(eventColumns)
    .from(clubMeetings)
    .innerJoin(clubs, eq(clubs.id, clubMeetings.clubId))
    .leftJoin(clubMilestones, eq(clubMilestones.id, clubMeetings.milestoneId))
    .where(and(eq(clubMeetings.id, meetingId), eq(clubMeetings.clubId, clubId)))
    .limit(1);
  if (!row) throw notFound(MEETING_NOT_FOUND);
  return writeCalendar([toEvent(row, origin, clubId, translate)], `${row.clubName} meeting`);
}

export const FEED_RATE_LIMITED = msg("You're doing that too quickly. Please wait a moment.");

/**
 * A new feed address for the member: any older one stops working (one feed per member, so "new
 * address" is also how a leaked one is rotated). Only the token's SHA-256 is kept; the address is
 * shown once.
 */
export async function createCalendarFeed(ctx: ServiceContext, origin: string): Promise<{ url: string; createdAt: number }> {
  requireUser(ctx);
  await limit(ctx.env.CLUB_LIMITER, `clubs:${ctx.user.id}`, FEED_RATE_LIMITED);
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  const now = Date.now();
  await ctx.db.batch([
    ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, ctx.user.id)),
    ctx.db.insert(calendarFeeds).values({ tokenHash: await hashFeedToken(token), userId: ctx.user.id, createdAt: now }),
  ]);
  return { url: `${origin}/calendar/${token}.ics`, createdAt: now };
}

/** Stops the member's feed address at once. */
export async function revokeCalendarFeed(ctx: ServiceContext): Promise<{ revoked: boolean }> {
  requireUser(ctx);
  await limit(ctx.env.CLUB_LIMITER, `clubs:${ctx.user.id}`, FEED_RATE_LIMITED);
  const rows = await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, ctx.user.id)).returning({ tokenHash: calendarFeeds.tokenHash });
  return { revoked: rows.length > 0 };
}

/** The statement that ends every feed address of the member, for the suspension's batch. */
export function calendarFeedsRevocation(db: Database, userId: string) {
  return db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Whether the member has a feed (its address cannot be shown again: only its hash is kept). */
export async function calendarFeedStatus(ctx: ServiceContext): Promise<{ active: boolean; createdAt: number | null; lastUsedAt: number | null }> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, ctx.user.id))
    .limit(1);
  return { active: Boolean(row), createdAt: row?.createdAt ?? null, lastUsedAt: row?.lastUsedAt ?? null };
}

/**
 * The feed behind `/calendar/{token}.ics`: the meetings of every club the token's member is an
 * active member of, from a month ago on, cancelled ones included (so calendars drop them). Null for
 * an unknown or revoked token, and for a suspended or deleted member's (suspension revokes it too). A deleted club's meetings are gone with it (ON DELETE CASCADE).
 */
export async function calendarFeed(deps: Deps, token: string, origin: string, now = Date.now()): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const tokenHash = await hashFeedToken(token);
  // The feed is the member's own calendar: written in their language, whoever fetches it.
  const [feed] = await deps.db
    .select({ userId: calendarFeeds.userId, lastUsedAt: calendarFeeds.lastUsedAt, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(users.suspendedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!feed) return null;
  const t = await translatorFor(isLanguage(feed.language) ? feed.language : "en");
  const rows = await deps.db
    .select({ ...eventColumns, clubId: clubMeetings.clubId })
    .from(memberships)
    .innerJoin(clubs, eq(clubs.id, memberships.clubId))
    .innerJoin(clubMeetings, eq(clubMeetings.clubId, memberships.clubId))
    .leftJoin(clubMilestones, eq(clubMilestones.id, clubMeetings.milestoneId))
    .where(and(eq(memberships.userId, feed.userId), eq(memberships.status, "active"), gt(clubMeetings.startsAt, now - FEED_PAST_MS)))
    .orderBy(asc(clubMeetings.startsAt))
    .limit(FEED_MAX_EVENTS);
  // Calendar apps poll every few minutes: the last use is noted at most once an hour.
  if (!feed.lastUsedAt || feed.lastUsedAt < now - 3_600_000) {
    await deps.db.update(calendarFeeds).set({ lastUsedAt: now }).where(eq(calendarFeeds.tokenHash, tokenHash));
  }
  return writeCalendar(
    rows.map((row) => toEvent(row, origin, row.clubId, t)),
    t("BookClub meetings"),
  );
}
