import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { createSession, sessionIdFromToken } from "@worker/core/session";
import { blocks, emailOutbox, follows, notificationPreferences, notifications, pushOutbox, pushSubscriptions, users } from "@worker/db/schema";
import { NEW_BOOKS_WINDOW_MS, newBooksJob, newBooksNoticeKey, newBooksWindow } from "@worker/features/follows";
import { handleNoticeBatch, NOTICE_QUEUE_NAME, type NoticeMessage } from "@worker/features/notifications";
import { mailJob } from "@worker/features/notifications/email-outbox";
import { runJob } from "@worker/jobs";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBook, createMember, db } from "../helpers/fixtures";
import { captureNoticeQueue } from "../notifications/support";

afterEach(() => vi.restoreAllMocks());

const pastWindow = () => newBooksWindow(Date.now()) - 10 * NEW_BOOKS_WINDOW_MS;
const LANGUAGE_CYCLE = [null, "de", "ja", "fr", "xx"] as const;

/** `count` followers of a new member, inserted in a few statements; languages cycle through LANGUAGE_CYCLE ("xx": unknown, read as English). */
async function followedBy(count: number) {
  const milo = await createMember({ name: "Milo" });
  const fans = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Fan ${i}`,
    email: `fan-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    language: LANGUAGE_CYCLE[i % LANGUAGE_CYCLE.length],
  }));
  for (let i = 0; i < fans.length; i += 10) await db.insert(users).values(fans.slice(i, i + 10));
  for (let i = 0; i < fans.length; i += 30) {
    await db.insert(follows).values(fans.slice(i, i + 30).map((fan) => ({ followerId: fan.id, followeeId: milo.id })));
  }
  return { milo, fans };
}

/** Runs the real consumer on one batch of these messages, with fixed message ids (a redelivery repeats them). */
async function deliver(messages: NoticeMessage[]) {
  const batch = createMessageBatch<NoticeMessage>(
    NOTICE_QUEUE_NAME,
    messages.map((body, i) => ({ id: `notice-${i}-${body.dedupeKey}`, timestamp: new Date(body.at), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handleNoticeBatch(batch, env);
  return getQueueResult(batch, ctx);
}

async function giveDevice(userId: string) {
  const session = await createSession(db, userId);
  await db.insert(pushSubscriptions).values({
    id: crypto.randomUUID(),
    userId,
    sessionId: sessionIdFromToken(session.token),
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    p256dh: "BOr8",
    auth: "c2VjcmV0",
    browser: "Chrome",
    system: "Android",
  });
}

async function count(table: typeof notifications | typeof emailOutbox | typeof pushOutbox, key: string) {
  const [row] = await db.select({ n: sql<number>`count(*)`, members: sql<number>`count(distinct user_id)` }).from(table).where(sql`dedupe_key = ${key}`);
  return row!;
}

const bellFor = async (userId: string, key: string) =>
  (
    await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.dedupeKey, key)))
  )[0];
const mailFor = async (userId: string, key: string) =>
  (
    await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.dedupeKey, key)))
  )[0];

describe("new-book notices to more than a handful of followers go through the notice-fanout queue", () => {
  it("the window's job only enqueues one message; delivered twice, each follower has exactly one bell, e-mail and push, in their language", async () => {
    const { milo, fans } = await followedBy(30);
    for (const fan of fans.slice(0, 3)) await giveDevice(fan.id);
    const sent = captureNoticeQueue<NoticeMessage>();
    const window = pastWindow();
    await createBook(milo.id, { title: "Matilda", createdAt: window });
    await createBook(milo.id, { title: "The BFG", createdAt: window + 1 });

    expect(await runJob(env, newBooksJob(milo.id, window), Date.now())).toBeNull();
    const key = newBooksNoticeKey(milo.id, window);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: "followers", type: "followed_member_new_books", actorId: milo.id, dedupeKey: key, link: `/users/${milo.id}` });
    // The job wrote nobody's bell: the audience is the consumer's.
    expect((await count(notifications, key)).n).toBe(0);

    const first = await deliver(sent);
    const again = await deliver(sent);
    expect(first.explicitAcks).toEqual([`notice-0-${key}`]);
    expect(again.explicitAcks).toEqual([`notice-0-${key}`]);
    expect(first.retryMessages).toEqual([]);
    expect(await count(notifications, key)).toEqual({ n: 30, members: 30 });
    expect(await count(emailOutbox, key)).toEqual({ n: 30, members: 30 });
    expect(await count(pushOutbox, key)).toEqual({ n: 3, members: 3 });
    // One send job for the audience, not one per follower.
    expect(await nextJobRun(env, mailJob(fans[0]!.id))).toBeNull();

    // Each in their own language: title, the list of titles (its quotes and conjunction) and the e-mail.
    const [english, german, japanese, french, unknown] = fans;
    const texts = {
      [english!.id]: { title: "Milo added 2 new books", body: "“Matilda” and “The BFG”", lang: "en" },
      [german!.id]: { title: "Milo hat 2 neue Bücher hinzugefügt", body: "„Matilda“ und „The BFG“", lang: "de" },
      [japanese!.id]: { title: "Miloさんが新しい本を2冊追加しました", body: "『Matilda』、『The BFG』", lang: "ja" },
      [french!.id]: { title: "Milo a ajouté 2 nouveaux livres", body: "« Matilda » et « The BFG »", lang: "fr" },
      [unknown!.id]: { title: "Milo added 2 new books", body: "“Matilda” and “The BFG”", lang: "en" },
    };
    for (const [userId, text] of Object.entries(texts)) {
      expect(await bellFor(userId, key)).toMatchObject({ title: text.title, body: text.body, actorId: milo.id, link: `/users/${milo.id}`, count: 1 });
      const mail = await mailFor(userId, key);
      expect(mail!.subject).toContain(text.title);
      expect(mail!.text).toMatch(new RegExp(`/unsubscribe\\?token=[\\w-]+\\.[\\w-]+&lang=${text.lang}`));
      expect(mail!.text).not.toContain("{{unsubscribe-link}}");
    }
  });

  it("a follower across a block either way, with the preference off, suspended or deleted gets nothing; the master switch off keeps the bell only", async () => {
    const { milo, fans } = await followedBy(26);
    const [blocksMilo, blockedByMilo, optedOut, suspended, deleted, noMail] = fans;
    await db.insert(blocks).values([
      { blockerId: blocksMilo!.id, blockedId: milo.id },
      { blockerId: milo.id, blockedId: blockedByMilo!.id },
    ]);
    await db.insert(notificationPreferences).values([
      { userId: optedOut!.id, prefs: { new_book_from_followed_user: false } },
      { userId: noMail!.id, emailOptIn: false },
    ]);
    await db.update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, suspended!.id));
    await db.update(users).set({ deletedAt: Date.now() }).where(eq(users.id, deleted!.id));
    for (const fan of [blocksMilo!, blockedByMilo!, optedOut!, suspended!, noMail!]) await giveDevice(fan.id);
    const sent = captureNoticeQueue<NoticeMessage>();
    const window = pastWindow();
    await createBook(milo.id, { title: "Matilda", createdAt: window });
    await runJob(env, newBooksJob(milo.id, window), Date.now());
    expect(sent).toHaveLength(1);
    await deliver(sent);
    await deliver(sent);

    const key = newBooksNoticeKey(milo.id, window);
    for (const nobody of [blocksMilo!, blockedByMilo!, optedOut!, suspended!, deleted!, milo]) {
      expect(await bellFor(nobody.id, key)).toBeUndefined();
      expect(await mailFor(nobody.id, key)).toBeUndefined();
    }
    expect(await bellFor(noMail!.id, key)).toBeDefined();
    expect(await mailFor(noMail!.id, key)).toBeUndefined();
    expect(await count(notifications, key)).toEqual({ n: 21, members: 21 });
    expect(await count(emailOutbox, key)).toEqual({ n: 20, members: 20 });
    expect(await count(pushOutbox, key)).toEqual({ n: 0, members: 0 });
  });

  it("up to 20 followers are told at once by the job, without the queue", async () => {
    const { milo, fans } = await followedBy(20);
    const sent = captureNoticeQueue<NoticeMessage>();
    const window = pastWindow();
    await createBook(milo.id, { title: "Matilda", createdAt: window });
    await runJob(env, newBooksJob(milo.id, window), Date.now());
    const key = newBooksNoticeKey(milo.id, window);
    expect(sent).toEqual([]);
    expect(await count(notifications, key)).toEqual({ n: 20, members: 20 });
    expect(await bellFor(fans[1]!.id, key)).toMatchObject({ title: "Milo hat ein neues Buch hinzugefügt", body: "„Matilda“" });
  });
});
