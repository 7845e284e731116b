import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { ballotView, currentBookView, pollPageView, pollView, scheduledMeetingView } from "./api-schemas";
import { ballotInputSchema, clubPollParams, pollInputSchema, pollParams, pollsQuerySchema, scheduleSlotSchema } from "./poll-rules";
import { castBallot, closePoll, createPoll, getPoll, listPolls, makeWinnerCurrent, scheduleWinningSlot } from "./polls";

const tags = ["Club polls"];
const WRITE_LIMIT = "Counts against the member's club-write limit of 30 a minute (429 `You're doing that too quickly. Please wait a moment.`).";
const READ_RULE = "A private club's polls are its active members' only (404 `Club not found` to anyone else); an open club's are any member's to read.";

/**
 * A club's polls, mounted under /clubs before the club routes (whose `use("*")` would otherwise run
 * first): so no `use("*")` here either, each route says who it is for.
 */
export const clubPollsApi = new Hono<AppEnv>()
  .get(
    "/:id/polls",
    doc("GET", {
      summary: "A club's polls",
      who: "member",
      tags,
      data: pollPageView,
      errors: [404],
      description: `Newest first, \`limit\` at a time (20 by default, 50 at most); pass \`nextToken\` as \`before\` for older ones. Each with its ballot count, whether I voted, and a closed poll's winning label. ${READ_RULE}`,
    }),
    membersOnly,
    zv("param", clubPollParams),
    zv("query", pollsQuerySchema),
    async (c) => ok(c, await listPolls(serviceContext(c), c.req.valid("param").id, c.req.valid("query"))),
  )
  .post(
    "/:id/polls",
    doc("POST", {
      summary: "Open a poll",
      who: "club admin",
      tags,
      data: pollView,
      status: 201,
      errors: [404],
      description: `\`{kind, question, closesAt?, hideResults?, options}\`. \`kind\`: \`book\` (ranked choice counted by instant runoff; 2 to 10 candidates, each \`{bookId}\` of the app's books or \`{label (the title), author?, isbn13?}\`), \`date\` (approval: options \`{startsAt}\`, meeting slots in epoch ms) or \`choice\` (one answer: options \`{label}\`); at most 20 options. \`closesAt\` (epoch ms, in the future, within a year): an alarm closes the poll then; without it the poll stays open until an admin closes it. \`hideResults\`: nobody sees the count until close. The club's members are told ("Club announcements"). 403 \`Only the club's admins can run polls.\`; 404 \`Book not found\` for an unknown candidate book. ${READ_RULE} ${WRITE_LIMIT}`,
    }),
    membersOnly,
    zv("param", clubPollParams),
    jsonBody(pollInputSchema),
    async (c) => ok(c, await createPoll(serviceContext(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .get(
    "/:id/polls/:pollId",
    doc("GET", {
      summary: "A poll",
      who: "member",
      tags,
      data: pollView,
      errors: [404],
      description: `The poll, its options, my ballot (\`myChoices\`) and the count: live while open unless results are hidden (then \`result\` is null), the stored one after close, with every runoff round for a book poll. ${READ_RULE} 404 \`Poll not found\`.`,
    }),
    membersOnly,
    zv("param", pollParams),
    async (c) => {
      const { id, pollId } = c.req.valid("param");
      return ok(c, await getPoll(serviceContext(c), id, pollId));
    },
  )
  .put(
    "/:id/polls/:pollId/ballot",
    doc("PUT", {
      summary: "Cast or change my ballot",
      who: "club member",
      tags,
      data: ballotView,
      errors: [404, 409],
      description: `\`{choices}\`: option ids. A book poll: my ranking, best first (ranking some is fine); a date poll: every slot that works; a choice poll: exactly one. One ballot per member, replaced by the next until the poll closes (409 \`This poll is closed.\`). 400 \`choices: That ballot does not fit this poll.\`; 403 \`Only the club's members can vote.\` in an open club I am not an active member of (404 \`Club not found\` in a private one). ${WRITE_LIMIT}`,
    }),
    membersOnly,
    zv("param", pollParams),
    jsonBody(ballotInputSchema),
    async (c) => {
      const { id, pollId } = c.req.valid("param");
      return ok(c, await castBallot(serviceContext(c), id, pollId, c.req.valid("json")));
    },
  )
  .post(
    "/:id/polls/:pollId/close",
    doc("POST", {
      summary: "Close a poll now",
      who: "club admin",
      tags,
      data: pollView,
      errors: [404, 409],
      description: `Counts the ballots, stores the count and tells the members. 403 \`Only the club's admins can run polls.\`; 409 \`This poll is closed.\` ${READ_RULE} ${WRITE_LIMIT}`,
    }),
    membersOnly,
    zv("param", pollParams),
    async (c) => {
      const { id, pollId } = c.req.valid("param");
      return ok(c, await closePoll(serviceContext(c), id, pollId));
    },
  )
  .post(
    "/:id/polls/:pollId/current-book",
    doc("POST", {
      summary: "Make the winning book the club's current book",
      who: "club admin",
      tags,
      data: currentBookView,
      status: 201,
      errors: [404, 409],
      description: `A closed book poll's winner becomes the club's current book; the book it replaces moves to the club's history. 400 \`Only a book poll can set the club's book.\`; 409 \`The poll is still open.\` or \`This poll has no winning book.\`; 403 \`Only the club's admins can run polls.\` ${READ_RULE} ${WRITE_LIMIT}`,
    }),
    membersOnly,
    zv("param", pollParams),
    async (c) => {
      const { id, pollId } = c.req.valid("param");
      return ok(c, await makeWinnerCurrent(serviceContext(c), id, pollId), 201);
    },
  )
  .post(
    "/:id/polls/:pollId/meeting",
    doc("POST", {
      summary: "Schedule the winning slot as a meeting",
      who: "club admin",
      tags,
      data: scheduledMeetingView,
      status: 201,
      errors: [404, 409],
      description: `\`{place?, videoUrl?}\`: a closed date poll's winning slot becomes a club meeting at that time, on the club's clock (90 minutes; at the club's area when no place or link is given), with its reminders, as \`POST /clubs/{id}/meetings\` schedules one. 400 \`Only a date poll can schedule a meeting.\`; 409 \`The poll is still open.\`, \`This poll has no winning date.\` or \`A meeting is already scheduled at this time.\`; 403 \`Only the club's admins can run polls.\` ${READ_RULE} ${WRITE_LIMIT}`,
    }),
    membersOnly,
    zv("param", pollParams),
    jsonBody(scheduleSlotSchema),
    async (c) => {
      const { id, pollId } = c.req.valid("param");
      return ok(c, await scheduleWinningSlot(serviceContext(c), id, pollId, c.req.valid("json")), 201);
    },
  );
