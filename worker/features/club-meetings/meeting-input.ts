import { z } from "zod";
import { RSVP_ANSWERS } from "@worker/db/schema";
import { isCalendarDay } from "@worker/core/shared/calendar";
import { idSchema } from "@worker/core/shared/id";
import { cleanText } from "@worker/core/shared/text";

// What a meeting form and the meetings API take. The date and time are the club's wall clock;
// meetings.ts turns them into an instant in the club's zone.

export const PLACE_MAX = 200;
export const NOTE_MAX = 2000;
export const VIDEO_URL_MAX = 500;
export const DURATION_MIN = 15;
export const DURATION_MAX = 12 * 60;
export const PLACE_OR_LINK = "Give a place or a video link";

const emptyAsNull = (value: unknown) => (value === "" || value === undefined ? null : value);
const absentAsEmpty = (value: unknown) => (value === undefined || value === null ? "" : value);

const date = z.string({ error: "Date is required" }).refine(isCalendarDay, "Date must be a real day, written YYYY-MM-DD");
const time = z.string({ error: "Time is required" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:MM (24-hour)");
const durationMinutes = z.coerce
  .number({ error: "Duration must be a number of minutes" })
  .int("Duration must be whole minutes")
  .min(DURATION_MIN, `Duration must be at least ${DURATION_MIN} minutes`)
  .max(DURATION_MAX, `Duration must be at most ${DURATION_MAX / 60} hours`);
const place = z.preprocess(absentAsEmpty, cleanText({ max: PLACE_MAX, tooLong: `Place must be at most ${PLACE_MAX} characters` }));
const note = z.preprocess(absentAsEmpty, cleanText({ max: NOTE_MAX, tooLong: `Note must be at most ${NOTE_MAX} characters`, multiline: true }));
/** https only: a calendar app opens it, and a plain-http or javascript: link has no business there. */
const videoUrl = z.preprocess(
  emptyAsNull,
  z
    .url({ protocol: /^https$/, hostname: z.regexes.domain, message: "Video link must be an https:// address" })
    .max(VIDEO_URL_MAX, `Video link must be at most ${VIDEO_URL_MAX} characters`)
    .nullable(),
);
const milestoneId = z.preprocess(emptyAsNull, idSchema.nullable());

const needsPlaceOrLink = (input: { place?: string; videoUrl?: string | null }) => Boolean(input.place || input.videoUrl);

/** Schedule a meeting (POST /clubs/{id}/meetings and the meetings page's form). */
export const meetingInputSchema = z
  .object({
    date,
    time,
    durationMinutes: durationMinutes.default(90),
    place: place.default(""),
    videoUrl: videoUrl.default(null),
    note: note.default(""),
    milestoneId: milestoneId.default(null),
  })
  .refine(needsPlaceOrLink, { message: PLACE_OR_LINK, path: ["place"] });
export type MeetingInput = z.output<typeof meetingInputSchema>;

/** Edit a meeting: fields left out stay; a new date needs its time and the other way round. */
export const meetingUpdateSchema = z
  .object({
    date: date.optional(),
    time: time.optional(),
    durationMinutes: durationMinutes.optional(),
    place: place.optional(),
    videoUrl: videoUrl.optional(),
    note: note.optional(),
    milestoneId: milestoneId.optional(),
  })
  .refine((input) => (input.date === undefined) === (input.time === undefined), { message: "Give both the date and the time", path: ["time"] });
export type MeetingUpdate = z.output<typeof meetingUpdateSchema>;

export const rsvpInputSchema = z.object({
  answer: z.enum(RSVP_ANSWERS, { error: 'Answer must be "going", "maybe" or "not_going"' }),
});

export const MEETINGS_PAGE_SIZE = 10;

/** A page's cursor: the last meeting's start and id, so meetings at the same minute page too. */
const cursor = z
  .string()
  .regex(/^\d{1,15}_[A-Za-z0-9-]{1,64}$/, "nextToken is not valid")
  .transform((token) => {
    const at = token.indexOf("_");
    return { startsAt: Number(token.slice(0, at)), id: token.slice(at + 1) };
  });
export const encodeMeetingCursor = (row: { startsAt: number; id: string }) => `${row.startsAt}_${row.id}`;

export const meetingListQuery = z.object({
  when: z.enum(["upcoming", "past"], { error: 'when must be "upcoming" or "past"' }).default("upcoming"),
  limit: z.coerce.number().int().min(1).max(50).default(MEETINGS_PAGE_SIZE),
  nextToken: cursor.optional(),
});
export type MeetingListQuery = z.output<typeof meetingListQuery>;
