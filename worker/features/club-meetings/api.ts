import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { idSchema } from "@worker/core/shared/id";
import { Hono } from "hono";
import { z } from "zod";
import { calendarFeedCreatedView, calendarFeedRevokedView, calendarFeedStatusView, meetingPageView, meetingView, rsvpView } from "./api-schemas";
import { calendarFeedStatus, createCalendarFeed, meetingIcs, revokeCalendarFeed } from "./calendar-feeds";
import { meetingInputSchema, meetingListQuery, meetingUpdateSchema, rsvpInputSchema } from "./meeting-input";
import { answerMeeting, cancelMeeting, createMeeting, getMeeting, listMeetings, updateMeeting } from "./meetings";

const tags = ["Club meetings"];
const clubParams = z.object({ id: idSchema });
const meetingParams = clubParams.extend({ meetingId: idSchema });
const WRITE_LIMIT = "Counts against the member's club-write limit of 30 a minute (429 `You're doing that too quickly. Please wait a moment.`).";
const HIDDEN = "A private club answers 404 `Club not found` to everyone outside it;";
const MEMBERS = `${HIDDEN} an open club answers 403 \`Only the club's members can do that.\` to members of the app who are not in it.`;
const MANAGERS = `${HIDDEN} others get 403 (\`Only the club's creator or an admin can schedule meetings.\`).`;
const TIME_RULES =
  "`date` (YYYY-MM-DD) and `time` (HH:MM) are the club's wall clock in its `timezone`; not in the past (400 `A meeting cannot start in the past`), at most 2 years ahead (400 `A meeting can be at most 2 years ahead`); `place` or an https `videoUrl` with no control, format or space character (400 `Give a place or a video link`, `Video link must be an https:// address`); `milestoneId`, when given, one of the club's current book's milestones.";

/** A club's meetings and RSVPs, mounted at /api/clubs beside the clubs routes. */
export const clubMeetingsApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get(
    "/:id/meetings",
    doc("GET", {
      summary: "A club's meetings",
      who: "member",
      tags,
      data: meetingPageView,
      errors: [404],
      description: `One page: \`when=upcoming\` (default; not yet ended, soonest first) or \`when=past\` (latest first); \`limit\` (1–50, default 10) and \`nextToken\`. Each meeting has RSVP counts; the club's members also get \`attendees\` (names and answers) and \`myAnswer\`. ${HIDDEN} any member of the app sees an open club's meetings.`,
    }),
    zv("param", clubParams),
    zv("query", meetingListQuery),
    async (c) => ok(c, await listMeetings(serviceContext(c), c.req.valid("param").id, c.req.valid("query"))),
  )
  .post(
    "/:id/meetings",
    doc("POST", {
      summary: "Schedule a meeting",
      who: "creator or admin",
      tags,
      data: meetingView,
      status: 201,
      errors: [404],
      description: `${TIME_RULES} Members who answer going or maybe are reminded the day before and an hour before. ${MANAGERS} ${WRITE_LIMIT}`,
    }),
    zv("param", clubParams),
    jsonBody(meetingInputSchema),
    async (c) => ok(c, await createMeeting(serviceContext(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .get(
    "/:id/meetings/:meetingId",
    doc("GET", {
      summary: "One meeting",
      who: "member",
      tags,
      data: meetingView,
      errors: [404],
      description: `As in the list. 404 \`Meeting not found\`; ${HIDDEN}`,
    }),
    zv("param", meetingParams),
    async (c) => {
      const { id, meetingId } = c.req.valid("param");
      return ok(c, await getMeeting(serviceContext(c), id, meetingId));
    },
  )
  .patch(
    "/:id/meetings/:meetingId",
    doc("PATCH", {
      summary: "Edit a meeting",
      who: "creator or admin",
      tags,
      data: meetingView,
      errors: [404, 409],
      description: `Fields left out stay; \`date\` and \`time\` go together. ${TIME_RULES} Its \`sequence\` goes up, reminders move, and members going or maybe are told (\`club_meeting_changed\`: one bell item per meeting that counts, one e-mail an hour). An edit that changes nothing answers 200 with the meeting as it is: no new \`sequence\`, nobody told. 409 \`This meeting was cancelled\` or \`This meeting is already over\`. ${MANAGERS} ${WRITE_LIMIT}`,
    }),
    zv("param", meetingParams),
    jsonBody(meetingUpdateSchema),
    async (c) => {
      const { id, meetingId } = c.req.valid("param");
      return ok(c, await updateMeeting(serviceContext(c), id, meetingId, c.req.valid("json")));
    },
  )
  .post(
    "/:id/meetings/:meetingId/cancel",
    doc("POST", {
      summary: "Cancel a meeting",
      who: "creator or admin",
      tags,
      data: meetingView,
      errors: [404, 409],
      description: `Marks it cancelled (calendars get \`STATUS:CANCELLED\`), drops its reminders and tells members going or maybe (\`club_meeting_cancelled\`). 409 \`This meeting was cancelled\` or \`This meeting is already over\`. ${MANAGERS} ${WRITE_LIMIT}`,
    }),
    zv("param", meetingParams),
    async (c) => {
      const { id, meetingId } = c.req.valid("param");
      return ok(c, await cancelMeeting(serviceContext(c), id, meetingId));
    },
  )
  .put(
    "/:id/meetings/:meetingId/rsvp",
    doc("PUT", {
      summary: "Answer a meeting (RSVP)",
      who: "club member",
      tags,
      data: rsvpView,
      errors: [404, 409],
      description: `\`answer\`: \`going\`, \`maybe\` or \`not_going\`; one per member, changed in place. 409 \`This meeting was cancelled\` or \`This meeting is already over\`. ${MEMBERS} ${WRITE_LIMIT}`,
    }),
    zv("param", meetingParams),
    jsonBody(rsvpInputSchema),
    async (c) => {
      const { id, meetingId } = c.req.valid("param");
      return ok(c, await answerMeeting(serviceContext(c), id, meetingId, c.req.valid("json").answer));
    },
  )
  .get(
    "/:id/meetings/:meetingId/calendar.ics",
    doc("GET", {
      summary: "A meeting's calendar file (.ics)",
      who: "club member",
      tags,
      errors: [403, 404],
      other: { status: 200, contentType: "text/calendar", description: "An RFC 5545 calendar with the one meeting (times in UTC), as an attachment." },
      description: `404 \`Meeting not found\`; ${MEMBERS}`,
    }),
    zv("param", meetingParams),
    async (c) => {
      const { id, meetingId } = c.req.valid("param");
      const body = await meetingIcs(serviceContext(c), id, meetingId, new URL(c.req.url).origin);
      return c.body(body, 200, { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'attachment; filename="meeting.ics"' });
    },
  );

/** The member's calendar feed address (`/calendar/{token}.ics`), mounted at /api/calendar-feed. */
export const calendarFeedApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get(
    "/",
    doc("GET", {
      summary: "My calendar feed",
      who: "member",
      tags,
      data: calendarFeedStatusView,
      description:
        "Whether I have a feed address, when it was made and last read by a calendar app. The address itself is shown only when made: only its hash is kept.",
    }),
    async (c) => ok(c, await calendarFeedStatus(serviceContext(c))),
  )
  .post(
    "/",
    doc("POST", {
      summary: "Make a new calendar feed address",
      who: "member",
      tags,
      data: calendarFeedCreatedView,
      status: 201,
      description: `A secret \`url\` (\`/calendar/{token}.ics\`) that calendar apps subscribe to: the meetings of every club I am in. Any older address stops working. ${WRITE_LIMIT}`,
    }),
    async (c) => ok(c, await createCalendarFeed(serviceContext(c), new URL(c.req.url).origin), 201),
  )
  .delete(
    "/",
    doc("DELETE", {
      summary: "Stop my calendar feed",
      who: "member",
      tags,
      data: calendarFeedRevokedView,
      description: `The address stops working at once. ${WRITE_LIMIT}`,
    }),
    async (c) => ok(c, await revokeCalendarFeed(serviceContext(c))),
  );
