import { translatorsFor } from "@worker/core/i18n/request-language";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps } from "@worker/core/service-context";
import { addDays, instantAtTime, wallClockIn } from "@worker/core/shared/calendar";
import { formatDayTime } from "@worker/core/shared/date-format";
import { DEFAULT_REGION_LOCALE, isLanguage, type Language } from "@worker/core/shared/languages";
import type { Translate } from "@worker/core/shared/translate";
import { clubMeetings, clubs, meetingRsvps, memberships, users } from "@worker/db/schema";
import { dropWaitingMessagesEmail, type NotificationInput, notify } from "@worker/features/notifications";
import { and, eq, inArray, ne } from "drizzle-orm";

export const meetingReminderJob = (meetingId: string) => `meeting:${meetingId}`;

type Reminder = { kind: "day_before" | "hour_before"; at: number };

/**
 * A meeting's two reminders: the same wall-clock time the day before, in the club's zone (so across
 * a clock change it is 23 or 25 hours ahead, and still "tomorrow at 19:00"), and an hour before.
 */
export function meetingReminders(startsAt: number, timeZone: string): Reminder[] {
  const { day, time } = wallClockIn(timeZone, startsAt);
  // The day before may lack that wall time (the clocks skipped it): 24 hours before then.
  const dayBefore = instantAtTime(addDays(day, -1), time, timeZone) ?? startsAt - 86_400_000;
  return [
    { kind: "day_before", at: dayBefore },
    { kind: "hour_before", at: startsAt - 3_600_000 },
  ];
}

async function loadMeeting({ db }: Deps, meetingId: string) {
  const [row] = await db
    .select({
      id: clubMeetings.id,
      clubId: clubMeetings.clubId,
      clubName: clubs.name,
      timeZone: clubs.timezone,
      startsAt: clubMeetings.startsAt,
      place: clubMeetings.place,
      videoUrl: clubMeetings.videoUrl,
      sequence: clubMeetings.sequence,
      cancelledAt: clubMeetings.cancelledAt,
    })
    .from(clubMeetings)
    .innerJoin(clubs, eq(clubs.id, clubMeetings.clubId))
    .where(eq(clubMeetings.id, meetingId))
    .limit(1);
  return row;
}
type LoadedMeeting = NonNullable<Awaited<ReturnType<typeof loadMeeting>>>;

/** Members still in the club who said going or maybe, with their zone and language for the text. */
async function attending({ db }: Deps, meeting: LoadedMeeting, except?: string) {
  const rows = await db
    .select({ userId: meetingRsvps.userId, timeZone: users.timezone, language: users.language })
    .from(meetingRsvps)
    .innerJoin(users, eq(users.id, meetingRsvps.userId))
    .innerJoin(memberships, and(eq(memberships.clubId, meeting.clubId), eq(memberships.userId, meetingRsvps.userId), eq(memberships.status, "active")))
    .where(and(eq(meetingRsvps.meetingId, meeting.id), inArray(meetingRsvps.answer, ["going", "maybe"]), except ? ne(meetingRsvps.userId, except) : undefined));
  // Each recipient reads the bell item (and its e-mail) in their own language; no choice is English.
  const languages = new Set(rows.map((row): Language => (isLanguage(row.language) ? row.language : "en")));
  const translators = await translatorsFor(languages);
  return rows.map((row) => {
    const language: Language = isLanguage(row.language) ? row.language : "en";
    return { userId: row.userId, timeZone: row.timeZone, language, t: translators.get(language)! };
  });
}
type Recipient = Awaited<ReturnType<typeof attending>>[number];

/** "31 Oct 2027, 19:00, The Anchor": when (in the recipient's zone and language) and where. */
const when = (meeting: LoadedMeeting, person: Recipient) => {
  const { t } = person;
  const at = formatDayTime(meeting.startsAt, { locale: DEFAULT_REGION_LOCALE[person.language], timeZone: person.timeZone });
  return meeting.place ? t("{when}, {place}", { when: at, place: meeting.place }) : t("{when}, online", { when: at });
};
const link = (meeting: LoadedMeeting) => `/clubs/${meeting.clubId}/meetings`;

/**
 * The `meeting:{id}` job: sends the reminder that is due (only the latest, if the alarm was late; none
 * once the meeting has started) and returns the next one's time. Keys name the meeting's sequence, so
 * a retried alarm sends nothing twice, and a meeting moved to another day is reminded again.
 */
export async function runMeetingReminders(deps: Deps, meetingId: string, now: number): Promise<number | null> {
  const meeting = await loadMeeting(deps, meetingId);
  if (!meeting || meeting.cancelledAt !== null || meeting.startsAt <= now) return null;
  const reminders = meetingReminders(meeting.startsAt, meeting.timeZone);
  const due = reminders.filter((reminder) => reminder.at <= now).at(-1);
  if (due) {
    const people = await attending(deps, meeting);
    const title = (t: Translate) =>
      due.kind === "day_before" ? t("{club} meets tomorrow", { club: meeting.clubName }) : t("{club} meets in an hour", { club: meeting.clubName });
    await notify(
      deps,
      people.map(
        (person): NotificationInput => ({
          userId: person.userId,
          type: "club_meeting_soon",
          title: title(person.t),
          body: when(meeting, person),
          link: link(meeting),
          dedupeKey: `meeting:${meeting.id}:${meeting.sequence}:${due.kind}`,
        }),
      ),
      now,
    );
  }
  return reminders.find((reminder) => reminder.at > now)?.at ?? null;
}

/** (Re)schedules a meeting's reminders after it is created or changed; a cancelled one's go. */
export async function scheduleMeetingReminders(deps: Deps, meetingId: string, now = Date.now()): Promise<void> {
  const meeting = await loadMeeting(deps, meetingId);
  const next =
    meeting && meeting.cancelledAt === null && meeting.startsAt > now
      ? (meetingReminders(meeting.startsAt, meeting.timeZone).find((reminder) => reminder.at > now)?.at ?? null)
      : null;
  await scheduleJob(deps.env, meetingReminderJob(meetingId), next);
}

/** A meeting's edits within this window make one notice: one bell item that counts them, one e-mail and push with the latest. */
export const MEETING_CHANGE_WINDOW_MS = 60 * 60_000;

/**
 * When a change notice's e-mail and push go: an hour after the first change of the batch, but no later
 * than an hour before the meeting (at once for a meeting sooner than that).
 */
export const meetingChangeSendAt = (startsAt: number, now: number) => Math.max(now, Math.min(now + MEETING_CHANGE_WINDOW_MS, startsAt - 3_600_000));

/**
 * Tells the members going or maybe (not the admin who made the change) that it changed or was
 * cancelled. A cancellation is told once per version; changes gather per meeting (see MEETING_CHANGE_WINDOW_MS).
 */
export async function notifyMeetingChange(deps: Deps, meetingId: string, change: "changed" | "cancelled", actorId: string, now = Date.now()): Promise<void> {
  const meeting = await loadMeeting(deps, meetingId);
  if (!meeting) return;
  const people = await attending(deps, meeting, actorId);
  // A cancellation goes at once; the changes still gathering for the e-mail are moot then.
  if (change === "cancelled") await Promise.all(people.map((person) => dropWaitingMessagesEmail(deps.db, person.userId, `meeting:${meeting.id}:changed`, now)));
  await notify(
    deps,
    people.map((person): NotificationInput => {
      const { t } = person;
      return {
        userId: person.userId,
        type: change === "changed" ? "club_meeting_changed" : "club_meeting_cancelled",
        title:
          change === "changed" ? t("{club}'s meeting has changed", { club: meeting.clubName }) : t("{club}'s meeting is cancelled", { club: meeting.clubName }),
        body: when(meeting, person),
        link: link(meeting),
        actorId,
        ...(change === "changed"
          ? {
              dedupeKey: `meeting:${meeting.id}:changed`,
              accumulate: true,
              gather: { key: `meeting:${meeting.id}:changed`, until: meetingChangeSendAt(meeting.startsAt, now) },
            }
          : { dedupeKey: `meeting:${meeting.id}:${meeting.sequence}:${change}` }),
      };
    }),
    now,
  );
}
