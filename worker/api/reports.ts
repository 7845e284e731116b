import { Hono } from "hono";
import { serviceContext, type AppEnv } from "../http/app-env";
import { createReport, reportSchema } from "../services/reports";
import { ok } from "./envelope";
import { membersOnly } from "./members-only";
import { jsonBody } from "./validate";

/** A member reports another member, a book or a message; moderators review it at /moderation. */
export const reportsApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .post("/", jsonBody(reportSchema), async (c) => ok(c, await createReport(serviceContext(c), c.req.valid("json")), 201));
