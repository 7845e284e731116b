import { buildPushPayload } from "@block65/webcrypto-web-push";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Deps } from "@worker/core/service-context";
import { pushOutbox, pushSubscriptions } from "@worker/db/schema";
import { and, eq, lte, sql } from "drizzle-orm";
import { nextPendingPush, payloadOf } from "./push-outbox";
import { readVapid, type Vapid } from "./vapid";

/** Tries per push; after the last failure it is marked failed and left alone. */
export const MAX_PUSH_ATTEMPTS = 5;
/** The wait after the 1st, 2nd, 3rd and 4th failed try, unless the push service asks for longer (Retry-After). */
export const PUSH_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000] as const;
/** A push service that has not answered by then is treated as down (the push is tried again). */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a push for a device that is off: a day, the most VAPID allows. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/**
 * The library pads every push to RFC 8291's 4096 bytes on the wire (so its length tells nothing), which
 * leaves 3993 for the payload; ours stays well under it (the texts are cut when stored).
 */
export const MAX_PAYLOAD_BYTES = 3072;
/** Pushes sent per run; a member with more due is run again at once. */
const SEND_PER_RUN = 20;

type Outcome = { kind: "sent" } | { kind: "gone" } | { kind: "retry"; error: string; after: number } | { kind: "refused"; error: string };

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** When a push that failed its `attempts`-th try is tried again, unless the push service asks for longer. */
const retryTime = (attempts: number, now: number) => now + PUSH_RETRY_DELAYS_MS[Math.min(attempts, PUSH_RETRY_DELAYS_MS.length) - 1]!;

/** What the push service's answer means for this push (RFC 8030 §5, and what FCM, autopush and APNs answer). */
export function outcomeOf(status: number, retryAfter: string | null, attempts: number, now: number): Outcome {
  if (status >= 200 && status < 300) return { kind: "sent" };
  // The browser unsubscribed or the subscription expired: it will never take a push again.
  if (status === 404 || status === 410) return { kind: "gone" };
  if (status === 429 || status >= 500) {
    return { kind: "retry", error: `Push service answered ${status}`, after: Math.max(retryTime(attempts, now), now + (retryAfterMs(retryAfter, now) ?? 0)) };
  }
  // 400, 401, 403 (a VAPID key the subscription was not made with), 413: the same push would fail again.
  return { kind: "refused", error: `Push service refused the push: ${status}` };
}

/** One push, encrypted for the device (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292). */
async function send(vapid: Vapid, device: { endpoint: string; p256dh: string; auth: string }, payload: string, topic: string | undefined) {
  const request = await buildPushPayload(
    { data: payload, options: { ttl: PUSH_TTL_SECONDS, urgency: "normal", ...(topic ? { topic } : {}) } },
    { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
    vapid,
  );
  return fetch(device.endpoint, { method: "POST", headers: request.headers, body: request.body, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
}

/**
 * RFC 8030's Topic (at most 32 base64url characters) lets the push service itself replace a push the
 * device has not fetched yet with the newer one of the same conversation.
 */
async function topicOf(batchKey: string | null): Promise<string | undefined> {
  if (!batchKey) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(batchKey)));
  return encodeBase64urlNoPadding(digest.slice(0, 24));
}

/**
 * The `push:{userId}` job: sends the member's due pushes, then names the next one's time. Each push is
 * claimed (pending -> sent, its batch closed) by one conditional UPDATE before it is sent, so two runs
 * at once, or a retried alarm, never send it twice. 404 or 410 removes the device (and its waiting
 * pushes); 429, 5xx, a timeout or no connection put the push back with a later time until
 * MAX_PUSH_ATTEMPTS; any other refusal fails it at once.
 */
export async function flushMemberPushes({ db, env }: Deps, userId: string, now: number): Promise<number | null> {
  const vapid = readVapid(env);
  if (!vapid) return null;
  // The devices come with the due rows: one read for the run, not one per push.
  const due = await db.all<{ id: string; endpoint: string; p256dh: string; auth: string }>(
    sql`select o.id, s.endpoint, s.p256dh, s.auth
        from push_outbox o indexed by push_outbox_pending_idx join push_subscriptions s on s.id = o.subscription_id
        where o.state = 'pending' and o.send_after <= ${now} and o.user_id = ${userId} order by o.send_after limit ${SEND_PER_RUN}`,
  );
  for (const { id, ...device } of due) {
    const [push] = await db
      .update(pushOutbox)
      .set({ state: "sent", sentAt: now, batchKey: null, attempts: sql`${pushOutbox.attempts} + 1` })
      .where(and(eq(pushOutbox.id, id), eq(pushOutbox.state, "pending"), lte(pushOutbox.sendAfter, now)))
      .returning();
    // Gone meanwhile (sent by another run, or its device removed and the row with it).
    if (!push) continue;
    const payload = JSON.stringify(payloadOf(push));
    let outcome: Outcome;
    if (new TextEncoder().encode(payload).length > MAX_PAYLOAD_BYTES) {
      outcome = { kind: "refused", error: "Payload too large" };
    } else {
      try {
        const answer = await send(vapid, device, payload, await topicOf(push.tag === push.dedupeKey ? null : push.tag));
        outcome = outcomeOf(answer.status, answer.headers.get("Retry-After"), push.attempts, now);
        // The answer's body is only ever an error description; read it so the connection is freed.
        await answer.body?.cancel();
      } catch (error) {
        // No connection, a DNS failure or the timeout: the push service may be back later.
        outcome = { kind: "retry", error: (error instanceof Error ? error.message : String(error)).slice(0, 500), after: retryTime(push.attempts, now) };
      }
    }
    if (outcome.kind === "sent") continue;
    if (outcome.kind === "gone") {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId));
      continue;
    }
    const giveUp = outcome.kind === "refused" || push.attempts >= MAX_PUSH_ATTEMPTS;
    await db
      .update(pushOutbox)
      .set({
        state: giveUp ? "failed" : "pending",
        sentAt: null,
        lastError: outcome.error,
        sendAfter: giveUp || outcome.kind !== "retry" ? push.sendAfter : outcome.after,
      })
      .where(and(eq(pushOutbox.id, push.id), eq(pushOutbox.state, "sent")));
  }
  if (due.length === SEND_PER_RUN) return now;
  return nextPendingPush(db, userId);
}
