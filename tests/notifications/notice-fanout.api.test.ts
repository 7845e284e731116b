import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { createSession, sessionIdFromToken } from "@worker/core/session";
import { blocks, emailOutbox, memberships, notificationPreferences, notifications, pushOutbox, pushSubscriptions, users } from "@worker/db/schema";
import { type ClubNotice, fanOutClubNotice, handleNoticeBatch, mailBatchJob, NOTICE_QUEUE_NAME } from "@worker/features/notifications";
import { mailJob } from "@worker/features/notifications/email-outbox";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runJob } from "../../worker/jobs";
import { pollApi } from "../club-polls/support";
import { roomJson } from "../club-room/support";
import { addMember, createClub } from "../clubs/support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import * as recorded from "./fixtures/resend";
import { resendAnswers, resendEnv, withResend } from "./support";

afterEach(() => vi.restoreAllMocks());

/** Catches what the API puts on the notice queue, so each test delivers the batches itself. */
function captureNoticeQueue() {
  const sent: ClubNotice[] = [];
  vi.spyOn(env.NOTICE_QUEUE, "send").mockImplementation(async (body) => {
    sent.push(body as ClubNotice);
    return undefined as never;
  });
  return sent;
}

/** Runs the real consumer on one batch of these messages, with fixed message ids (a redelivery repeats them). */
async function deliver(messages: ClubNotice[], deliveryEnv: Env = env) {
  const batch = createMessageBatch<ClubNotice>(
    NOTICE_QUEUE_NAME,
    messages.map((body, i) => ({ id: `notice-${i}-${body.dedupeKey}`, timestamp: new Date(body.at), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handleNoticeBatch(batch, deliveryEnv);
  return getQueueResult(batch, ctx);
}

const LANGUAGE_CYCLE = [null, "de", "ja", "fr", null] as const;

/** A club of an admin and `count` more active members, inserted in a few statements (D1 binds 100 values each). */
async function clubOf(count: number) {
  const admin = await signedInMember({ name: "Ada Admin" });
  const club = await createClub(admin.user.id, { name: "Night Readers" });
  const members = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Member ${i}`,
    email: `fan-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    language: LANGUAGE_CYCLE[i % LANGUAGE_CYCLE.length],
  }));
  for (let i = 0; i < members.length; i += 10) await db.insert(users).values(members.slice(i, i + 10));
  const rows = members.map((member) => ({ clubId: club.id, userId: member.id, role: "member" as const, status: "active" as const }));
  for (let i = 0; i < rows.length; i += 10) await db.insert(memberships).values(rows.slice(i, i + 10));
  return { admin, club, members };
}

/** A push device in a live session for the member. */
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

async function count(table: typeof notifications | typeof emailOutbox | typeof pushOutbox, where: ReturnType<typeof sql>) {
  const [row] = await db.select({ n: sql<number>`count(*)`, members: sql<number>`count(distinct user_id)` }).from(table).where(where);
  return row!;
}

const bells = (key: string) => count(notifications, sql`dedupe_key = ${key}`);
const mails = (key: string) => count(emailOutbox, sql`dedupe_key = ${key}`);
const pushes = (key: string) => count(pushOutbox, sql`dedupe_key = ${key}`);
const day = () => new Date().toISOString().slice(0, 10);

describe("club notices beyond a handful go through the notice-fanout queue", () => {
  it("a 300-member club's announcement only enqueues one message; the consumer writes each bell, e-mail and push exactly once, however often the batch is delivered", async () => {
    const { admin, club, members } = await clubOf(300);
    for (const member of members.slice(0, 4)) await giveDevice(member.id);
    const sent = captureNoticeQueue();

    const posted = await roomJson<{ messageId: string }>("POST", `/${club.id}/room/announcements`, admin, { content: "We meet Friday at 7" });
    expect(posted.status).toBe(201);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const key = `club-announcement:${posted.body.data!.messageId}`;
    expect(sent[0]).toMatchObject({ kind: "club", type: "club_announcement", clubId: club.id, actorId: admin.user.id, dedupeKey: key });
    // The request wrote nobody's bell: the audience is the consumer's.
    expect((await bells(key)).n).toBe(0);

    const first = await deliver(sent);
    const again = await deliver(sent);
    expect(first.explicitAcks).toEqual([`notice-0-${key}`]);
    expect(again.explicitAcks).toEqual([`notice-0-${key}`]);
    expect(first.retryMessages).toEqual([]);

    expect(await bells(key)).toEqual({ n: 300, members: 300 });
    expect(await mails(`club-mail:${club.id}:${day()}`)).toEqual({ n: 300, members: 300 });
    expect(await pushes(key)).toEqual({ n: 4, members: 4 });
    // Nobody's own per-member mail job: one send job for the batch (none at all without a provider).
    expect(await nextJobRun(env, mailJob(members[0]!.id))).toBeNull();

    // Each in their own language, with their own unsubscribe link.
    const german = members.find((member) => member.language === "de")!;
    const [bell] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, german.id), eq(notifications.dedupeKey, key)));
    expect(bell).toMatchObject({ title: "Ankündigung in Night Readers", body: "We meet Friday at 7", link: `/clubs/${club.id}/room`, actorId: admin.user.id });
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.userId, german.id));
    expect(mail!.subject).toBe("Ankündigung in Night Readers");
    expect(mail!.text).toMatch(/\/unsubscribe\?token=[\w-]+\.[\w-]+&lang=de/);
    expect(mail!.html).toMatch(/\/unsubscribe\?token=[\w-]+\.[\w-]+&amp;lang=de/);
    expect(mail!.text).not.toContain("{{unsubscribe-link}}");
    const english = members.find((member) => member.language === null)!;
    const [englishMail] = await db.select().from(emailOutbox).where(eq(emailOutbox.userId, english.id));
    expect(englishMail!.subject).toBe("Announcement in Night Readers");
    // Two members' links differ: each is signed for its member.
    expect(englishMail!.text.match(/token=[^&]+/)![0]).not.toBe(mail!.text.match(/token=[^&]+/)![0]);
  });

  it("a 2-member club is told at once, without the queue, each bell exactly once", async () => {
    const admin = await signedInMember({ name: "Ada Admin" });
    const member = await signedInMember();
    const club = await createClub(admin.user.id, { name: "Two of Us" });
    await addMember(club.id, member.user.id);
    const sent = captureNoticeQueue();
    const posted = await roomJson<{ messageId: string }>("POST", `/${club.id}/room/announcements`, admin, { content: "Tea at 5" });
    const key = `club-announcement:${posted.body.data!.messageId}`;
    await vi.waitFor(async () => expect((await mails(`club-mail:${club.id}:${day()}`)).n).toBe(1));
    expect(sent).toEqual([]);
    expect(await bells(key)).toEqual({ n: 1, members: 1 });
  });

  it("blocked, suspended, deleted, opted-out, pending and removed members get nothing; the master switch off keeps the bell only", async () => {
    const { admin, club, members } = await clubOf(25);
    const [blocker, suspended, deleted, optedOut, noMail, removed] = members;
    await db.insert(blocks).values({ blockerId: blocker!.id, blockedId: admin.user.id });
    await db.update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, suspended!.id));
    await db.update(users).set({ deletedAt: Date.now() }).where(eq(users.id, deleted!.id));
    await db.insert(notificationPreferences).values({ userId: optedOut!.id, prefs: { club_announcement: false } });
    await db.insert(notificationPreferences).values({ userId: noMail!.id, emailOptIn: false });
    await db.delete(memberships).where(and(eq(memberships.clubId, club.id), eq(memberships.userId, removed!.id)));
    const pending = await createMember();
    await db.insert(memberships).values({ clubId: club.id, userId: pending.id, role: "member", status: "pending" });
    for (const member of [blocker!, suspended!, optedOut!, noMail!]) await giveDevice(member.id);
    const sent = captureNoticeQueue();

    const posted = await roomJson<{ messageId: string }>("POST", `/${club.id}/room/announcements`, admin, { content: "Book swap on Sunday" });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await deliver(sent);
    await deliver(sent);
    const key = `club-announcement:${posted.body.data!.messageId}`;

    const belled = new Set(
      (await db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.dedupeKey, key))).map((row) => row.userId),
    );
    const mailed = new Set(
      (
        await db
          .select({ userId: emailOutbox.userId })
          .from(emailOutbox)
          .where(eq(emailOutbox.dedupeKey, `club-mail:${club.id}:${day()}`))
      ).map((row) => row.userId),
    );
    for (const nobody of [blocker!, suspended!, deleted!, optedOut!, removed!, pending, { id: admin.user.id }]) {
      expect(belled.has(nobody.id)).toBe(false);
      expect(mailed.has(nobody.id)).toBe(false);
    }
    expect(belled.has(noMail!.id)).toBe(true);
    expect(mailed.has(noMail!.id)).toBe(false);
    expect(belled.size).toBe(20);
    expect(mailed.size).toBe(19);
    // Devices of members who hear nothing (or want no mail) get no push either.
    expect(await pushes(key)).toEqual({ n: 0, members: 0 });
  });

  it("keeps one club mail a day on the queued path: a second announcement joins the digest, once, however often delivered", async () => {
    const { admin, club, members } = await clubOf(25);
    const sent = captureNoticeQueue();
    for (const content of ["Friday at 7", "Bring snacks"]) {
      expect((await roomJson("POST", `/${club.id}/room/announcements`, admin, { content })).status).toBe(201);
      await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
      const message = sent.splice(0);
      await deliver(message);
      await deliver(message);
    }
    // An English reader (members[0]: no language chosen).
    const member = members[0]!;
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.userId, member.id));
    expect(rows).toHaveLength(2);
    const [first, digest] = [rows.find((row) => !row.batchKey)!, rows.find((row) => row.batchKey)!];
    expect(first.text).toContain("Friday at 7");
    expect(digest).toMatchObject({ subject: "1 more update from Night Readers", count: 1 });
    expect(digest.text).toContain("Bring snacks");
    expect(digest.text).not.toContain("Friday at 7");
    expect(await mails(`club-digest:${club.id}:${day()}`)).toEqual({ n: 25, members: 25 });
    // A German reader's digest is German, with their own link: each language is rendered once, each link slotted in.
    const [german] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, members[1]!.id), eq(emailOutbox.batchKey, `club-digest:${club.id}:${day()}`)));
    expect(german!.text).toContain("Bring snacks");
    expect(german!.text).toContain("der Rest kommt gesammelt am nächsten Tag");
    expect(german!.text).toMatch(/\/unsubscribe\?token=[\w-]+\.[\w-]+&lang=de/);
    expect(german!.text).not.toBe(digest.text);
  });

  it("a new poll in a large club goes through the queue too", async () => {
    const { admin, club } = await clubOf(21);
    const sent = captureNoticeQueue();
    const created = await pollApi<{ pollId: string }>("POST", club.id, "", admin, {
      kind: "choice",
      question: "Snacks?",
      options: [{ label: "A" }, { label: "B" }],
    });
    expect(created.status).toBe(201);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ type: "club_poll_opened", body: "Snacks?", link: `/clubs/${club.id}/polls/${created.body.data!.pollId}` });
    await deliver(sent);
    await deliver(sent);
    expect(await bells(sent[0]!.dedupeKey)).toEqual({ n: 21, members: 21 });
  });

  it("with a provider, one send job for the batch (not one per member) sends each e-mail once", async () => {
    const { admin, club, members } = await clubOf(60);
    const at = Date.now();
    const notice: ClubNotice = {
      kind: "club",
      type: "club_announcement",
      clubId: club.id,
      clubName: "Night Readers",
      actorId: admin.user.id,
      dedupeKey: `club-announcement:${crypto.randomUUID()}`,
      link: `/clubs/${club.id}/room`,
      title: { message: "Announcement in {club}", values: { club: "Night Readers" } },
      body: "Friday",
      at,
    };
    await fanOutClubNotice(withResend, notice);
    await deliver([notice], resendEnv);
    const claim = `club-mail:${club.id}:${day()}`;
    // Due at once (the timer sets a past time to now).
    expect(await nextJobRun(resendEnv, mailBatchJob(claim))).toBeGreaterThanOrEqual(at);
    for (const member of members.slice(0, 5)) expect(await nextJobRun(resendEnv, mailJob(member.id))).toBeNull();

    const fetch = resendAnswers(recorded.sent);
    let next: number | null = at;
    let runs = 0;
    while (next !== null && runs < 5) {
      next = await runJob(resendEnv, mailBatchJob(claim), at + 1);
      runs++;
    }
    expect(next).toBeNull();
    // 60 members, 50 a run: two runs, every e-mail sent once.
    expect(runs).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(60);
    expect(await count(emailOutbox, sql`dedupe_key = ${claim} and state = 'sent'`)).toEqual({ n: 60, members: 60 });
  });
});
