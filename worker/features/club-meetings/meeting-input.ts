import { translate } from "@worker/core/i18n/request-language";
import { isCalendarDay } from "@worker/core/shared/calendar";
import { idSchema } from "@worker/core/shared/id";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { RSVP_ANSWERS } from "@worker/db/schema";
import { z } from "zod";

// What a meeting form and the meetings API take. The date and time are the club's wall clock;
// meetings.ts turns them into an instant in the club's zone.

export const PLACE_MAX = 200;
export const NOTE_MAX = 2000;
export const VIDEO_URL_MAX = 500;
export const DURATION_MIN = 15;
export const DURATION_MAX = 12 * 60;
export const PLACE_OR_LINK = msg("Give a place or a video link");

const emptyAsNull = (value: unknown) => (value === "" || value === undefined ? null : value);

const date = z
  .string({ error: () => translate("Date is required") })
  .refine(isCalendarDay, { error: () => translate("Date must be a real day, written YYYY-MM-DD") })
  .meta({ format: "date" });
const time = z
  .string({ error: () => translate("Time is required") })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: () => translate("Time must be HH:MM (24-hour)") });
// A JSON number (no coercion); the meetings form turns its text into one in its adapter.
const durationMinutes = z
  .number({ error: () => translate("Duration must be a number of minutes") })
  .int({ error: () => translate("Duration must be whole minutes") })
  .min(DURATION_MIN, { error: () => translate("Duration must be at least {min} minutes", { min: DURATION_MIN }) })
  .max(DURATION_MAX, {
    error: () => translate("{hours, plural, one {Duration must be at most # hour} other {Duration must be at most # hours}}", { hours: DURATION_MAX / 60 }),
  });
// Text, never null: leaving one out is what keeps it empty (or as it is, when editing).
const place = cleanText({ max: PLACE_MAX, tooLong: msg("Place must be at most {max} characters") });
const note = cleanText({ max: NOTE_MAX, tooLong: msg("Note must be at most {max} characters"), multiline: true });
/** Controls, invisible formatting and any space or separator: none belongs in a link, and some start a new line in a calendar reader. */
const NOT_PRINTABLE = /[\p{C}\p{Z}]/u;
/** https only: a calendar app opens it, and a plain-http or javascript: link has no business there. */
const videoUrl = z.preprocess(
  emptyAsNull,
  z
    .string({ error: () => translate("Video link must be an https:// address") })
    // Checked before z.url, which quietly drops tabs and line breaks instead of refusing them.
    .refine((value) => !NOT_PRINTABLE.test(value), { error: () => translate("Video link must be an https:// address") })
    .pipe(
      z
        .url({ protocol: /^https$/, hostname: z.regexes.domain, error: () => translate("Video link must be an https:// address") })
        .max(VIDEO_URL_MAX, { error: () => translate("Video link must be at most {max} characters", { max: VIDEO_URL_MAX }) }),
    )
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
  .refine(needsPlaceOrLink, { error: () => translate(PLACE_OR_LINK), path: ["place"] });
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
  .refine((input) => (input.date === undefined) === (input.time === undefined), { error: () => translate("Give both the date and the time"), path: ["time"] });
export type MeetingUpdate = z.output<typeof meetingUpdateSchema>;

export const rsvpInputSchema = z.object({
  answer: z.enum(RSVP_ANSWERS, { error: () => translate('Answer must be "going", "maybe" or "not_going"') }),
});

export const MEETINGS_PAGE_SIZE = 10;

/** A page's cursor: the last meeting's start and id, so meetings at the same minute page too. */
const cursor = z
  .string()
  .regex(/^\d{1,15}_[A-Za-z0-9-]{1,64}$/, { error: () => translate("nextToken is not valid") })
  .transform((token) => {
    const at = token.indexOf("_");
    return { startsAt: Number(token.slice(0, at)), id: token.slice(at + 1) };
  });
export const encodeMeetingCursor = (row: { startsAt: number; id: string }) => `${row.startsAt}_${row.id}`;

export const meetingListQuery = z.object({
  when: z.enum(["upcoming", "past"], { error: () => translate('when must be "upcoming" or "past"') }).default("upcoming"),
  limit: z.coerce.number().int().min(1).max(50).default(MEETINGS_PAGE_SIZE),
  nextToken: cursor.optional(),
});
export type MeetingListQuery = z.output<typeof meetingListQuery>;
