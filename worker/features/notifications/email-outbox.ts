import { appUrl, readConfig } from "@worker/core/config";
import { emailProviderFor } from "@worker/core/email/provider";
import { requireUser } from "@worker/core/errors";
import { translatorFor } from "@worker/core/i18n/request-language";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import type { Language } from "@worker/core/shared/languages";
import type { Database } from "@worker/db/client";
import { emailOutbox, notifications, users } from "@worker/db/schema";
import { and, asc, desc, eq, gt, gte, inArray, like, or, sql } from "drizzle-orm";
import { clubDigestEmail, type EmailContent, type EmailLinks, gatheredEmail, messagesEmail, notificationEmail } from "./email-templates";
import type { DeliveredNotification } from "./notification-events";
import { createUnsubscribeToken, type UnsubscribePreference } from "./unsubscribe-tokens";

/** A busy chat's messages wait this long for each other, then go out as one e-mail. */
export const MESSAGE_BATCH_WINDOW_MS = 10 * 60_000;

export const mailJob = (userId: string) => `mail:${userId}`;

const DAY_MS = 86_400_000;
/** Items a club digest lists by name; the rest are counted. */
export const DIGEST_LIST_MAX = 20;
const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * The unsubscribe page's address for this member and preference (a signed token in the query), in
 * the language the e-mail is written in (`lang`, outside the signed part: it only chooses the page's words).
 */
export async function unsubscribeUrl(env: Env, userId: string, preference: UnsubscribePreference, language: Language): Promise<string> {
  const token = await createUnsubscribeToken(env, { userId, preference });
  return `${appUrl(readConfig(env))}/unsubscribe?token=${token}&lang=${language}`;
}

/** RFC 2369 / RFC 8058: mail clients show their own "Unsubscribe" and POST to the link in one click. */
export async function unsubscribeHeaders(env: Env, userId: string, preference: string, language: Language): Promise<Record<string, string>> {
  const url = await unsubscribeUrl(env, userId, preference as UnsubscribePreference, language);
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * The member's earliest pending e-mail, or null. Pending rows live for minutes (until sent), so the
 * pending index holds few: it is the one to walk, not the member's whole mail history.
 */
export async function nextPendingSendAfter(db: Database, userId: string): Promise<number | null> {
  const [row] = await db.all<{ next: number | null }>(
    sql`select min(send_after) as next from email_outbox indexed by email_outbox_pending_idx where state = 'pending' and user_id = ${userId}`,
  );
  return row?.next ?? null;
}

export type OutboxState = "pending" | "outbox";
type NewRow = Omit<typeof emailOutbox.$inferInsert, keyof EmailContent | "count">;

/**
 * Adds one message to the conversation's waiting e-mail (count + 1, the subject re-rendered), or
 * starts one. With a provider the partial unique index on (user, batch key) while pending makes this
 * race-free: an insert that loses to a concurrent one raises that one instead. In the local outbox
 * the batch is open until its send time passes.
 */
async function addToBatch(db: Database, row: NewRow, state: OutboxState, now: number, render: (count: number) => EmailContent) {
  const openBatch = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.userId, row.userId),
        eq(emailOutbox.batchKey, row.batchKey!),
        eq(emailOutbox.state, state),
        state === "outbox" ? gt(emailOutbox.sendAfter, now) : undefined,
      ),
    )
    .limit(1);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [raised] = await db
      .update(emailOutbox)
      .set({ count: sql`${emailOutbox.count} + 1` })
      .where(inArray(emailOutbox.id, openBatch))
      .returning({ id: emailOutbox.id, count: emailOutbox.count });
    if (raised) {
      // Only if no later message (or the sender) has moved the row on meanwhile: the last one renders.
      await db
        .update(emailOutbox)
        .set(render(raised.count))
        .where(and(eq(emailOutbox.id, raised.id), eq(emailOutbox.count, raised.count), eq(emailOutbox.state, state)));
      return;
    }
    const [inserted] = await db
      .insert(emailOutbox)
      .values({ ...row, ...render(1), count: 1 })
      .onConflictDoNothing()
      .returning({ id: emailOutbox.id });
    if (inserted) return;
  }
}

/**
 * Turns what notify() just delivered into e-mails for the recipients whose master switch is on (the
 * event's own preference was already applied). Message e-mails wait MESSAGE_BATCH_WINDOW_MS and
 * collect the conversation's later messages; everything else is due at once. With no provider the
 * rows are kept as 'outbox' (the dev page shows them) and nothing is scheduled. Each e-mail is written
 * in its recipient's language (notify() read it with their preferences), never the sender's.
 */
export async function queueNotificationEmails(deps: Deps, delivered: readonly DeliveredNotification[], now: number): Promise<void> {
  const wanted = delivered.filter((notification) => notification.recipient.sendEmail);
  if (wanted.length === 0) return;
  const config = readConfig(deps.env);
  const state: OutboxState = emailProviderFor(deps.env, config) ? "pending" : "outbox";
  const base = appUrl(config);

  const senderIds = [...new Set(wanted.flatMap((n) => (n.type === "message_received" && n.actorId && !n.actorName ? [n.actorId] : [])))];
  const senders = senderIds.length
    ? new Map((await deps.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, senderIds))).map((u) => [u.id, u.name]))
    : new Map<string, string>();

  for (const notification of wanted) {
    const preference: UnsubscribePreference = notification.recipient.preference ?? "emailOptIn";
    const { language } = notification.recipient;
    const t = await translatorFor(language);
    const recipient = { language, t };
    const links: EmailLinks = {
      item: `${base}${notification.link}`,
      unsubscribe: await unsubscribeUrl(deps.env, notification.userId, preference, language),
      settings: `${base}/settings/notifications`,
    };
    const row: NewRow = {
      id: crypto.randomUUID(),
      userId: notification.userId,
      toEmail: notification.recipient.email,
      preference,
      // A repeated event adds nothing; an accumulating one (new messages) is a new e-mail each time its
      // batch has gone. Its count restarts at 1 once read, so the time keeps the key from repeating.
      dedupeKey: notification.accumulate ? `${notification.dedupeKey}:${notification.count}@${now}` : notification.dedupeKey,
      state,
      sendAfter: now,
    };
    if (notification.clubMail) {
      await queueClubMail(deps.db, row, notification, state, now, (content) => content(recipient, preference, links));
    } else if (notification.gather) {
      const { title, body = "" } = notification;
      await addToBatch(deps.db, { ...row, batchKey: notification.gather.key, sendAfter: notification.gather.until }, state, now, (count) =>
        gatheredEmail(recipient, { count, type: notification.type, title, body, preference, links }),
      );
    } else if (notification.type === "message_received") {
      const senderName = notification.actorName || (notification.actorId && senders.get(notification.actorId)) || t("A member");
      await addToBatch(deps.db, { ...row, batchKey: notification.dedupeKey, sendAfter: now + MESSAGE_BATCH_WINDOW_MS }, state, now, (count) =>
        messagesEmail(recipient, { count, senderName, snippet: notification.body ?? "", preference, links }),
      );
    } else {
      const content = notificationEmail(recipient, { title: notification.title, body: notification.body ?? "", preference, links });
      await deps.db
        .insert(emailOutbox)
        .values({ ...row, ...content })
        .onConflictDoNothing();
    }
  }

  if (state !== "pending") return;
  for (const userId of new Set(wanted.map((notification) => notification.userId))) {
    await scheduleJob(deps.env, mailJob(userId), await nextPendingSendAfter(deps.db, userId));
  }
}

type ClubMailContent = (
  render: (recipient: Parameters<typeof clubDigestEmail>[0], preference: UnsubscribePreference, links: EmailLinks) => EmailContent,
) => EmailContent;

/**
 * A club's mail to every member (announcement, new poll), capped: the first of the member's UTC day
 * from this club goes at once (its dedupe key claims the day); the others join one digest e-mail due
 * at the next UTC midnight, re-written each time from the member's bell items of that club and day.
 */
async function queueClubMail(db: Database, row: NewRow, notification: DeliveredNotification, state: OutboxState, now: number, write: ClubMailContent) {
  const { clubId, clubName } = notification.clubMail!;
  const { claim, digest: key, dayStart, digestDue } = clubMailKeys(clubId, now);
  const [first] = await db
    .insert(emailOutbox)
    .values({
      ...row,
      dedupeKey: claim,
      ...write((recipient, preference, links) => notificationEmail(recipient, { title: notification.title, body: notification.body ?? "", preference, links })),
    })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  if (first) return;
  const { items, total } = await clubDayItems(db, notification.userId, clubId, dayStart);
  await addToBatch(db, { ...row, dedupeKey: key, batchKey: key, sendAfter: digestDue }, state, now, () =>
    write((recipient, preference, links) => clubDigestEmail(recipient, { clubName, items: items.slice(0, DIGEST_LIST_MAX), total, preference, links })),
  );
}

/**
 * A club's mail keys for a UTC day: `claim` is the member's one e-mail at once (its dedupe key claims
 * the day), `digest` gathers the rest, due at the next UTC midnight.
 */
export function clubMailKeys(clubId: string, now: number) {
  const day = utcDay(now);
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  return { claim: `club-mail:${clubId}:${day}`, digest: `club-digest:${clubId}:${day}`, dayStart, digestDue: dayStart + DAY_MS };
}

/** The member's club items of the day in the bell past the first (which went out at once): the digest's. */
export async function clubDayItems(db: Database, userId: string, clubId: string, dayStart: number) {
  // The day's club items in the bell, oldest first; the oldest went out at once, the rest are the digest.
  const items = await db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        gte(notifications.updatedAt, dayStart),
        inArray(notifications.type, ["club_announcement", "club_poll_opened"]),
        like(notifications.link, `/clubs/${clubId}/%`),
      ),
    )
    .orderBy(asc(notifications.updatedAt))
    .limit(DIGEST_LIST_MAX + 1)
    .offset(1);
  // Counted only past the listed ones: a normal day's digest costs no second read.
  const total =
    items.length > DIGEST_LIST_MAX
      ? ((
          await db.all<{ n: number }>(
            sql`select count(*) as n from ${notifications} where user_id = ${userId} and updated_at >= ${dayStart}
                and type in ('club_announcement', 'club_poll_opened') and link like ${`/clubs/${clubId}/%`}`,
          )
        )[0]?.n ?? 1) - 1
      : items.length;
  return { items, total };
}

/** The one job that sends an audience's e-mails with this dedupe key (a club's mail of the day), not one per member. */
export const mailBatchJob = (dedupeKey: string) => `mail-batch:${dedupeKey}`;

/**
 * Drops the e-mail still gathering a conversation's messages for this member (a block: nothing more
 * from that member may reach them, and the batch only goes out minutes later), or a meeting's gathering
 * changes once it is cancelled. Sent mail stays.
 */
export async function dropWaitingMessagesEmail(db: Database, userId: string, conversationBatchKey: string, now = Date.now()) {
  await db
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.userId, userId),
        eq(emailOutbox.batchKey, conversationBatchKey),
        or(eq(emailOutbox.state, "pending"), and(eq(emailOutbox.state, "outbox"), gt(emailOutbox.sendAfter, now))),
      ),
    );
}

/** The local outbox is shown only while no provider is configured (otherwise mail really goes out). */
export function localOutboxEnabled(env: Env): boolean {
  return emailProviderFor(env) === null;
}

export const OUTBOX_PAGE_SIZE = 50;

/** The member's own e-mails, newest first (email_outbox_user_recent_idx). */
export async function listOutboxEmails(ctx: ServiceContext) {
  requireUser(ctx);
  return ctx.db
    .select({
      emailId: emailOutbox.id,
      toEmail: emailOutbox.toEmail,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      state: emailOutbox.state,
      count: emailOutbox.count,
      sendAfter: emailOutbox.sendAfter,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.userId, ctx.user.id))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(OUTBOX_PAGE_SIZE);
}
