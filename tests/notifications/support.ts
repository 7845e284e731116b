import { env } from "cloudflare:workers";
import { emailOutbox, notifications } from "@worker/db/schema";
import { desc, eq } from "drizzle-orm";
import { vi } from "vitest";
import { db } from "../helpers/fixtures";
import { answer, type RecordedAnswer } from "./fixtures/resend";

/**
 * The Worker's bindings with Resend configured, for calling services directly: the test Worker
 * itself runs with no provider (the local outbox), as `npm run dev` does.
 */
export const resendEnv = {
  ...env,
  EMAIL_PROVIDER: "resend",
  EMAIL_API_KEY: "re_test_0123456789",
  EMAIL_FROM: "BookClub <books@example.org>",
  APP_URL: "https://books.example.org",
} as Env;
export const withResend = { db, env: resendEnv };
export const withoutProvider = { db, env };

/** Resend's endpoint answers with these, in order (the last one again after that); the spy records the requests. */
export function resendAnswers(...answers: RecordedAnswer[]) {
  let next = 0;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => answer(answers[Math.min(next++, answers.length - 1)]!));
}

/** Resend cannot be reached at all. */
export function resendUnreachable() {
  return vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
}

export function outboxOf(userId: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId)).orderBy(desc(emailOutbox.createdAt));
}

export function bellOf(userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.updatedAt));
}

/** Catches what is put on the notice-fanout queue, so a test delivers the batches itself (and twice). */
export function captureNoticeQueue<Message = unknown>() {
  const sent: Message[] = [];
  vi.spyOn(env.NOTICE_QUEUE, "send").mockImplementation(async (body) => {
    sent.push(body as Message);
    return undefined as never;
  });
  return sent;
}
