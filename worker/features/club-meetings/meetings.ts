import { badRequest, conflict, notFound, requireUser } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { instantAtTime, wallClockIn } from "@worker/core/shared/calendar";
import { byCodePoints } from "@worker/core/shared/code-point-order";
import { msg } from "@worker/core/shared/translate";
import { clubBooks, clubMeetings, clubMilestones, meetingRsvps, type RsvpAnswer } from "@worker/db/schema";
import { takeClubWrite } from "@worker/features/clubs";
import { and, asc, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { type MeetingAccess, meetingAccess } from "./meeting-access";
import { DURATION_MAX, encodeMeetingCursor, type MeetingInput, type MeetingListQuery, type MeetingUpdate } from "./meeting-input";
import { notifyMeetingChange, scheduleMeetingReminders } from "./meeting-reminders";

export const MEETING_NOT_FOUND = msg("Meeting not found");
export const MEETING_IN_PAST = msg("A meeting cannot start in the past");
export const MEETING_TOO_FAR = msg("A meeting can be at most 2 years ahead");
export const MEETING_CANCELLED = msg("This meeting was cancelled");
export const MEETING_OVER = msg("This meeting is already over");
export const MILESTONE_NOT_IN_BOOK = msg("That milestone is not part of the club's current book");

/** Two years, counted generously (a leap day included). */
export const MAX_AHEAD_MS = 731 * 86_400_000;

export interface RsvpCounts {
  going: number;
  maybe: number;
  notGoing: number;
}

export interface MeetingView {
  meetingId: string;
  clubId: string;
  startsAt: number;
  endsAt: number;
  durationMinutes: number;
  /** The club's zone: the one the date and time were entered in. */
  timeZone: string;
  /** The date and time in the club's zone, as the edit form shows them. */
  localDate: string;
  localTime: string;
  place: string;
  videoUrl: string | null;
  note: string;
  milestone: { milestoneId: string; label: string } | null;
  sequence: number;
  cancelled: boolean;
  counts: RsvpCounts;
  /** The reader's own answer; null without one (and always for non-members). */
  myAnswer: RsvpAnswer | null;
  /** Who answered, for the club's members; null for others, who see counts only. */
  attendees: { userId: string; name: string; answer: RsvpAnswer }[] | null;
}

/**
 * Each meeting's answers with the names, in the meeting's own row: one walk of meeting_rsvps' primary key and a
 * users primary-key probe per answer. Members who left took their answers with them (migrations/0019's trigger).
 */
const answersOf = sql<string>`(select json_group_array(json_array(r.user_id, u.name, r.answer)) from meeting_rsvps r join users u on u.id = r.user_id where r.meeting_id = ${clubMeetings.id})`;

const meetingColumns = {
  id: clubMeetings.id,
  clubId: clubMeetings.clubId,
  startsAt: clubMeetings.startsAt,
  durationMinutes: clubMeetings.durationMinutes,
  place: clubMeetings.place,
  videoUrl: clubMeetings.videoUrl,
  note: clubMeetings.note,
  milestoneId: clubMeetings.milestoneId,
  milestoneLabel: clubMilestones.label,
  sequence: clubMeetings.sequence,
  cancelledAt: clubMeetings.cancelledAt,
  createdBy: clubMeetings.createdBy,
  answers: answersOf.as("answers"),
};
type MeetingRow = {
  id: string;
  clubId: string;
  startsAt: number;
  durationMinutes: number;
  place: string;
  videoUrl: string | null;
  note: string;
  milestoneId: string | null;
  milestoneLabel: string | null;
  sequence: number;
  cancelledAt: number | null;
  answers: string;
};

const endOf = (row: { startsAt: number; durationMinutes: number }) => row.startsAt + row.durationMinutes * 60_000;

/**
 * A meeting has not ended yet (the SQL side of "upcoming"). The bound on starts_at alone (no meeting lasts longer
 * than DURATION_MAX) is what lets the index range start near now instead of at the club's first meeting.
 */
const notEnded = (now: number) =>
  and(gt(clubMeetings.startsAt, now - DURATION_MAX * 60_000), sql`${clubMeetings.startsAt} + ${clubMeetings.durationMinutes} * 60000 > ${now}`);
/** It has ended: it started before now, and its length is over. */
const ended = (now: number) => and(lt(clubMeetings.startsAt, now), sql`${clubMeetings.startsAt} + ${clubMeetings.durationMinutes} * 60000 <= ${now}`);

function views(access: MeetingAccess, rows: MeetingRow[]): MeetingView[] {
  return rows.map((row) => {
    const answers = (JSON.parse(row.answers) as [string, string, RsvpAnswer][])
      .map(([userId, name, answer]) => ({ userId, name, answer }))
      .sort((a, b) => byCodePoints(a.name, b.name) || byCodePoints(a.userId, b.userId));
    const local = wallClockIn(access.timeZone, row.startsAt);
    return {
      meetingId: row.id,
      clubId: row.clubId,
      startsAt: row.startsAt,
      endsAt: endOf(row),
      durationMinutes: row.durationMinutes,
      timeZone: access.timeZone,
      localDate: local.day,
      localTime: local.time,
      place: row.place,
      videoUrl: row.videoUrl,
      note: row.note,
      milestone: row.milestoneId && row.milestoneLabel !== null ? { milestoneId: row.milestoneId, label: row.milestoneLabel } : null,
      sequence: row.sequence,
      cancelled: row.cancelledAt !== null,
      counts: {
        going: answers.filter((answer) => answer.answer === "going").length,
        maybe: answers.filter((answer) => answer.answer === "maybe").length,
        notGoing: answers.filter((answer) => answer.answer === "not_going").length,
      },
      myAnswer: access.isMember ? (answers.find((answer) => answer.userId === access.userId)?.answer ?? null) : null,
      attendees: access.isMember ? answers : null,
    };
  });
}

function selectMeetings(ctx: ServiceContext) {
  return ctx.db.select(meetingColumns).from(clubMeetings).leftJoin(clubMilestones, eq(clubMilestones.id, clubMeetings.milestoneId));
}

/** One page of the club's meetings: upcoming ones soonest first, or past ones latest first. */
export async function listMeetings(
  ctx: ServiceContext,
  clubId: string,
  query: MeetingListQuery,
  now = Date.now(),
): Promise<{ items: MeetingView[]; nextToken: string | null }> {
  return listMeetingsFor(ctx, await meetingAccess(ctx, clubId, "see"), query, now);
}

/**
 * A page of meetings with their answers, in one statement: a range of club_meetings_club_starts_id_idx read in its own
 * order (the page and one more, for the cursor), each row with its answers (answersOf).
 */
export function meetingsStatement(ctx: ServiceContext, clubId: string, query: Pick<MeetingListQuery, "when" | "limit" | "nextToken">, now: number) {
  const upcoming = query.when === "upcoming";
  const after = query.nextToken;
  return selectMeetings(ctx)
    .where(
      and(
        eq(clubMeetings.clubId, clubId),
        upcoming ? notEnded(now) : ended(now),
        after
          ? upcoming
            ? or(gt(clubMeetings.startsAt, after.startsAt), and(eq(clubMeetings.startsAt, after.startsAt), gt(clubMeetings.id, after.id)))
            : or(lt(clubMeetings.startsAt, after.startsAt), and(eq(clubMeetings.startsAt, after.startsAt), lt(clubMeetings.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(...(upcoming ? [asc(clubMeetings.startsAt), asc(clubMeetings.id)] : [desc(clubMeetings.startsAt), desc(clubMeetings.id)]))
    .limit(query.limit + 1);
}

/** listMeetings once the viewer's access is known (the meetings page reads two lists with one check). */
export async function listMeetingsFor(
  ctx: ServiceContext,
  access: MeetingAccess,
  query: MeetingListQuery,
  now = Date.now(),
): Promise<{ items: MeetingView[]; nextToken: string | null }> {
  const rows = await meetingsStatement(ctx, access.club.clubId, query, now);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { items: views(access, page), nextToken: rows.length > query.limit && last ? encodeMeetingCursor(last) : null };
}

async function loadMeeting(ctx: ServiceContext, clubId: string, meetingId: string): Promise<MeetingRow> {
  const [row] = await selectMeetings(ctx)
    .where(and(eq(clubMeetings.id, meetingId), eq(clubMeetings.clubId, clubId)))
    .limit(1);
  if (!row) throw notFound(MEETING_NOT_FOUND);
  return row;
}

/** A meeting that can still change or take answers: 409 once cancelled or over. */
async function loadOpenMeeting(ctx: ServiceContext, clubId: string, meetingId: string, now: number): Promise<MeetingRow> {
  const meeting = await loadMeeting(ctx, clubId, meetingId);
  if (meeting.cancelledAt !== null) throw conflict(MEETING_CANCELLED);
  if (endOf(meeting) <= now) throw conflict(MEETING_OVER);
  return meeting;
}

/** One meeting, as the list shows it. */
export async function getMeeting(ctx: ServiceContext, clubId: string, meetingId: string): Promise<MeetingView> {
  const access = await meetingAccess(ctx, clubId, "see");
  const [view] = views(access, [await loadMeeting(ctx, clubId, meetingId)]);
  return view!;
}

/** The start in the club's zone, checked: a real wall time, not past, at most two years ahead. */
function startFrom(date: string, time: string, timeZone: string, now: number): number {
  const startsAt = instantAtTime(date, time, timeZone);
  if (startsAt === null) throw badRequest("That time does not exist in {zone}: the clocks skip it", { zone: timeZone });
  if (startsAt < now) throw badRequest(MEETING_IN_PAST);
  if (startsAt > now + MAX_AHEAD_MS) throw badRequest(MEETING_TOO_FAR);
  return startsAt;
}

/** A milestone must be one of the club's current book's (club-reading owns them). */
async function checkMilestone(ctx: ServiceContext, clubId: string, milestoneId: string | null | undefined): Promise<void> {
  if (!milestoneId) return;
  const [row] = await ctx.db
    .select({ id: clubMilestones.id })
    .from(clubMilestones)
    .innerJoin(clubBooks, eq(clubBooks.id, clubMilestones.clubBookId))
    .where(and(eq(clubMilestones.id, milestoneId), eq(clubBooks.clubId, clubId), eq(clubBooks.state, "current")))
    .limit(1);
  if (!row) throw badRequest(MILESTONE_NOT_IN_BOOK);
}

/** Schedules a meeting (the creator or an admin) and its reminders. */
export async function createMeeting(ctx: ServiceContext, clubId: string, input: MeetingInput, now = Date.now()): Promise<MeetingView> {
  requireUser(ctx);
  await takeClubWrite(ctx);
  const access = await meetingAccess(ctx, clubId, "manage");
  const startsAt = startFrom(input.date, input.time, access.timeZone, now);
  await checkMilestone(ctx, clubId, input.milestoneId);
  const id = crypto.randomUUID();
  await ctx.db.insert(clubMeetings).values({
    id,
    clubId,
    startsAt,
    durationMinutes: input.durationMinutes,
    place: input.place,
    videoUrl: input.videoUrl,
    note: input.note,
    milestoneId: input.milestoneId,
    createdBy: ctx.user.id,
    createdAt: now,
  });
  await scheduleMeetingReminders(ctx, id, now);
  const [view] = views(access, [await loadMeeting(ctx, clubId, id)]);
  return view!;
}

/**
 * Edits a meeting: the SEQUENCE goes up, reminders move, and those going or maybe are told (one notice
 * per meeting and hour, notifyMeetingChange). An edit that changes nothing is a 200 with the meeting unchanged.
 */
export async function updateMeeting(ctx: ServiceContext, clubId: string, meetingId: string, input: MeetingUpdate, now = Date.now()): Promise<MeetingView> {
  requireUser(ctx);
  await takeClubWrite(ctx);
  const access = await meetingAccess(ctx, clubId, "manage");
  const meeting = await loadOpenMeeting(ctx, clubId, meetingId, now);
  const startsAt = input.date && input.time ? startFrom(input.date, input.time, access.timeZone, now) : meeting.startsAt;
  await checkMilestone(ctx, clubId, input.milestoneId);
  const place = input.place ?? meeting.place;
  const videoUrl = input.videoUrl === undefined ? meeting.videoUrl : input.videoUrl;
  if (!place && !videoUrl) throw badRequest("Give a place or a video link");
  const next = {
    startsAt,
    durationMinutes: input.durationMinutes ?? meeting.durationMinutes,
    place,
    videoUrl,
    note: input.note ?? meeting.note,
    milestoneId: input.milestoneId === undefined ? meeting.milestoneId : input.milestoneId,
  };
  // An edit that changes nothing is answered with the meeting as it is: no new version, nobody told.
  if ((Object.keys(next) as (keyof typeof next)[]).every((field) => next[field] === meeting[field])) {
    const [unchanged] = views(access, [meeting]);
    return unchanged!;
  }
  // Conditional on the sequence read above: two admins' edits at once both land, one after the other.
  const updated = await ctx.db
    .update(clubMeetings)
    .set({ ...next, sequence: sql`${clubMeetings.sequence} + 1`, updatedAt: now })
    .where(and(eq(clubMeetings.id, meetingId), eq(clubMeetings.sequence, meeting.sequence)))
    .returning({ sequence: clubMeetings.sequence });
  if (updated.length === 0) throw conflict("Someone else changed this meeting just now. Please reload and try again.");
  await scheduleMeetingReminders(ctx, meetingId, now);
  await notifyMeetingChange(ctx, meetingId, "changed", ctx.user.id, now);
  const [view] = views(access, [await loadMeeting(ctx, clubId, meetingId)]);
  return view!;
}

/** Cancels a meeting: kept (calendars learn of it through STATUS:CANCELLED), its reminders dropped. */
export async function cancelMeeting(ctx: ServiceContext, clubId: string, meetingId: string, now = Date.now()): Promise<MeetingView> {
  requireUser(ctx);
  await takeClubWrite(ctx);
  const access = await meetingAccess(ctx, clubId, "manage");
  await loadOpenMeeting(ctx, clubId, meetingId, now);
  await ctx.db
    .update(clubMeetings)
    .set({ cancelledAt: now, sequence: sql`${clubMeetings.sequence} + 1`, updatedAt: now })
    .where(eq(clubMeetings.id, meetingId));
  await scheduleMeetingReminders(ctx, meetingId, now);
  await notifyMeetingChange(ctx, meetingId, "cancelled", ctx.user.id, now);
  const [view] = views(access, [await loadMeeting(ctx, clubId, meetingId)]);
  return view!;
}

/**
 * The member's answer, one per member (the primary key), changed in place: 50 members answering at
 * once each count once. Active members only; a cancelled or finished meeting takes no answers.
 */
export async function answerMeeting(
  ctx: ServiceContext,
  clubId: string,
  meetingId: string,
  answer: RsvpAnswer,
  now = Date.now(),
): Promise<{ meetingId: string; answer: RsvpAnswer; counts: RsvpCounts }> {
  requireUser(ctx);
  await takeClubWrite(ctx);
  const access = await meetingAccess(ctx, clubId, "member");
  await loadOpenMeeting(ctx, clubId, meetingId, now);
  await ctx.db
    .insert(meetingRsvps)
    .values({ meetingId, userId: ctx.user.id, answer, updatedAt: now })
    .onConflictDoUpdate({ target: [meetingRsvps.meetingId, meetingRsvps.userId], set: { answer, updatedAt: now } });
  const [view] = views(access, [await loadMeeting(ctx, clubId, meetingId)]);
  return { meetingId, answer, counts: view!.counts };
}
