import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { emailOutbox } from "@worker/db/schema";
import { MESSAGE_BATCH_WINDOW_MS, mailJob } from "@worker/features/notifications/email-outbox";
import { EMAIL_RETRY_DELAYS_MS, flushMemberMail, MAX_EMAIL_ATTEMPTS } from "@worker/features/notifications/member-mail";
import { type NotificationInput, notify } from "@worker/features/notifications/notifications";
import { verifyUnsubscribeToken } from "@worker/features/notifications/unsubscribe-tokens";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMember, db } from "../helpers/fixtures";
import * as recorded from "./fixtures/resend";
import { outboxOf, resendAnswers, resendUnreachable, withoutProvider, withResend } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

const accepted = (userId: string): NotificationInput => ({
  userId,
  type: "loan_accepted",
  title: 'Olive accepted your request for "The Hobbit"',
  body: "Due back on 2026-12-12.",
  link: "/loans?tab=borrowed",
  dedupeKey: `loan:${crypto.randomUUID()}:accepted`,
});

/** A member with one e-mail queued under Resend, due at `now`. */
async function queuedEmail(now: number) {
  const member = await createMember();
  await notify(withResend, [accepted(member.id)], now);
  const [email] = await outboxOf(member.id);
  expect(email).toMatchObject({ state: "pending", sendAfter: now, attempts: 0 });
  return { member, email: email! };
}

/**
 * Times an hour ahead: the e-mails' real JobTimer alarm (which runs with the test Worker's own
 * bindings, no provider) then does not ring during the test, which runs the job itself.
 */
const later = () => Date.now() + 3_600_000;

const rowOf = async (id: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

describe("the mail job", () => {
  it("schedules the member's mail job for the e-mail's time, and sends it once, however often the job runs", async () => {
    const now = later();
    const fetch = resendAnswers(recorded.sent);
    const { member, email } = await queuedEmail(now);
    expect(await nextJobRun(env, mailJob(member.id))).toBe(now);

    expect(await flushMemberMail(withResend, member.id, now)).toBeNull();
    expect(await flushMemberMail(withResend, member.id, now)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await rowOf(email.id)).toMatchObject({ state: "sent", sentAt: now, attempts: 1, lastError: null, batchKey: null });

    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const sent = JSON.parse(String(init.body)) as { to: string[]; from: string; subject: string; text: string; headers: Record<string, string> };
    expect(sent).toMatchObject({ to: [member.email], from: "BookClub <books@example.org>", subject: 'Olive accepted your request for "The Hobbit"' });
    expect(sent.text).toContain("Open in BookClub: https://books.example.org/loans?tab=borrowed");
    // RFC 8058 one-click: the same signed link as in the text, for the master switch (loan steps have no preference of their own),
    // opening the page in the member's language (none chosen: English, as the e-mail is).
    const unsubscribe = /^<(https:\/\/books\.example\.org\/unsubscribe\?token=([^&>]+)&lang=en)>$/.exec(sent.headers["List-Unsubscribe"]!);
    expect(unsubscribe).not.toBeNull();
    expect(sent.text).toContain(unsubscribe![1]);
    expect(sent.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await verifyUnsubscribeToken(env, unsubscribe![2]!)).toEqual({ userId: member.id, preference: "emailOptIn" });
    expect((init.headers as Record<string, string>)["Idempotency-Key"]).toBe(email.id);
  });

  it("two runs at the same moment still send once", async () => {
    const now = later();
    const fetch = resendAnswers(recorded.sent);
    const { member, email } = await queuedEmail(now);
    await Promise.all([flushMemberMail(withResend, member.id, now), flushMemberMail(withResend, member.id, now)]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await rowOf(email.id)).state).toBe("sent");
  });

  it("leaves a message batch until its window has passed, then sends it as one e-mail and names no next run", async () => {
    const now = later();
    const fetch = resendAnswers(recorded.sent);
    const member = await createMember();
    const conversation = crypto.randomUUID();
    const message: NotificationInput = {
      userId: member.id,
      type: "message_received",
      title: "New messages from Ann",
      body: "Hi",
      link: `/messages/${conversation}`,
      dedupeKey: `dm:${conversation}`,
      accumulate: true,
    };
    await notify(withResend, [message], now);
    await notify(withResend, [message], now + 1000);
    expect(await nextJobRun(env, mailJob(member.id))).toBe(now + MESSAGE_BATCH_WINDOW_MS);

    expect(await flushMemberMail(withResend, member.id, now + 60_000)).toBe(now + MESSAGE_BATCH_WINDOW_MS);
    expect(fetch).not.toHaveBeenCalled();
    expect(await flushMemberMail(withResend, member.id, now + MESSAGE_BATCH_WINDOW_MS)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).subject).toBe("2 new messages from A member");

    // The batch went out: the next message starts a new one.
    await notify(withResend, [message], now + MESSAGE_BATCH_WINDOW_MS + 5);
    const emails = await outboxOf(member.id);
    expect(emails.map((email) => [email.state, email.count]).sort()).toEqual([
      ["pending", 1],
      ["sent", 2],
    ]);
  });

  it("retries a provider failure later with backoff, recording the error, and gives up after 5 attempts", async () => {
    let now = later();
    const fetch = resendAnswers(recorded.serverError, recorded.rateLimited, recorded.badGatewayHtml, recorded.serverError, recorded.serverError);
    const { member, email } = await queuedEmail(now);
    for (let attempt = 1; attempt < MAX_EMAIL_ATTEMPTS; attempt++) {
      const next = await flushMemberMail(withResend, member.id, now);
      const row = await rowOf(email.id);
      expect(row).toMatchObject({ state: "pending", attempts: attempt, sentAt: null, sendAfter: now + EMAIL_RETRY_DELAYS_MS[attempt - 1]! });
      expect(next).toBe(row.sendAfter);
      // Not yet due: nothing is tried early.
      expect(await flushMemberMail(withResend, member.id, row.sendAfter - 1)).toBe(row.sendAfter);
      now = row.sendAfter;
    }
    expect((await rowOf(email.id)).lastError).toBe("Resend answered 500 application_error: An unexpected error occurred.");
    expect(await flushMemberMail(withResend, member.id, now)).toBeNull();
    expect(await rowOf(email.id)).toMatchObject({ state: "failed", attempts: MAX_EMAIL_ATTEMPTS, sentAt: null });
    expect(fetch).toHaveBeenCalledTimes(MAX_EMAIL_ATTEMPTS);
    // A failed e-mail is left alone.
    await flushMemberMail(withResend, member.id, now + 86_400_000);
    expect(fetch).toHaveBeenCalledTimes(MAX_EMAIL_ATTEMPTS);
  });

  it("records the rate limit and the unreachable API on the row", async () => {
    const now = later();
    resendAnswers(recorded.rateLimited);
    const first = await queuedEmail(now);
    await flushMemberMail(withResend, first.member.id, now);
    expect((await rowOf(first.email.id)).lastError).toMatch(/^Resend answered 429 rate_limit_exceeded: Too many requests/);
    vi.restoreAllMocks();

    resendUnreachable();
    const second = await queuedEmail(now);
    await flushMemberMail(withResend, second.member.id, now);
    expect(await rowOf(second.email.id)).toMatchObject({ state: "pending", attempts: 1, lastError: "Resend could not be reached: Network connection lost." });
  });

  it("fails an e-mail the provider refuses as invalid at once (retrying cannot help)", async () => {
    const now = later();
    const fetch = resendAnswers(recorded.invalidTo);
    const { member, email } = await queuedEmail(now);
    expect(await flushMemberMail(withResend, member.id, now)).toBeNull();
    expect(await rowOf(email.id)).toMatchObject({ state: "failed", attempts: 1 });
    expect((await rowOf(email.id)).lastError).toMatch(/^Resend answered 422 validation_error: Invalid `to` field/);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("with no provider nothing is scheduled or sent: the e-mail waits in the outbox", async () => {
    const fetch = resendAnswers(recorded.sent);
    const member = await createMember();
    await notify(withoutProvider, [accepted(member.id)]);
    expect((await outboxOf(member.id))[0]!.state).toBe("outbox");
    expect(await nextJobRun(env, mailJob(member.id))).toBeNull();
    expect(await flushMemberMail(withoutProvider, member.id, Date.now())).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
