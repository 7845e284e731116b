import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { createReport, reportSchema } from "./reports";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { jsonBody } from "@worker/core/api/validate";

/** A member reports another member, a book or a message; moderators review it at /moderation. */
export const reportsApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .post("/", jsonBody(reportSchema), async (c) => ok(c, await createReport(serviceContext(c), c.req.valid("json")), 201));
