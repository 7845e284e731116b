import { Hono, type MiddlewareHandler } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
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
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { zv } from "@worker/core/api/validate";

/** Members who are not moderators get a 403 before any parameter is read. */
const moderatorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireModerator(serviceContext(c));
  await next();
};

/** The moderators' review queue and their actions (MODERATORS lists who they are). */
export const moderationApi = new Hono<AppEnv>()
  .use("*", membersOnly, moderatorsOnly)
  .get("/reports", async (c) => ok(c, await listOpenReports(serviceContext(c))))
  .post("/reports/:id/dismiss", zv("param", reportIdParams), async (c) => ok(c, await dismissReport(serviceContext(c), c.req.valid("param").id)))
  .post("/reports/:id/hide", zv("param", reportIdParams), async (c) =>
    ok(c, await hideReportedContent(serviceContext(c), c.req.valid("param").id)),
  )
  .post("/reports/:id/suspend", zv("param", reportIdParams), async (c) =>
    ok(c, await suspendFromReport(serviceContext(c), c.req.valid("param").id)),
  )
  .get("/members/suspended", async (c) => ok(c, await listSuspendedMembers(serviceContext(c))))
  .post("/members/:id/suspend", zv("param", memberIdParams), async (c) => ok(c, await suspendMember(serviceContext(c), c.req.valid("param").id)))
  .post("/members/:id/unsuspend", zv("param", memberIdParams), async (c) =>
    ok(c, await unsuspendMember(serviceContext(c), c.req.valid("param").id)),
  );
