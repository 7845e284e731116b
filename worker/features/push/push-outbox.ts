import { readConfig } from "@worker/core/config";
import { requireUser } from "@worker/core/errors";
import { translatorFor } from "@worker/core/i18n/request-language";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import type { Language } from "@worker/core/shared/languages";
import { directionOf } from "@worker/core/shared/languages";
import { PUSH_BODY_MAX, PUSH_TITLE_MAX, type PushPayload } from "@worker/core/shared/push-payload";
import type { Database } from "@worker/db/client";
import { pushOutbox, pushSubscriptions, sessions } from "@worker/db/schema";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { readVapid } from "./vapid";

/** A busy conversation pushes at most once in this window: the messages in between gather into the next push. */
export const PUSH_BATCH_WINDOW_MS = 3 * 60_000;

export const pushJob = (userId: string) => `push:${userId}`;

/** One event for one member, its texts already written in their language (notifications does that). */
export interface PushEvent {
  userId: string;
  /** Names the event: the same key again pushes nothing more (a retried alarm or queue message). */
  dedupeKey: string;
  /** Events with the same key gather into one waiting push, which replaces the device's last one (a conversation). */
  batchKey?: string;
  title: string;
  body: string;
  /** The in-app path the notification opens. */
  url: string;
  language: Language;
  /** How many events the member's bell item stands for now (a conversation's unread messages). */
  count: number;
  /** A batch that waits until then whatever went before (a meeting's edits in the hour), instead of going at once. */
  sendAt?: number;
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The member's earliest waiting push (the pending partial index holds only what has not gone yet). */
export async function nextPendingPush(db: Database, userId: string): Promise<number | null> {
  const [row] = await db.all<{ next: number | null }>(
    sql`select min(send_after) as next from push_outbox indexed by push_outbox_pending_idx where state = 'pending' and user_id = ${userId}`,
  );
  return row?.next ?? null;
}

type Row = typeof pushOutbox.$inferInsert;

/**
 * Adds a conversation's message to the push waiting for it on this device (count and text move to the
 * latest), or starts one: at once if the device had none from this conversation in the last
 * PUSH_BATCH_WINDOW_MS, else when that window ends. The pending-batch unique index makes a race of
 * two messages end in one row.
 */
async function addToBatch(db: Database, row: Row, now: number, sendAt?: number) {
  const text = { title: row.title, body: row.body, url: row.url, count: row.count };
  for (let attempt = 0; attempt < 3; attempt++) {
    const raised = await db
      .update(pushOutbox)
      .set(text)
      .where(and(eq(pushOutbox.subscriptionId, row.subscriptionId), eq(pushOutbox.batchKey, row.batchKey!), eq(pushOutbox.state, "pending")))
      .returning({ id: pushOutbox.id });
    if (raised.length > 0) return;
    const [last] = await db.all<{ sentAt: number | null }>(
      sql`select max(sent_at) as sentAt from push_outbox indexed by push_outbox_device_tag_idx
          where subscription_id = ${row.subscriptionId} and tag = ${row.tag} and sent_at is not null`,
    );
    const sendAfter = sendAt ?? Math.max(now, (last?.sentAt ?? 0) + PUSH_BATCH_WINDOW_MS);
    const inserted = await db
      .insert(pushOutbox)
      .values({ ...row, sendAfter })
      .onConflictDoNothing()
      .returning({ id: pushOutbox.id });
    if (inserted.length > 0) return;
  }
}

/**
 * Writes the pushes for these events to every device their members have in a live session (one
 * indexed read finds them; none, and nothing more happens), then sets each member's `push:{userId}` job. Whether an
 * event may push at all (its preference, the master switch, blocks) was decided by notifications,
 * which calls this as it calls the e-mail outbox. Without a VAPID key nothing is written.
 */
export async function queuePushes(deps: Deps, events: readonly PushEvent[], now: number): Promise<void> {
  if (events.length === 0 || !readVapid(deps.env)) return;
  const userIds = [...new Set(events.map((event) => event.userId))];
  // A session past its end that nobody presented since is still stored: its device gets nothing more.
  const devices = await deps.db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(inArray(pushSubscriptions.userId, userIds), gt(sessions.expiresAt, now)));
  if (devices.length === 0) return;

  const single: Row[] = [];
  const batched: { row: Row; sendAt?: number }[] = [];
  for (const event of events) {
    // Only a batch of several messages has words of ours to write; every other text came written.
    const t = event.batchKey && event.sendAt === undefined && event.count > 1 ? await translatorFor(event.language) : null;
    const body = t ? t("{count, plural, one {# new message} other {# new messages}}: {latest}", { count: event.count, latest: event.body }) : event.body;
    for (const device of devices.filter((one) => one.userId === event.userId)) {
      const row: Row = {
        id: crypto.randomUUID(),
        userId: event.userId,
        subscriptionId: device.id,
        // A batch is a new push each time the last one has gone; the time keeps its key from repeating.
        dedupeKey: event.batchKey ? `${event.dedupeKey}@${now}` : event.dedupeKey,
        batchKey: event.batchKey ?? null,
        tag: event.batchKey ?? event.dedupeKey,
        title: cut(event.title, PUSH_TITLE_MAX),
        body: cut(body, PUSH_BODY_MAX),
        url: event.url,
        lang: event.language,
        count: event.count,
        sendAfter: now,
      };
      if (event.batchKey) batched.push({ row, sendAt: event.sendAt });
      else single.push(row);
    }
  }
  if (single.length > 0) {
    const inserts = single.map((row) => deps.db.insert(pushOutbox).values(row).onConflictDoNothing());
    await deps.db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  }
  for (const { row, sendAt } of batched) await addToBatch(deps.db, row, now, sendAt);

  const members = new Set([...single, ...batched.map(({ row }) => row)].map((row) => row.userId));
  await Promise.all([...members].map(async (userId) => scheduleJob(deps.env, pushJob(userId), await nextPendingPush(deps.db, userId))));
}

/** What the device receives for a stored push. */
export function payloadOf(row: { title: string; body: string; url: string; tag: string; lang: string }): PushPayload {
  return { title: row.title, body: row.body, url: row.url, tag: row.tag, lang: row.lang, dir: directionOf(row.lang) };
}

/** Drops a conversation's push still gathering messages for this member (they blocked its other member). */
export async function dropWaitingMessagePushes(db: Database, userId: string, batchKey: string): Promise<void> {
  await db.delete(pushOutbox).where(and(eq(pushOutbox.userId, userId), eq(pushOutbox.batchKey, batchKey), eq(pushOutbox.state, "pending")));
}

/** Pushes are shown on the dev outbox page where e-mails are: only on a local run (local sign-in on). */
export function localPushOutboxEnabled(env: Env): boolean {
  return readConfig(env).DEV_SIGN_IN;
}

export const PUSH_OUTBOX_PAGE_SIZE = 50;

/** The member's pushes (waiting, sent or failed), newest first, with the payload each device gets. */
export async function listLocalPushes(ctx: ServiceContext) {
  requireUser(ctx);
  const rows = await ctx.db
    .select({
      deliveryId: pushOutbox.id,
      state: pushOutbox.state,
      title: pushOutbox.title,
      body: pushOutbox.body,
      url: pushOutbox.url,
      tag: pushOutbox.tag,
      lang: pushOutbox.lang,
      attempts: pushOutbox.attempts,
      lastError: pushOutbox.lastError,
      sendAfter: pushOutbox.sendAfter,
      createdAt: pushOutbox.createdAt,
    })
    .from(pushOutbox)
    .where(eq(pushOutbox.userId, ctx.user.id))
    .orderBy(desc(pushOutbox.createdAt))
    .limit(PUSH_OUTBOX_PAGE_SIZE);
  return rows.map(({ title, body, url, tag, lang, ...row }) => ({ ...row, payload: payloadOf({ title, body, url, tag, lang }) }));
}
