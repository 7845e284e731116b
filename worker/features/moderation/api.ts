import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono, type MiddlewareHandler } from "hono";
import {
  memberSuspendedView,
  memberUnsuspendedView,
  openReportsView,
  reportDismissedView,
  reportHiddenView,
  reportSuspendedView,
  suspendedMembersView,
} from "./api-schemas";
import {
  dismissReport,
  hideReportedContent,
  listOpenReports,
  listSuspendedMembers,
  memberIdParams,
  reportIdParams,
  requireModerator,
  suspendFromReport,
  suspendMember,
  unsuspendMember,
} from "./moderation";

/** Members who are not moderators get a 403 before any parameter is read. */
const moderatorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireModerator(serviceContext(c));
  await next();
};

const tags = ["Moderation"];
const moderatorsNote = "Members who are not moderators (MODERATORS lists them) get 403 `Only moderators can do that.`";
const reviewNote = "404 `Report not found`, 409 `This report has already been reviewed.`";

/** The moderators' review queue and their actions (MODERATORS lists who they are). */
export const moderationApi = new Hono<AppEnv>()
  .use("*", membersOnly, moderatorsOnly)
  .get(
    "/reports",
    doc("GET", {
      summary: "Open reports",
      who: "moderator",
      tags,
      description: `The oldest 100 open reports, oldest first, with the reported content as it was, who reported it and who is reported. ${moderatorsNote}`,
      data: openReportsView,
      errors: [403],
    }),
    async (c) => ok(c, await listOpenReports(serviceContext(c))),
  )
  .post(
    "/reports/:id/dismiss",
    doc("POST", {
      summary: "Dismiss a report",
      who: "moderator",
      tags,
      description: `Close with no action. ${reviewNote}. ${moderatorsNote}`,
      data: reportDismissedView,
      errors: [404, 409],
    }),
    zv("param", reportIdParams),
    async (c) => ok(c, await dismissReport(serviceContext(c), c.req.valid("param").id)),
  )
  .post(
    "/reports/:id/hide",
    doc("POST", {
      summary: "Hide the reported book, message or comment",
      who: "moderator",
      tags,
      description: `Hide its book (out of the library, search and its page), message (gone from the thread for both members) or comment (shown to nobody); other open reports of the same content close with it. 400 for a report of a member (\`A member can't be hidden. Suspend them instead, or dismiss the report.\`); 404 also when the book, conversation, message or comment no longer exists. ${reviewNote}. ${moderatorsNote}`,
      data: reportHiddenView,
      errors: [404, 409],
    }),
    zv("param", reportIdParams),
    async (c) => ok(c, await hideReportedContent(serviceContext(c), c.req.valid("param").id)),
  )
  .post(
    "/reports/:id/suspend",
    doc("POST", {
      summary: "Suspend the reported member",
      who: "moderator",
      tags,
      description: `Suspend the reported member (the book's owner, the message's sender) and close their open reports. ${reviewNote}. ${moderatorsNote}`,
      data: reportSuspendedView,
      errors: [404, 409],
    }),
    zv("param", reportIdParams),
    async (c) => ok(c, await suspendFromReport(serviceContext(c), c.req.valid("param").id)),
  )
  .get(
    "/members/suspended",
    doc("GET", {
      summary: "Suspended members",
      who: "moderator",
      tags,
      description: `Suspended members, most recently suspended first (100 at most). ${moderatorsNote}`,
      data: suspendedMembersView,
      errors: [403],
    }),
    async (c) => ok(c, await listSuspendedMembers(serviceContext(c))),
  )
  .post(
    "/members/:id/suspend",
    doc("POST", {
      summary: "Suspend a member",
      who: "moderator",
      tags,
      description: `Suspend (400 oneself: \`You can't suspend yourself.\`): the member cannot sign in, is signed out everywhere at once, and their books leave the library. Suspending someone already suspended changes nothing. 404 \`No user found with that ID\`. ${moderatorsNote}`,
      data: memberSuspendedView,
      errors: [404],
    }),
    zv("param", memberIdParams),
    async (c) => ok(c, await suspendMember(serviceContext(c), c.req.valid("param").id)),
  )
  .post(
    "/members/:id/unsuspend",
    doc("POST", {
      summary: "Lift a suspension",
      who: "moderator",
      tags,
      description: `Lift (409 when not suspended: \`This member is not suspended.\`): the member can sign in again and the books the suspension hid come back. 404 \`No user found with that ID\`. ${moderatorsNote}`,
      data: memberUnsuspendedView,
      errors: [404, 409],
    }),
    zv("param", memberIdParams),
    async (c) => ok(c, await unsuspendMember(serviceContext(c), c.req.valid("param").id)),
  );
