import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { reportCreatedView } from "./api-schemas";
import { createReport, reportSchema } from "./reports";

/** A member reports another member, a book, a message or a comment; moderators review it at /moderation. */
export const reportsApi = new Hono<AppEnv>().use("*", membersOnly).post(
  "/",
  doc("POST", {
    summary: "Report a member, a book, a message or a comment",
    who: "member",
    tags: ["Reports"],
    description:
      "`{subject: member, userId | book, bookId | message, conversationId, messageId | comment, commentId; reason, details?}` (`reason` one of spam, harassment, inappropriate, scam, other; `details` at most 1,000 characters). 201 `{reportId, subject, message}` with `Thanks — your report was received. A moderator will review it.`; the reported member is not told. 400 one's own (`You can't report yourself.`, `You can't report your own book.`, `You can't report your own message.`, `You can't report your own comment.`), 404 not found (a conversation one is not in too), 429 past 10 a minute (`You've sent several reports in a short time. Please wait a minute and try again.`).",
    status: 201,
    data: reportCreatedView,
    errors: [404],
  }),
  jsonBody(reportSchema),
  async (c) => ok(c, await createReport(serviceContext(c), c.req.valid("json")), 201),
);
