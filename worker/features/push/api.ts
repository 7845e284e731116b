import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { idSchema } from "@worker/core/shared/id";
import { Hono } from "hono";
import { z } from "zod";
import { pushDeviceRemovedView, pushDeviceSavedView, pushDevicesView, pushKeyView } from "./api-schemas";
import { pushSubscriptionSchema } from "./subscription-input";
import {
  DEVICE_NOT_FOUND,
  DEVICE_RATE_LIMITED,
  listDevices,
  MAX_PUSH_DEVICES,
  PUSH_UNAVAILABLE,
  removeDevice,
  subscribeDevice,
  TOO_MANY_DEVICES,
} from "./subscriptions";
import { pushPublicKey } from "./vapid";

const tags = ["Push"];
const LIMITED = `Adding and removing devices: 20 a minute (429 \`${DEVICE_RATE_LIMITED}\`).`;

/** The member's devices for Web Push. Members only; every query is keyed by the signed-in member. */
export const pushApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get(
    "/key",
    doc("GET", {
      summary: "Push key",
      who: "member",
      tags,
      description: "`{publicKey}`: the VAPID application server key to pass to `pushManager.subscribe`, or null when this server has no VAPID key.",
      data: pushKeyView,
    }),
    (c) => ok(c, { publicKey: pushPublicKey(c.env) }),
  )
  .get(
    "/devices",
    doc("GET", {
      summary: "My devices",
      who: "member",
      tags,
      description:
        'The devices I get notifications on, newest first: `deviceName` ("Chrome on Android", from the user agent), `createdAt`, and `thisDevice` when it was added in this session.',
      data: pushDevicesView,
    }),
    async (c) => ok(c, { devices: await listDevices(serviceContext(c)) }),
  )
  .post(
    "/devices",
    doc("POST", {
      summary: "Notify me on this device",
      who: "member",
      tags,
      data: pushDeviceSavedView,
      status: 201,
      errors: [409, 429, 503],
      description: `Adds this browser's push subscription (\`PushSubscription.toJSON()\`: \`endpoint\`, \`keys.p256dh\`, \`keys.auth\`) to my devices, named from the User-Agent; \`created\` is false when the endpoint was mine already (its keys and session are updated). The endpoint must be https, at most 2 KB, on a known push service (FCM, Mozilla, Apple, Microsoft) or one in PUSH_SERVICE_HOSTS; p256dh a 65-byte P-256 key and auth 16 bytes (400 with the reason). It belongs to this session: signing out here or everywhere removes it. 409 \`${TOO_MANY_DEVICES.replace("{max}", String(MAX_PUSH_DEVICES))}\`; 503 \`${PUSH_UNAVAILABLE}\` without a VAPID key. ${LIMITED}`,
    }),
    jsonBody(pushSubscriptionSchema),
    async (c) => ok(c, await subscribeDevice(serviceContext(c), c.req.valid("json"), c.req.header("User-Agent") ?? null), 201),
  )
  .delete(
    "/devices/:id",
    doc("DELETE", {
      summary: "Remove a device",
      who: "member",
      tags,
      data: pushDeviceRemovedView,
      errors: [404, 429],
      description: `Stops notifications on one of my devices; its waiting pushes are dropped. 404 \`${DEVICE_NOT_FOUND}\` for an unknown id or another member's. ${LIMITED}`,
    }),
    zv("param", z.object({ id: idSchema })),
    async (c) => {
      await removeDevice(serviceContext(c), c.req.valid("param").id);
      return ok(c, { removed: true as const });
    },
  );
