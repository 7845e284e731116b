import { blocks, notificationPreferences } from "@worker/db/schema";
import { MESSAGE_BATCH_WINDOW_MS } from "@worker/features/notifications/email-outbox";
import { markNotificationReadByKey, type NotificationInput, notify } from "@worker/features/notifications/notifications";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bearer } from "../account/member-support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { bellOf, outboxOf, resendAnswers, withoutProvider, withResend } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

const loanRequest = (userId: string, key = `loan:${crypto.randomUUID()}:requested`): NotificationInput => ({
  userId,
  type: "loan_requested",
  title: 'Bea asked to borrow "The Hobbit"',
  link: "/loans?tab=requests",
  dedupeKey: key,
});
const dueSoon = (userId: string): NotificationInput => ({
  userId,
  type: "loan_due_soon",
  title: '"The Hobbit" is due back tomorrow',
  link: "/loans?tab=borrowed",
  dedupeKey: `loan:${crypto.randomUUID()}:due_soon:2026-12-11`,
});
const message = (userId: string, conversationId: string, body = "Hello"): NotificationInput => ({
  userId,
  type: "message_received",
  title: "New messages from Ann",
  body,
  link: `/messages/${conversationId}`,
  dedupeKey: `dm:${conversationId}`,
  accumulate: true,
});

async function setPrefs(userId: string, emailOptIn: boolean, prefs: Record<string, boolean> = {}) {
  await db.insert(notificationPreferences).values({ userId, emailOptIn, prefs, updatedAt: Date.now() });
}

describe("notify: the bell and e-mail follow the preferences", () => {
  it("with every preference on (the default): a bell item and an e-mail in the local outbox, with item and unsubscribe links", async () => {
    const member = await createMember({ email: "olive@example.com" });
    await notify(withoutProvider, [loanRequest(member.id)]);
    const [item] = await bellOf(member.id);
    expect(item).toMatchObject({ type: "loan_requested", title: 'Bea asked to borrow "The Hobbit"', readAt: null, count: 1 });
    const [email] = await outboxOf(member.id);
    expect(email).toMatchObject({ state: "outbox", toEmail: "olive@example.com", subject: 'Bea asked to borrow "The Hobbit"', preference: "emailOptIn" });
    expect(email!.text).toContain("Open in BookClub: http://localhost:5173/loans?tab=requests");
    expect(email!.text).toMatch(/Unsubscribe from all BookClub e-mails: http:\/\/localhost:5173\/unsubscribe\?token=[\w-]+\.[\w-]+/);
    expect(email!.html).toContain('<a href="http://localhost:5173/loans?tab=requests">Open in BookClub</a>');
  });

  it("a preference turned off stops both the bell item and the e-mail of the events it governs, and nothing else", async () => {
    const member = await createMember();
    await setPrefs(member.id, true, { reminder_due_date: false });
    expect(await notify(withoutProvider, [dueSoon(member.id), loanRequest(member.id)])).toHaveLength(1);
    expect((await bellOf(member.id)).map((item) => item.type)).toEqual(["loan_requested"]);
    expect((await outboxOf(member.id)).map((email) => email.preference)).toEqual(["emailOptIn"]);
  });

  it("the master switch off keeps the bell but sends no e-mail at all", async () => {
    const member = await createMember();
    await setPrefs(member.id, false);
    await notify(withoutProvider, [dueSoon(member.id), loanRequest(member.id)]);
    expect(await bellOf(member.id)).toHaveLength(2);
    expect(await outboxOf(member.id)).toEqual([]);
  });

  it("an event's e-mail is sent under its preference, so its unsubscribe link turns that one off", async () => {
    const member = await createMember();
    await notify(withoutProvider, [dueSoon(member.id)]);
    const [email] = await outboxOf(member.id);
    expect(email!.preference).toBe("reminder_due_date");
    expect(email!.text).toContain("Unsubscribe from due date reminder e-mails: ");
  });

  it("is idempotent by dedupe key: the same event again adds no bell item and no e-mail", async () => {
    const member = await createMember();
    const event = loanRequest(member.id);
    expect(await notify(withoutProvider, [event])).toHaveLength(1);
    expect(await notify(withoutProvider, [event])).toEqual([]);
    expect(await notify(withoutProvider, [event, event])).toEqual([]);
    expect(await bellOf(member.id)).toHaveLength(1);
    expect(await outboxOf(member.id)).toHaveLength(1);
  });

  it("escapes what members wrote in the e-mail's HTML, and keeps the subject on one line", async () => {
    const member = await createMember();
    await notify(withoutProvider, [{ ...loanRequest(member.id), title: 'Bo <script>alert(1)</script>\nasked for "A & B"' }]);
    const [email] = await outboxOf(member.id);
    expect(email!.subject).toBe('Bo <script>alert(1)</script> asked for "A & B"');
    expect(email!.html).toContain("Bo &lt;script&gt;alert(1)&lt;/script&gt;<br>asked for &quot;A &amp; B&quot;");
    expect(email!.html).not.toContain("<script>");
  });
});

describe("message e-mails are batched", () => {
  it("keeps the latest message's text when two are stored out of order, and counts both", async () => {
    const member = await createMember();
    const conversation = crypto.randomUUID();
    await notify(withoutProvider, [message(member.id, conversation, "Second")], 2_000_000);
    await notify(withoutProvider, [message(member.id, conversation, "First")], 1_000_000);
    const [bell] = await bellOf(member.id);
    expect(bell).toMatchObject({ body: "Second", count: 2, updatedAt: 2_000_000 });
  });

  it("50 messages in one conversation are one bell item counting 50 and one e-mail, '50 new messages from Ann', in the outbox", async () => {
    const [ann, bo] = await Promise.all([signedInMember({ name: "Ann" }), signedInMember({ name: "Bo", email: "bo.notified@example.com" })]);
    const started = await call("/api/dm/conversations", { method: "POST", headers: bearer(ann.token), json: { toUserId: bo.user.id } });
    const { data } = await json<Envelope<{ conversationId: string }>>(started);
    const conversationId = data!.conversationId;
    for (let i = 1; i <= 50; i++) {
      const sent = await call(`/api/dm/conversations/${conversationId}/messages`, {
        method: "POST",
        headers: bearer(ann.token),
        json: { content: `Message ${i}` },
      });
      expect(sent.status).toBe(201);
    }
    // The bell and the e-mail follow each send after its answer (waitUntil): wait for the 50th.
    await vi.waitFor(async () => expect((await outboxOf(bo.user.id))[0]?.count).toBe(50), { timeout: 10_000 });
    const bell = await bellOf(bo.user.id);
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({
      type: "message_received",
      title: "New messages from Ann",
      body: "Message 50",
      count: 50,
      link: `/messages/${conversationId}`,
      actorId: ann.user.id,
    });
    const emails = await outboxOf(bo.user.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      state: "outbox",
      count: 50,
      subject: "50 new messages from Ann",
      preference: "dm_message_received",
      batchKey: `dm:${conversationId}`,
    });
    expect(emails[0]!.text).toContain('Latest: "Message 50"');
    // The sender hears nothing of their own messages.
    expect(await bellOf(ann.user.id)).toEqual([]);
  });

  it("with a provider: one pending e-mail per conversation while its window is open, due 10 minutes after the first message", async () => {
    resendAnswers({ status: 200, body: "{}" });
    const [member, ann] = [await createMember(), await createMember({ name: "Ann" })];
    const otherConversation = crypto.randomUUID();
    const conversation = crypto.randomUUID();
    const start = Date.now();
    for (let i = 0; i < 50; i++) await notify(withResend, [{ ...message(member.id, conversation, `Hi ${i}`), actorId: ann.id }], start + i * 1000);
    await notify(withResend, [message(member.id, otherConversation)], start + 60_000);
    const emails = await outboxOf(member.id);
    const batch = emails.find((email) => email.batchKey === `dm:${conversation}`);
    expect(emails).toHaveLength(2);
    expect(batch).toMatchObject({ state: "pending", count: 50, subject: "50 new messages from Ann", sendAfter: start + MESSAGE_BATCH_WINDOW_MS });
  });

  it("in the local outbox a batch closes when its window has passed: a later message starts a new e-mail", async () => {
    const member = await createMember();
    const conversation = crypto.randomUUID();
    const start = Date.now();
    await notify(withoutProvider, [message(member.id, conversation)], start);
    await notify(withoutProvider, [message(member.id, conversation)], start + 60_000);
    await notify(withoutProvider, [message(member.id, conversation)], start + MESSAGE_BATCH_WINDOW_MS + 1);
    const emails = await outboxOf(member.id);
    expect(emails.map((email) => [email.count, email.subject]).sort()).toEqual([
      [1, "New message from A member"],
      [2, "2 new messages from A member"],
    ]);
  });

  it("a read conversation's next message is unread again, counting from 1", async () => {
    const member = await createMember();
    const conversation = crypto.randomUUID();
    await notify(withoutProvider, [message(member.id, conversation), message(member.id, conversation)]);
    expect((await bellOf(member.id))[0]!.count).toBe(2);
    await markNotificationReadByKey({ ...withoutProvider, user: member }, `dm:${conversation}`);
    await notify(withoutProvider, [message(member.id, conversation)]);
    expect((await bellOf(member.id))[0]).toMatchObject({ count: 1, readAt: null });
  });
});

describe("notify() and blocks", () => {
  it("drops every event whose actor the recipient blocked, whatever produced it, and keeps the rest", async () => {
    const [sender, blocker, friend, other] = await Promise.all([createMember(), createMember(), createMember(), createMember()]);
    await db.insert(blocks).values({ blockerId: blocker.id, blockedId: sender.id });
    const from = (event: NotificationInput, actorId: string | null = sender.id): NotificationInput => ({ ...event, actorId });
    const delivered = await notify(withoutProvider, [
      from(loanRequest(blocker.id)),
      from(message(blocker.id, crypto.randomUUID())),
      from(loanRequest(friend.id)),
      // Another actor, or none (a reminder), still reaches the member who blocked the sender.
      from(loanRequest(blocker.id), other.id),
      from(dueSoon(blocker.id), null),
    ]);
    expect(delivered.map((item) => [item.userId, item.actorId ?? null])).toEqual([
      [friend.id, sender.id],
      [blocker.id, other.id],
      [blocker.id, null],
    ]);
    expect((await bellOf(blocker.id)).map((item) => item.actorId ?? null).sort()).toEqual([null, other.id].sort());
    expect((await outboxOf(blocker.id)).length).toBe(2);
    expect(await outboxOf(friend.id)).toHaveLength(1);
  });

  it("a block by the recipient of the opposite direction does not count: the blocked member still hears from the blocker", async () => {
    const [blocker, blocked] = await Promise.all([createMember(), createMember()]);
    await db.insert(blocks).values({ blockerId: blocker.id, blockedId: blocked.id });
    const delivered = await notify(withoutProvider, [{ ...loanRequest(blocked.id), actorId: blocker.id }]);
    expect(delivered).toHaveLength(1);
  });
});
