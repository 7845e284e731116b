import { readConfig } from "@worker/core/config";
import { badField, conflict, notFound, requireUser, unauthorized, unavailable } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { pushSubscriptions } from "@worker/db/schema";
import { and, desc, eq, sql } from "drizzle-orm";
import { deviceKindOf } from "./device-name";
import { isPushServiceHost } from "./push-services";
import type { PushSubscriptionInput } from "./subscription-input";
import { readVapid } from "./vapid";

/** Devices one member may get pushes on. */
export const MAX_PUSH_DEVICES = 10;

export const PUSH_UNAVAILABLE = msg("Notifications on devices are not set up on this server.");
export const TOO_MANY_DEVICES = msg("You can get notifications on at most {max} devices. Remove one first.");
export const DEVICE_NOT_FOUND = msg("Device not found");
export const DEVICE_RATE_LIMITED = msg("Too many device changes. Please wait a minute and try again.");

export interface PushDevice {
  subscriptionId: string;
  /** "Chrome on Android", in the reader's language. */
  deviceName: string;
  createdAt: number;
  /** Made in the session this request came with: this browser. */
  thisDevice: boolean;
}

function deviceName(browser: string, system: string): string {
  return translate("{browser} on {system}", {
    browser: browser || translate("A browser"),
    system: system || translate("an unknown system"),
  });
}

const deviceColumns = {
  subscriptionId: pushSubscriptions.id,
  browser: pushSubscriptions.browser,
  system: pushSubscriptions.system,
  sessionId: pushSubscriptions.sessionId,
  createdAt: pushSubscriptions.createdAt,
};

type DeviceRow = { subscriptionId: string; browser: string; system: string; sessionId: string; createdAt: number };

const deviceView = (row: DeviceRow, sessionId: string | undefined): PushDevice => ({
  subscriptionId: row.subscriptionId,
  deviceName: deviceName(row.browser, row.system),
  createdAt: row.createdAt,
  thisDevice: row.sessionId === sessionId,
});

/**
 * Keeps this browser's subscription for the member and this session. The same endpoint again (the
 * browser renewed its keys, or signed in anew) updates its row; an endpoint another member left on
 * this browser moves to this one, so their pushes stop showing here. A new device is added only while
 * the member has fewer than MAX_PUSH_DEVICES, in one statement, so simultaneous subscribes cannot pass it.
 */
export async function subscribeDevice(
  ctx: ServiceContext,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<{ device: PushDevice; created: boolean }> {
  requireUser(ctx);
  const sessionId = ctx.sessionId;
  if (!sessionId) throw unauthorized();
  if (!readVapid(ctx.env)) throw unavailable(PUSH_UNAVAILABLE);
  if (!isPushServiceHost(new URL(input.endpoint).hostname, readConfig(ctx.env).PUSH_SERVICE_HOSTS)) {
    throw badField("endpoint", "The push endpoint is not on a known push service.");
  }
  await limit(ctx.env.PUSH_LIMITER, `push:${ctx.user.id}`, DEVICE_RATE_LIMITED);
  const { browser, system } = deviceKindOf(userAgent);
  const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth, browser, system, sessionId };
  const userId = ctx.user.id;

  const [existing] = await ctx.db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, input.endpoint))
    .limit(1);
  if (existing?.userId === userId) {
    const [row] = await ctx.db.update(pushSubscriptions).set(keys).where(eq(pushSubscriptions.id, existing.id)).returning(deviceColumns);
    if (row) return { device: deviceView(row, sessionId), created: false };
  } else if (existing) {
    // Its waiting pushes were written for the other member: they go with it (cascade).
    await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, existing.id), eq(pushSubscriptions.userId, existing.userId)));
  }

  const id = crypto.randomUUID();
  const inserted = await ctx.db.all<{ id: string }>(sql`
    insert into push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, browser, system)
    select ${id}, ${userId}, ${sessionId}, ${input.endpoint}, ${keys.p256dh}, ${keys.auth}, ${browser}, ${system}
    where (select count(*) from push_subscriptions where user_id = ${userId}) < ${MAX_PUSH_DEVICES}
    on conflict (endpoint) do nothing
    returning id`);
  const [row] = await ctx.db.select(deviceColumns).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)).limit(1);
  // Not inserted and not there: the member is at the limit. Not inserted but there: a simultaneous
  // subscribe of this same browser won the race, which is the same outcome.
  if (row && (inserted.length > 0 || row.sessionId === sessionId)) return { device: deviceView(row, sessionId), created: inserted.length > 0 };
  throw conflict(TOO_MANY_DEVICES, { max: MAX_PUSH_DEVICES });
}

/** The member's devices, newest first (push_subscriptions_user_idx). */
export async function listDevices(ctx: ServiceContext): Promise<PushDevice[]> {
  requireUser(ctx);
  const rows = await ctx.db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, ctx.user.id))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(MAX_PUSH_DEVICES);
  return rows.map((row) => deviceView(row, ctx.sessionId));
}

/** Removes one of the member's devices (its waiting pushes go with it); another member's answers 404. */
export async function removeDevice(ctx: ServiceContext, subscriptionId: string): Promise<void> {
  requireUser(ctx);
  await limit(ctx.env.PUSH_LIMITER, `push:${ctx.user.id}`, DEVICE_RATE_LIMITED);
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, ctx.user.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(DEVICE_NOT_FOUND);
}
