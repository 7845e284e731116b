import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { blocks, notificationPreferences, pushOutbox, pushSubscriptions, sessions } from "@worker/db/schema";
import { type NotificationInput, notify } from "@worker/features/notifications/notifications";
import { queueAudiencePushes, runPushBatchJob } from "@worker/features/push/audience-pushes";
import { PUSH_BATCH_WINDOW_MS, pushJob } from "@worker/features/push/push-outbox";
import { flushMemberPushes, MAX_PUSH_ATTEMPTS, PUSH_RETRY_DELAYS_MS } from "@worker/features/push/push-sender";
import { desc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { api, call, SAME_ORIGIN } from "../helpers/http";
import { makeDevice, pushService, pushServiceAnswering, type TestDevice } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

const deps = { db, env };
type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The member turns on "Notify me on this device" on a new device (its own session). */
async function withDevice(member: Member, device?: TestDevice): Promise<TestDevice> {
  const made = device ?? (await makeDevice());
  const saved = await api("/push/devices", member, { method: "POST", json: { endpoint: made.endpoint, keys: made.keys } });
  expect(saved.status).toBe(201);
  return made;
}

const pushesOf = (userId: string) => db.select().from(pushOutbox).where(eq(pushOutbox.userId, userId)).orderBy(desc(pushOutbox.createdAt));

/**
 * Times an hour ahead: the pushes' real JobTimer alarm then does not ring during the test, which
 * runs the job itself (as the mail job's tests do).
 */
const later = () => Date.now() + 3_600_000;

const loanRequest = (userId: string, actorId: string | null = null): NotificationInput => ({
  userId,
  type: "loan_requested",
  // The loan request's own text, written with the recipient's translator as loans.ts writes it.
  title: ({ t }) => t('{name} asked to borrow "{title}"', { name: "Olive", title: "Middlemarch" }),
  body: "“Middlemarch”",
  link: "/loans?tab=requests",
  actorId,
  dedupeKey: `loan:${crypto.randomUUID()}:requested`,
});

const message = (userId: string, actorId: string, conversationId: string, text: string): NotificationInput => ({
  userId,
  type: "message_received",
  title: "New messages from Olive",
  body: text,
  link: `/messages/${conversationId}`,
  actorId,
  dedupeKey: `dm:${conversationId}`,
  accumulate: true,
});

describe("the push job", () => {
  it("sends an event once to each of the member's devices, encrypted for each and signed with VAPID, however often the job runs", async () => {
    const member = await signedInMember();
    const phone = await withDevice(member);
    const laptop = await withDevice(member);
    const service = pushService([phone, laptop], 201);
    const now = later();
    const event = loanRequest(member.user.id);
    await notify(deps, [event], now);
    await notify(deps, [event], now); // a retried alarm or queue message produces the same event again
    expect(await nextJobRun(env, pushJob(member.user.id))).toBe(now);

    expect(await flushMemberPushes(deps, member.user.id, now)).toBeNull();
    expect(await flushMemberPushes(deps, member.user.id, now)).toBeNull();
    expect(service.received.map((push) => push.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const push of service.received) {
      expect(push.payload).toEqual({
        title: 'Olive asked to borrow "Middlemarch"',
        body: "“Middlemarch”",
        url: "/loans?tab=requests",
        tag: event.dedupeKey,
        lang: "en",
        dir: "ltr",
      });
      expect(push).toMatchObject({ ttl: "86400", urgency: "normal", topic: null, bodyBytes: 4096 });
    }
    expect((await pushesOf(member.user.id)).map((row) => [row.state, row.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
  });

  it("writes the push in the recipient's language and direction, not the sender's", async () => {
    const member = await signedInMember({ language: "ar" });
    const device = await withDevice(member);
    const service = pushService([device], 201);
    const now = later();
    await notify(deps, [loanRequest(member.user.id)], now);
    await flushMemberPushes(deps, member.user.id, now);
    expect(service.received[0]!.payload).toMatchObject({ lang: "ar", dir: "rtl" });
    // The names keep their own direction inside the Arabic sentence (isolated by FSI and PDI).
    expect(service.received[0]!.payload.title).toBe("طلب \u2068Olive\u2069 استعارة «\u2068Middlemarch\u2069»");
  });

  it("gathers a busy conversation into one push per few minutes, replacing the last one by its tag", async () => {
    const [member, sender] = await Promise.all([signedInMember(), signedInMember()]);
    const device = await withDevice(member);
    const service = pushService([device], 201);
    const conversationId = crypto.randomUUID();
    const start = later();
    await notify(deps, [message(member.user.id, sender.user.id, conversationId, "Hello!")], start);
    await flushMemberPushes(deps, member.user.id, start);
    expect(service.received).toHaveLength(1);
    expect(service.received[0]!.payload).toMatchObject({
      title: "New messages from Olive",
      body: "Hello!",
      tag: `dm:${conversationId}`,
      url: `/messages/${conversationId}`,
    });
    const topic = service.received[0]!.topic;
    expect(topic).toMatch(/^[\w-]{32}$/);

    // Two more messages within the window wait for its end, as one push.
    await notify(deps, [message(member.user.id, sender.user.id, conversationId, "Are you there?")], start + 1000);
    await notify(deps, [message(member.user.id, sender.user.id, conversationId, "Is Middlemarch free?")], start + 2000);
    const waiting = (await pushesOf(member.user.id)).filter((row) => row.state === "pending");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ sendAfter: start + PUSH_BATCH_WINDOW_MS, count: 3 });
    expect(await nextJobRun(env, pushJob(member.user.id))).toBe(start + PUSH_BATCH_WINDOW_MS);
    expect(await flushMemberPushes(deps, member.user.id, start + 2000)).toBe(start + PUSH_BATCH_WINDOW_MS);
    expect(service.received).toHaveLength(1);

    await flushMemberPushes(deps, member.user.id, start + PUSH_BATCH_WINDOW_MS);
    expect(service.received).toHaveLength(2);
    expect(service.received[1]!.payload).toMatchObject({ body: "3 new messages: Is Middlemarch free?", tag: `dm:${conversationId}` });
    expect(service.received[1]!.topic).toBe(topic);
  });

  it("removes a device the push service says is gone (404 or 410), with its waiting pushes", async () => {
    for (const status of [404, 410]) {
      const member = await signedInMember();
      const gone = await withDevice(member);
      const kept = await withDevice(member);
      pushService([gone, kept], ...[gone, kept].map((device) => (device === gone ? status : 201)));
      const now = later();
      await notify(deps, [loanRequest(member.user.id)], now);
      // The devices are sent to newest first or not; answer by endpoint instead of by order.
      vi.restoreAllMocks();
      const byEndpoint = pushService([gone, kept], 201);
      byEndpoint.spy.mockImplementation(
        async (input) => new Response(null, { status: new Request(input as RequestInfo).url === gone.endpoint ? status : 201 }),
      );
      await flushMemberPushes(deps, member.user.id, now);
      const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id));
      expect(
        devices.map((device) => device.endpoint),
        `${status}`,
      ).toEqual([kept.endpoint]);
      expect((await pushesOf(member.user.id)).map((row) => row.state)).toEqual(["sent"]);
    }
  });

  it("retries 429 (after Retry-After), 5xx and an unreachable service with backoff, then gives up", async () => {
    const member = await signedInMember();
    const device = await withDevice(member);
    const service = pushService([device], { status: 429, retryAfter: "600" }, 503, "unreachable", 500, 502);
    let now = later();
    await notify(deps, [loanRequest(member.user.id)], now);

    expect(await flushMemberPushes(deps, member.user.id, now)).toBe(now + 600_000);
    let [row] = await pushesOf(member.user.id);
    expect(row).toMatchObject({ state: "pending", attempts: 1, sendAfter: now + 600_000, lastError: "Push service answered 429" });

    for (const [attempt, error] of [
      [2, "Push service answered 503"],
      [3, "Network connection lost."],
      [4, "Push service answered 500"],
    ] as const) {
      now = row!.sendAfter;
      await flushMemberPushes(deps, member.user.id, now);
      [row] = await pushesOf(member.user.id);
      expect(row).toMatchObject({ state: "pending", attempts: attempt, sendAfter: now + PUSH_RETRY_DELAYS_MS[attempt - 1]!, lastError: error });
    }
    now = row!.sendAfter;
    expect(await flushMemberPushes(deps, member.user.id, now)).toBeNull();
    [row] = await pushesOf(member.user.id);
    expect(row).toMatchObject({ state: "failed", attempts: MAX_PUSH_ATTEMPTS, lastError: "Push service answered 502" });
    expect(service.received).toHaveLength(MAX_PUSH_ATTEMPTS - 1);
    // The device stays: the service was down, the subscription is fine.
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toHaveLength(1);
  });

  it("fails a push the service refuses for good (400, 403) at once, and keeps the device", async () => {
    const member = await signedInMember();
    const device = await withDevice(member);
    pushService([device], 403);
    const now = later();
    await notify(deps, [loanRequest(member.user.id)], now);
    expect(await flushMemberPushes(deps, member.user.id, now)).toBeNull();
    expect((await pushesOf(member.user.id))[0]).toMatchObject({ state: "failed", attempts: 1, lastError: "Push service refused the push: 403" });
  });

  it("cuts long texts so the payload stays far under 4 KB", async () => {
    const member = await signedInMember();
    const device = await withDevice(member);
    const service = pushService([device], 201);
    const now = later();
    await notify(deps, [{ ...loanRequest(member.user.id), title: "T".repeat(500), body: "ß".repeat(5000) }], now);
    await flushMemberPushes(deps, member.user.id, now);
    const { payload } = service.received[0]!;
    expect(String(payload.title)).toHaveLength(120);
    expect(String(payload.body)).toHaveLength(240);
    expect(new TextEncoder().encode(JSON.stringify(payload)).length).toBeLessThan(1024);
  });
});

describe("what may push", () => {
  it("follows the event's preference and the master switch, as e-mail does", async () => {
    const member = await signedInMember();
    await withDevice(member);
    const sender = await signedInMember();
    const now = later();
    await db.insert(notificationPreferences).values({ userId: member.user.id, emailOptIn: true, prefs: { dm_message_received: false }, updatedAt: now });
    await notify(deps, [message(member.user.id, sender.user.id, crypto.randomUUID(), "Hi")], now);
    expect(await pushesOf(member.user.id)).toEqual([]);

    await db.update(notificationPreferences).set({ emailOptIn: false }).where(eq(notificationPreferences.userId, member.user.id));
    await notify(deps, [loanRequest(member.user.id)], now);
    expect(await pushesOf(member.user.id)).toEqual([]);

    await db.update(notificationPreferences).set({ emailOptIn: true }).where(eq(notificationPreferences.userId, member.user.id));
    await notify(deps, [loanRequest(member.user.id)], now);
    expect(await pushesOf(member.user.id)).toHaveLength(1);
  });

  it("pushes nothing to a device whose session has ended, even before anyone presented it again", async () => {
    const member = await signedInMember();
    await withDevice(member);
    const now = later();
    await db
      .update(sessions)
      .set({ expiresAt: now - 1 })
      .where(eq(sessions.userId, member.user.id));
    await notify(deps, [loanRequest(member.user.id)], now);
    expect(await pushesOf(member.user.id)).toEqual([]);
  });

  it("never pushes for a member the recipient blocked, and drops a conversation's waiting push when they block its sender", async () => {
    const [member, pest] = await Promise.all([signedInMember(), signedInMember()]);
    await withDevice(member);
    await db.insert(blocks).values({ blockerId: member.user.id, blockedId: pest.user.id });
    await notify(deps, [loanRequest(member.user.id, pest.user.id)], later());
    expect(await pushesOf(member.user.id)).toEqual([]);
    await db.delete(blocks).where(eq(blocks.blockerId, member.user.id));

    // A real conversation: the first message pushes (due now), the next waits in the window.
    const opened = await call("/api/dm/conversations", {
      method: "POST",
      headers: { Authorization: `Bearer ${pest.token}` },
      json: { toUserId: member.user.id },
    });
    const { data } = (await opened.json()) as { data: { conversationId: string } };
    const conversationId = data.conversationId;
    const start = later();
    await notify(deps, [message(member.user.id, pest.user.id, conversationId, "Answer me!")], start);
    await db.update(pushOutbox).set({ state: "sent", sentAt: start, batchKey: null }).where(eq(pushOutbox.userId, member.user.id));
    await notify(deps, [message(member.user.id, pest.user.id, conversationId, "Answer me now!")], start + 1000);
    expect((await pushesOf(member.user.id)).map((row) => row.state)).toEqual(["pending", "sent"]);

    const blocked = await call(`/api/dm/blocks/${pest.user.id}`, { method: "PUT", headers: { ...SAME_ORIGIN, Cookie: member.cookie } });
    expect(blocked.status).toBe(200);
    expect((await pushesOf(member.user.id)).map((row) => row.state)).toEqual(["sent"]);
  });

  it("delivers a real message through the real alarm: the send, the job's alarm, the push service", async () => {
    const [member, sender] = await Promise.all([signedInMember(), signedInMember({ name: "Olive" })]);
    const device = await withDevice(member);
    const service = pushService([device], 201);
    const opened = await call("/api/dm/conversations", {
      method: "POST",
      headers: { Authorization: `Bearer ${sender.token}` },
      json: { toUserId: member.user.id },
    });
    const { data } = (await opened.json()) as { data: { conversationId: string } };
    const sent = await call(`/api/dm/conversations/${data.conversationId}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${sender.token}` },
      json: { content: "Is Middlemarch still free?" },
    });
    expect(sent.status).toBe(201);
    await vi.waitFor(() => expect(service.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(service.received[0]!.payload).toMatchObject({
      title: "New messages from Olive",
      body: "Is Middlemarch still free?",
      url: `/messages/${data.conversationId}`,
    });
    await vi.waitFor(async () => expect((await pushesOf(member.user.id))[0]).toMatchObject({ state: "sent" }));
  });
});

describe("an event's pushes to a whole audience (the push-batch job)", () => {
  const announcement = (dedupeKey: string) => ({
    dedupeKey,
    title: "Announcement in Night Readers",
    body: "We meet Friday",
    url: "/clubs/c/room",
    language: "en" as const,
  });
  const audience = (members: Member[]) => sql`select value from json_each(${JSON.stringify(members.map((member) => member.user.id))})`;

  it("sends a hundred a run, to each device once, however often it runs and while a member's own job runs too", async () => {
    const members = await Promise.all(Array.from({ length: 105 }, () => signedInMember()));
    const devices: TestDevice[] = [];
    for (const member of members) devices.push(await withDevice(member));
    const service = pushService(devices, 201);
    const now = later();
    const dedupeKey = `club-announcement:${crypto.randomUUID()}`;
    await queueAudiencePushes(deps, audience(members), announcement(dedupeKey), now);
    await queueAudiencePushes(deps, audience(members), announcement(dedupeKey), now); // a redelivered queue message

    expect(await flushMemberPushes(deps, members[0]!.user.id, now)).toBeNull();
    expect(await runPushBatchJob(deps, dedupeKey, now), "a full run asks to run again at once").toBe(now);
    expect(await runPushBatchJob(deps, dedupeKey, now)).toBeNull();
    expect(await runPushBatchJob(deps, dedupeKey, now)).toBeNull();
    expect(service.received.map((push) => push.endpoint).sort()).toEqual(devices.map((device) => device.endpoint).sort());
    expect(service.received[0]!.payload).toMatchObject({ title: "Announcement in Night Readers", tag: dedupeKey, lang: "en" });
    const states = await db
      .select({ state: pushOutbox.state, n: sql<number>`count(*)` })
      .from(pushOutbox)
      .where(eq(pushOutbox.dedupeKey, dedupeKey))
      .groupBy(pushOutbox.state);
    expect(states).toEqual([{ state: "sent", n: 105 }]);
  });

  it("writes what did not go at the end of the run: a gone device is removed, a down service is tried again later", async () => {
    const [gone, waiting, refused] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const devices = [await withDevice(gone), await withDevice(waiting), await withDevice(refused)];
    const answers = new Map([
      [devices[0]!.endpoint, 410],
      [devices[1]!.endpoint, 503],
      [devices[2]!.endpoint, 400],
    ]);
    const service = pushServiceAnswering(devices, (endpoint) => answers.get(endpoint) ?? 201);
    const now = later();
    const dedupeKey = `club-announcement:${crypto.randomUUID()}`;
    await queueAudiencePushes(deps, audience([gone, waiting, refused]), announcement(dedupeKey), now);

    expect(await runPushBatchJob(deps, dedupeKey, now)).toBe(now + PUSH_RETRY_DELAYS_MS[0]);
    expect(service.received).toHaveLength(3);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, gone.user.id))).toEqual([]);
    expect((await pushesOf(waiting.user.id))[0]).toMatchObject({
      state: "pending",
      attempts: 1,
      sendAfter: now + PUSH_RETRY_DELAYS_MS[0],
      lastError: "Push service answered 503",
    });
    expect((await pushesOf(refused.user.id))[0]).toMatchObject({ state: "failed", attempts: 1, lastError: "Push service refused the push: 400" });
  });
});
