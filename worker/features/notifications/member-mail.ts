import { DEFAULT_EMAIL_FROM, readConfig } from "@worker/core/config";
import { emailProviderFor } from "@worker/core/email/provider";
import { EmailSendError } from "@worker/core/email/send-error";
import type { Deps } from "@worker/core/service-context";
import { emailOutbox } from "@worker/db/schema";
import { and, eq, lte, sql } from "drizzle-orm";
import { nextPendingSendAfter, unsubscribeHeaders } from "./email-outbox";
import { recipientLanguage } from "./notification-events";

/** Tries per e-mail; after the last failure it is marked failed and left alone. */
export const MAX_EMAIL_ATTEMPTS = 5;
/** The wait after the 1st, 2nd, 3rd and 4th failed try. */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** E-mails sent per run; a member with more due is run again at once. */
const SEND_PER_RUN = 20;

/**
 * The `mail:{userId}` job: sends the member's e-mails that are due, then names the next one's time.
 * Each e-mail is claimed (pending -> sent, its batch closed) by one conditional UPDATE before it is
 * handed to the provider, so two runs at once, or a retried alarm, never send it twice; a later
 * message in the same conversation then starts a new batch. A failure puts it back as pending with
 * the error and a later time, until MAX_EMAIL_ATTEMPTS (or a refusal that cannot change) fails it.
 */
export async function flushMemberMail({ db, env }: Deps, userId: string, now: number): Promise<number | null> {
  const provider = emailProviderFor(env);
  if (!provider) return null;
  const from = readConfig(env).EMAIL_FROM ?? DEFAULT_EMAIL_FROM;
  // The member's language comes with the due rows: the List-Unsubscribe link opens the page in it.
  const due = await db.all<{ id: string; language: string | null }>(
    sql`select id, (select language from users where users.id = ${userId}) as language from email_outbox indexed by email_outbox_pending_idx
        where state = 'pending' and send_after <= ${now} and user_id = ${userId} order by send_after limit ${SEND_PER_RUN}`,
  );
  for (const { id, language } of due) {
    const [email] = await db
      .update(emailOutbox)
      .set({ state: "sent", sentAt: now, batchKey: null, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.state, "pending"), lte(emailOutbox.sendAfter, now)))
      .returning();
    if (!email) continue;
    try {
      await provider.send(
        {
          to: email.toEmail,
          from,
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: await unsubscribeHeaders(env, email.userId, email.preference, recipientLanguage(language)),
        },
        { idempotencyKey: email.id },
      );
    } catch (error) {
      const giveUp = (error instanceof EmailSendError && error.permanent) || email.attempts >= MAX_EMAIL_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          state: giveUp ? "failed" : "pending",
          sentAt: null,
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          sendAfter: giveUp ? email.sendAfter : now + EMAIL_RETRY_DELAYS_MS[Math.min(email.attempts, EMAIL_RETRY_DELAYS_MS.length) - 1]!,
        })
        .where(and(eq(emailOutbox.id, email.id), eq(emailOutbox.state, "sent")));
    }
  }
  if (due.length === SEND_PER_RUN) return now;
  return nextPendingSendAfter(db, userId);
}

/** Members a batch job sends to per run; a larger audience runs again at once. */
const MEMBERS_PER_BATCH_RUN = 50;

/**
 * The `mail-batch:{dedupeKey}` job: sends an audience's e-mails with this dedupe key (a club's first
 * mail of the day, or its digest), MEMBERS_PER_BATCH_RUN members a run, each through flushMemberMail
 * (which claims each row before sending, so a member's own `mail:` job at the same time sends nothing twice).
 */
export async function runMailBatchJob(deps: Deps, dedupeKey: string, now: number): Promise<number | null> {
  const members = await deps.db.all<{ userId: string }>(
    sql`select distinct user_id as userId from email_outbox indexed by email_outbox_pending_idx
        where state = 'pending' and send_after <= ${now} and dedupe_key = ${dedupeKey} limit ${MEMBERS_PER_BATCH_RUN}`,
  );
  for (const { userId } of members) await flushMemberMail(deps, userId, now);
  if (members.length === MEMBERS_PER_BATCH_RUN) return now;
  const [next] = await deps.db.all<{ at: number | null }>(
    sql`select min(send_after) as at from email_outbox indexed by email_outbox_pending_idx where state = 'pending' and dedupe_key = ${dedupeKey}`,
  );
  return next?.at ?? null;
}
