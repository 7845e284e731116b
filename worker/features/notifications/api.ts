import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
  markReadSchema,
  notificationListQuerySchema,
} from "./notifications";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { jsonBody, zv } from "@worker/core/api/validate";

/** The member's bell: their own notifications only (every query is keyed by the signed-in member). */
export const notificationsApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get("/", zv("query", notificationListQuerySchema), async (c) => ok(c, await listNotifications(serviceContext(c), c.req.valid("query"))))
  .get("/unread-count", async (c) => ok(c, { unread: await countUnreadNotifications(serviceContext(c)) }))
  .post("/read", jsonBody(markReadSchema), async (c) => ok(c, await markNotificationsRead(serviceContext(c), c.req.valid("json"))));
