import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { notificationPageView, unreadCountView } from "./api-schemas";
import { countUnreadNotifications, listNotifications, markNotificationsRead, markReadSchema, notificationListQuerySchema } from "./notifications";

const tags = ["Notifications"];

/** The member's bell: their own notifications only (every query is keyed by the signed-in member). */
export const notificationsApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get(
    "/",
    doc("GET", {
      summary: "My notifications",
      who: "member",
      tags,
      description: "My notifications, newest first (20 by default, 50 at most; pass `nextToken` as `before`).",
      data: notificationPageView,
    }),
    zv("query", notificationListQuerySchema),
    async (c) => ok(c, await listNotifications(serviceContext(c), c.req.valid("query"))),
  )
  .get(
    "/unread-count",
    doc("GET", { summary: "Unread notifications", who: "member", tags, description: "`{unread}` for the bell (capped at 100).", data: unreadCountView }),
    async (c) => ok(c, { unread: await countUnreadNotifications(serviceContext(c)) }),
  )
  .post(
    "/read",
    doc("POST", {
      summary: "Mark notifications read",
      who: "member",
      tags,
      description: "`{ids}` (1 to 100) or `{all: true}`: mark some of mine (others' ids change nothing) or all read; answers `{unread}` (capped at 100).",
      data: unreadCountView,
    }),
    jsonBody(markReadSchema),
    async (c) => ok(c, await markNotificationsRead(serviceContext(c), c.req.valid("json"))),
  );
