import { RSVP_ANSWERS } from "@worker/db/schema";
import { z } from "zod";

// What the meeting routes answer in `data`: each mirrors a service's return type (meetings.ts,
// calendar-feeds.ts). Loose objects, so a field added later breaks neither old clients nor the check.

const epochMs = z.number().int();
const answer = z.enum(RSVP_ANSWERS);
const counts = z.looseObject({ going: z.number().int(), maybe: z.number().int(), notGoing: z.number().int() });

export const meetingView = z.looseObject({
  meetingId: z.string(),
  clubId: z.string(),
  startsAt: epochMs,
  endsAt: epochMs,
  durationMinutes: z.number().int(),
  timeZone: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  place: z.string(),
  videoUrl: z.string().nullable(),
  note: z.string(),
  milestone: z.looseObject({ milestoneId: z.string(), label: z.string() }).nullable(),
  sequence: z.number().int(),
  cancelled: z.boolean(),
  counts,
  myAnswer: answer.nullable(),
  attendees: z.array(z.looseObject({ userId: z.string(), name: z.string(), answer })).nullable(),
});

export const meetingPageView = z.looseObject({ items: z.array(meetingView), nextToken: z.string().nullable() });

export const rsvpView = z.looseObject({ meetingId: z.string(), answer, counts });

export const calendarFeedCreatedView = z.looseObject({ url: z.string(), createdAt: epochMs });
export const calendarFeedStatusView = z.looseObject({ active: z.boolean(), createdAt: epochMs.nullable(), lastUsedAt: epochMs.nullable() });
export const calendarFeedRevokedView = z.looseObject({ revoked: z.boolean() });
