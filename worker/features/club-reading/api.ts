import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { clubReadingView, copiesPageView, shelfPageView } from "./api-schemas";
import { finishCurrentBook, getClubReading, listShelf, markProgress, setCurrentBook, setMilestones, unmarkProgress } from "./club-book";
import { listClubCopies } from "./copies";
import {
  clubParams,
  copiesQuerySchema,
  MILESTONES_MAX,
  milestoneParams,
  milestonesInputSchema,
  progressInputSchema,
  setBookInputSchema,
  shelfQuerySchema,
} from "./reading-rules";

const tags = ["Club reading"];
const WHO_READS =
  "A private club's reading is its active members' only: anyone else gets 404 `Club not found`, as for no club. An open club's is readable by every member.";
const WRITE_LIMIT = "Counts against the member's club-write limit of 30 a minute (429 `You're doing that too quickly. Please wait a moment.`).";
const ADMINS = `The club's creator or an active admin; other members 403 \`Only the club's admins can set its book and schedule.\` (404 \`Club not found\` for outsiders of a private club). ${WRITE_LIMIT}`;
const MARKERS = `Active members of the club; others 403 \`Only the club's members can mark their progress.\` (404 \`Club not found\` for outsiders of a private club). 404 \`Milestone not found\` for a milestone that is not on the club's current book. ${WRITE_LIMIT}`;
const MILESTONE_ITEMS = `\`milestones\`: at most ${MILESTONES_MAX}, in order, each \`{milestoneId?, label, dueOn?}\` (label 1 to 120 characters; dueOn YYYY-MM-DD or null).`;

/**
 * The club's book, its reading schedule and the copies members own,
 * mounted under /clubs before the club routes. No `use("*")`: it would run for every /clubs route.
 */
export const clubReadingApi = new Hono<AppEnv>()
  .get(
    "/:id/reading",
    doc("GET", {
      summary: "The club's current book and schedule",
      who: "member",
      tags,
      data: clubReadingView,
      errors: [404],
      description: `The current book (null when none), its milestones in order, each with how many active members reached it (\`doneCount\`), the names of those who chose to share (\`sharedBy\`, at most 20), and the caller's own mark. ${WHO_READS}`,
    }),
    membersOnly,
    zv("param", clubParams),
    async (c) => ok(c, await getClubReading(serviceContext(c), c.req.valid("param").id)),
  )
  .put(
    "/:id/reading",
    doc("PUT", {
      summary: "Set the club's current book",
      who: "club admin",
      tags,
      data: clubReadingView,
      errors: [404, 409],
      description: `\`{bookId}\` (one of the app's books the caller may see; 404 \`Book not found\`) or \`{title, author?, isbn?}\`; an ISBN without a title is looked up as Add Books does (400 \`title: No book found for that ISBN. Please enter its title and author.\`; 400 \`isbn: Give a valid ISBN-10 or ISBN-13\`). Optional \`finishBy\` (YYYY-MM-DD) and ${MILESTONE_ITEMS} The book before, if any, moves to the club's shelf history. ${ADMINS}`,
    }),
    membersOnly,
    zv("param", clubParams),
    jsonBody(setBookInputSchema),
    async (c) => ok(c, await setCurrentBook(serviceContext(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .post(
    "/:id/reading/finish",
    doc("POST", {
      summary: "Finish the club's current book",
      who: "club admin",
      tags,
      data: clubReadingView,
      errors: [404, 409],
      description: `Moves the current book to the shelf history; 409 \`The club has no current book.\` ${ADMINS}`,
    }),
    membersOnly,
    zv("param", clubParams),
    async (c) => ok(c, await finishCurrentBook(serviceContext(c), c.req.valid("param").id)),
  )
  .put(
    "/:id/reading/milestones",
    doc("PUT", {
      summary: "Replace the current book's milestones",
      who: "club admin",
      tags,
      data: clubReadingView,
      errors: [404, 409],
      description: `${MILESTONE_ITEMS} Optional \`finishBy\` (YYYY-MM-DD, or null to clear it; left out, it stays): the day the club means to finish, whichever way the book was set. A milestone sent with its id keeps it and the members' marks; one left out is deleted with its marks. 409 \`The club has no current book.\` ${ADMINS}`,
    }),
    membersOnly,
    zv("param", clubParams),
    jsonBody(milestonesInputSchema),
    async (c) => {
      const { milestones, finishBy } = c.req.valid("json");
      return ok(c, await setMilestones(serviceContext(c), c.req.valid("param").id, milestones, finishBy));
    },
  )
  .put(
    "/:id/reading/milestones/:milestoneId/progress",
    doc("PUT", {
      summary: "Mark a milestone reached",
      who: "club member",
      tags,
      data: clubReadingView,
      errors: [404],
      description: `\`{shared?}\`: true lets the club see the caller's name beside the milestone; otherwise they only count. Marking again changes only \`shared\`. ${MARKERS}`,
    }),
    membersOnly,
    zv("param", milestoneParams),
    jsonBody(progressInputSchema),
    async (c) => {
      const { id, milestoneId } = c.req.valid("param");
      return ok(c, await markProgress(serviceContext(c), id, milestoneId, c.req.valid("json").shared));
    },
  )
  .delete(
    "/:id/reading/milestones/:milestoneId/progress",
    doc("DELETE", {
      summary: "Take back a milestone mark",
      who: "club member",
      tags,
      data: clubReadingView,
      errors: [404],
      description: MARKERS,
    }),
    membersOnly,
    zv("param", milestoneParams),
    async (c) => {
      const { id, milestoneId } = c.req.valid("param");
      return ok(c, await unmarkProgress(serviceContext(c), id, milestoneId));
    },
  )
  .get(
    "/:id/reading/copies",
    doc("GET", {
      summary: "Copies of the club's current book",
      who: "member",
      tags,
      data: copiesPageView,
      errors: [404],
      description: `Who owns a copy: the club's active members first, then the rest of the library, available ones first; each with \`available\`, \`lent\` or \`promised\`, and \`membersOnly\` for a copy shared into a private club the caller is not in (listed, as in the library, but not theirs to borrow). A copy matches by ISBN-13 when both sides have one, otherwise by title and author normalised (case, accents, punctuation and articles aside). \`limit\` (20 by default, 50 at most); pass \`nextToken\` for more. Empty when the club has no current book. ${WHO_READS}`,
    }),
    membersOnly,
    zv("param", clubParams),
    zv("query", copiesQuerySchema),
    async (c) => ok(c, await listClubCopies(serviceContext(c), c.req.valid("param").id, c.req.valid("query"))),
  )
  .get(
    "/:id/shelf",
    doc("GET", {
      summary: "The club's shelf history",
      who: "member",
      tags,
      data: shelfPageView,
      errors: [404],
      description: `The books the club finished, most recent first; \`limit\` (20 by default, 50 at most); pass \`nextToken\` for older ones. ${WHO_READS}`,
    }),
    membersOnly,
    zv("param", clubParams),
    zv("query", shelfQuerySchema),
    async (c) => ok(c, await listShelf(serviceContext(c), c.req.valid("param").id, c.req.valid("query"))),
  );
