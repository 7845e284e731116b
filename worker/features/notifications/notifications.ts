import { notFound, requireUser } from "@worker/core/errors";
import { translatorsFor } from "@worker/core/i18n/request-language";
import { tellMembers } from "@worker/core/member-inbox-stubs";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import { idSchema } from "@worker/core/shared/id";
import { DEFAULT_REGION_LOCALE } from "@worker/core/shared/languages";
import { msg } from "@worker/core/shared/translate";
import { blocks, notificationPreferences, notifications, pushSubscriptions, users } from "@worker/db/schema";
import { type PushEvent, queuePushes } from "@worker/features/push";
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { queueNotificationEmails } from "./email-outbox";
import {
  BELL_ONLY,
  type DeliveredNotification,
  NOTIFICATION_PREFERENCE,
  type NotificationInput,
  type NotificationText,
  type RecipientReader,
  recipientLanguage,
} from "./notification-events";
import { channelOn } from "./notification-prefs";

// The event shapes live apart because the e-mail outbox needs them too (and notify() needs the
// outbox); the producers keep importing them from here.
export type { NotificationInput, NotificationText, NotificationType, RecipientReader } from "./notification-events";

/** The bell item (and e-mail batch) that gathers one conversation's new messages. */
export const conversationNotificationKey = (conversationId: string) => `dm:${conversationId}`;

/** A notification text as its recipient reads it: content as it is, a function written in their language. */
const written = (text: NotificationText, reader: RecipientReader) => (typeof text === "function" ? text(reader) : text);

/** The stored value unless this event (at `now`) is at least as recent as the row. */
const latest = (column: SQLiteColumn, value: string, now: number) => sql`case when ${notifications.updatedAt} <= ${now} then ${value} else ${column} end`;

/**
 * Stores the events the recipients' preferences allow, idempotently by `dedupeKey`, and returns
 * what this call added or raised again: an idempotent repeat returns nothing, so nothing is sent
 * twice. An event whose actor the recipient has blocked is dropped here, for every producer: no
 * bell item, no e-mail, no live ping; so is every event for a suspended or deleted member. One round trip reads all recipients' preferences and their
 * blocks of the events' actors (blocks' primary key); one batch of upserts. Texts are written here,
 * once per recipient, in the recipient's language (their users.language, none: English) and for
 * their locale and zone: never in the language of the request that produced the event.
 */
export async function notify(deps: Deps, events: readonly NotificationInput[], now = Date.now()): Promise<DeliveredNotification[]> {
  if (events.length === 0) return [];
  const recipientIds = [...new Set(events.map((event) => event.userId))];
  const actorIds = [...new Set(events.flatMap((event) => (event.actorId ? [event.actorId] : [])))];
  const recipientsQuery = deps.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      timezone: users.timezone,
      emailOptIn: notificationPreferences.emailOptIn,
      prefs: notificationPreferences.prefs,
      channels: notificationPreferences.channels,
      // In the same read (an index probe), so a member without devices costs the push outbox no query.
      pushDevices: sql<number>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    // A suspended or deleted member hears nothing: no bell item, e-mail or push.
    .where(and(inArray(users.id, recipientIds), isNull(users.suspendedAt), isNull(users.deletedAt)));
  const [recipients, blocked] = actorIds.length
    ? await deps.db.batch([
        recipientsQuery,
        deps.db
          .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
          .from(blocks)
          .where(and(inArray(blocks.blockerId, recipientIds), inArray(blocks.blockedId, actorIds))),
      ])
    : [await recipientsQuery, []];
  const byId = new Map(recipients.map((row) => [row.id, row]));
  const blockedPairs = new Set(blocked.map((row) => `${row.blockerId} ${row.blockedId}`));

  const allowed = events.flatMap((event) => {
    const recipient = byId.get(event.userId);
    if (!recipient) return [];
    if (event.actorId && blockedPairs.has(`${event.userId} ${event.actorId}`)) return [];
    const preference = NOTIFICATION_PREFERENCE[event.type];
    // Each channel by the member's grid (never saved reads as on); e-mail and push also by the master switch.
    const master = recipient.emailOptIn ?? true;
    const outward = master && !BELL_ONLY.has(event.type);
    const inBell = channelOn(recipient, preference, "bell");
    const sendEmail = outward && channelOn(recipient, preference, "email");
    const sendPush = outward && Boolean(recipient.pushDevices) && channelOn(recipient, preference, "push");
    if (!inBell && !sendEmail && !sendPush) return [];
    const language = recipientLanguage(recipient.language);
    return [
      {
        event,
        timeZone: recipient.timezone,
        recipient: {
          email: recipient.email,
          name: recipient.name,
          preference,
          language,
          inBell,
          sendEmail,
          sendPush,
        },
      },
    ];
  });
  if (allowed.length === 0) return [];

  const translators = await translatorsFor(allowed.map(({ recipient }) => recipient.language));
  const writtenFor = allowed.map(({ event, recipient, timeZone }) => {
    const reader: RecipientReader = {
      t: translators.get(recipient.language)!,
      language: recipient.language,
      locale: DEFAULT_REGION_LOCALE[recipient.language],
      timeZone,
    };
    return { ...event, title: written(event.title, reader), body: event.body === undefined ? undefined : written(event.body, reader), recipient };
  });

  const statements = writtenFor.map((event) => {
    const values = {
      id: crypto.randomUUID(),
      userId: event.userId,
      type: event.type,
      title: event.title,
      body: event.body ?? "",
      link: event.link,
      actorId: event.actorId ?? null,
      dedupeKey: event.dedupeKey,
      // Kept off the bell (stored read, never listed) when only its e-mail or push is wanted.
      inBell: event.recipient.inBell,
      readAt: event.recipient.inBell ? null : now,
      updatedAt: now,
    };
    const insert = deps.db.insert(notifications).values(values);
    const upsert = event.accumulate
      ? insert.onConflictDoUpdate({
          target: [notifications.userId, notifications.dedupeKey],
          set: {
            // Counting restarts once the member has read the row.
            count: sql`case when ${notifications.readAt} is null then ${notifications.count} + 1 else 1 end`,
            // Events may be stored out of order (each message's follow-up runs after its response):
            // the row keeps the text of the latest one.
            title: latest(notifications.title, values.title, now),
            body: latest(notifications.body, values.body, now),
            link: latest(notifications.link, values.link, now),
            actorId: sql`case when ${notifications.updatedAt} <= ${now} then ${values.actorId} else ${notifications.actorId} end`,
            inBell: values.inBell,
            readAt: values.readAt,
            updatedAt: sql`max(${notifications.updatedAt}, ${now})`,
          },
        })
      : insert.onConflictDoNothing();
    return upsert.returning({ id: notifications.id, count: notifications.count });
  });
  const results = await deps.db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);

  const delivered = writtenFor.flatMap((event, i): DeliveredNotification[] => {
    const row = results[i]?.[0];
    if (!row) return [];
    return [{ ...event, id: row.id, count: row.count }];
  });
  if (delivered.length > 0) await deliver(deps, delivered, now);
  return delivered;
}

/**
 * What goes to the member's devices: the events e-mail would carry (the event's preference was applied
 * by notify(), the master switch is applied here), in the words the bell item was written in. A
 * conversation's messages gather under its bell item's key, so a busy chat pushes once per few minutes;
 * gathered events (a meeting's edits, a book's comments) wait together as their e-mail does.
 */
function pushEventsOf(delivered: readonly DeliveredNotification[]): PushEvent[] {
  return delivered
    .filter((notification) => notification.recipient.sendPush)
    .map((notification) => ({
      userId: notification.userId,
      dedupeKey: notification.dedupeKey,
      batchKey: notification.gather?.key ?? (notification.type === "message_received" ? notification.dedupeKey : undefined),
      sendAt: notification.gather?.until,
      title: notification.title,
      body: notification.body ?? "",
      url: notification.link,
      language: notification.recipient.language,
      count: notification.count,
    }));
}

/**
 * E-mail, pushes and the members' open tabs, after the bell rows are stored. None may fail the step
 * that produced the events (a loan accepted, a message sent): that is done, and a repeat of it would
 * find the rows stored and deliver nothing, so a failure here is logged, not thrown.
 */
async function deliver(deps: Deps, delivered: DeliveredNotification[], now: number) {
  const byMember = new Map<string, DeliveredNotification[]>();
  for (const notification of delivered) byMember.set(notification.userId, [...(byMember.get(notification.userId) ?? []), notification]);
  await Promise.all([
    queueNotificationEmails(deps, delivered, now).catch((error: unknown) => console.error("Queueing notification e-mails failed", error)),
    queuePushes(deps, pushEventsOf(delivered), now).catch((error: unknown) => console.error("Queueing pushes failed", error)),
    ...[...byMember]
      .map(([userId, items]) => [userId, items.filter((item) => item.recipient.inBell)] as const)
      .filter(([, items]) => items.length > 0)
      .map(([userId, items]) => tellMembers(deps.env, [userId], { type: "notification", ...conversationOf(items) })),
  ]);
}

/**
 * The conversation a lone new-message notification counts: a tab that shows that conversation reads
 * the message at once, so it marks the bell item read too instead of lighting the bell.
 */
function conversationOf(items: DeliveredNotification[]): { conversationId?: string } {
  const [only] = items;
  if (items.length !== 1 || only?.type !== "message_received") return {};
  return { conversationId: only.link.slice(only.link.lastIndexOf("/") + 1) };
}

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_NOT_FOUND = msg("Notification not found");

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
  /** The `updatedAt` of the last item of the previous page. */
  before: z.coerce.number().int().min(1).optional(),
});

export const markReadSchema = z.union([z.strictObject({ ids: z.array(idSchema).min(1).max(100) }), z.strictObject({ all: z.literal(true) })]);

const listColumns = {
  notificationId: notifications.id,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  actorId: notifications.actorId,
  count: notifications.count,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  updatedAt: notifications.updatedAt,
};

/** The member's notifications, newest first (notifications_user_recent_idx), with the next page's cursor. */
export async function listNotifications(ctx: ServiceContext, query: z.output<typeof notificationListQuerySchema>) {
  requireUser(ctx);
  const rows = await ctx.db
    .select(listColumns)
    .from(notifications)
    .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.inBell, true), query.before ? lt(notifications.updatedAt, query.before) : undefined))
    .orderBy(desc(notifications.updatedAt))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  return { items, nextToken: rows.length > query.limit ? items[items.length - 1]!.updatedAt : null };
}

/** The bell's number: one probe of the partial unread index, capped so a huge backlog stays cheap. */
export async function countUnreadNotifications(ctx: ServiceContext, cap = 99): Promise<number> {
  requireUser(ctx);
  return readUnreadNotifications(await unreadNotificationsStatement(ctx, cap), cap);
}

/** The bell's count as a statement, for the shell to batch with the Messages badge. Read it with readUnreadNotifications. */
export function unreadNotificationsStatement(ctx: ServiceContext & { user: { id: string } }, cap = 99) {
  return ctx.db.select({ n: sql<number>`count(*)` }).from(
    ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.user.id), isNull(notifications.readAt)))
      .limit(cap + 1)
      .as("unread"),
  );
}

export function readUnreadNotifications(rows: readonly { n: number }[], cap = 99): number {
  return Math.min(rows[0]?.n ?? 0, cap + 1);
}

/** Marks the given items (only the member's own) or all of them as read; returns the new unread count. */
export async function markNotificationsRead(ctx: ServiceContext, input: z.output<typeof markReadSchema>) {
  requireUser(ctx);
  const mine = and(eq(notifications.userId, ctx.user.id), isNull(notifications.readAt));
  await ctx.db
    .update(notifications)
    .set({ readAt: Date.now() })
    .where("ids" in input ? and(mine, inArray(notifications.id, input.ids)) : mine);
  return { unread: await countUnreadNotifications(ctx) };
}

/** Marks one of the member's notifications read and returns the in-app path it opens (404 for another's). */
export async function openNotification(ctx: ServiceContext, notificationId: string): Promise<string> {
  requireUser(ctx);
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${Date.now()})` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, ctx.user.id)))
    .returning({ link: notifications.link });
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return row.link;
}

/**
 * Marks the member's notification with this dedupe key read (a conversation they opened), and says
 * so to their other tabs' bells. Returns whether one was unread.
 */
export async function markNotificationReadByKey(ctx: ServiceContext, dedupeKey: string): Promise<boolean> {
  requireUser(ctx);
  const marked = await ctx.db
    .update(notifications)
    .set({ readAt: Date.now() })
    .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.dedupeKey, dedupeKey), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (marked.length === 0) return false;
  await tellMembers(ctx.env, [ctx.user.id], { type: "notification" });
  return true;
}
