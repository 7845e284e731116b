import { buildPushPayload } from "@block65/webcrypto-web-push";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Deps } from "@worker/core/service-context";
import { pushOutbox, pushSubscriptions } from "@worker/db/schema";
import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
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

/** Sends at once: a Worker holds at most 6 connections open at a time, so more would only wait for one. */
const SEND_AT_ONCE = 6;

type Claimed = typeof pushOutbox.$inferSelect;
type Device = { id: string; endpoint: string; p256dh: string; auth: string };

/**
 * Claims the due pending pushes `candidates` selects (a query of ids), pending -> sent with their batch
 * closed, in one conditional UPDATE: two runs at once, or a retried alarm, never claim one push twice.
 */
function claim(db: Deps["db"], candidates: SQL, now: number): Promise<Claimed[]> {
  return db
    .update(pushOutbox)
    .set({ state: "sent", sentAt: now, batchKey: null, attempts: sql`${pushOutbox.attempts} + 1` })
    .where(and(sql`${pushOutbox.id} in (${candidates})`, eq(pushOutbox.state, "pending"), lte(pushOutbox.sendAfter, now)))
    .returning();
}

/** One push's try: what the push service's answer (or its silence) means for it. */
async function attempt(vapid: Vapid, device: Device, push: Claimed, now: number): Promise<Outcome> {
  const payload = JSON.stringify(payloadOf(push));
  if (new TextEncoder().encode(payload).length > MAX_PAYLOAD_BYTES) return { kind: "refused", error: "Payload too large" };
  try {
    const answer = await send(vapid, device, payload, await topicOf(push.tag === push.dedupeKey ? null : push.tag));
    // The answer's body is only ever an error description; read it so the connection is freed.
    await answer.body?.cancel();
    return outcomeOf(answer.status, answer.headers.get("Retry-After"), push.attempts, now);
  } catch (error) {
    // No connection, a DNS failure or the timeout: the push service may be back later.
    return { kind: "retry", error: (error instanceof Error ? error.message : String(error)).slice(0, 500), after: retryTime(push.attempts, now) };
  }
}

/**
 * Claims the pushes `candidates` selects and sends them, SEND_AT_ONCE at a time; then writes what
 * did not go in one batch. 404 or 410 removes the device (and its waiting pushes); 429, 5xx, a timeout
 * or no connection put the push back with a later time until MAX_PUSH_ATTEMPTS; any other refusal fails
 * it at once. Returns how many were claimed. A run cut off mid-way loses its claimed pushes, never repeats them.
 */
async function sendClaimed({ db }: Deps, vapid: Vapid, candidates: SQL, now: number): Promise<number> {
  const claimed = await claim(db, candidates, now);
  if (claimed.length === 0) return 0;
  // The devices in one read for the run, not one per push.
  const ids = [...new Set(claimed.map((push) => push.subscriptionId))];
  const devices = new Map(
    (
      await db
        .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
        .from(pushSubscriptions)
        .where(sql`${pushSubscriptions.id} in (select value from json_each(${JSON.stringify(ids)}))`)
    ).map((device) => [device.id, device]),
  );
  const outcomes: [Claimed, Outcome][] = [];
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const push = claimed[next++]!;
      const device = devices.get(push.subscriptionId);
      // Its device was removed meanwhile (its pushes go with it).
      if (device) outcomes.push([push, await attempt(vapid, device, push, now)]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_AT_ONCE, claimed.length) }, worker));

  const writes = outcomes.flatMap(([push, outcome]): BatchItem<"sqlite">[] => {
    if (outcome.kind === "sent") return [];
    if (outcome.kind === "gone") return [db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId))];
    const giveUp = outcome.kind === "refused" || push.attempts >= MAX_PUSH_ATTEMPTS;
    return [
      db
        .update(pushOutbox)
        .set({
          state: giveUp ? "failed" : "pending",
          sentAt: null,
          lastError: outcome.error,
          sendAfter: giveUp || outcome.kind !== "retry" ? push.sendAfter : outcome.after,
        })
        .where(and(eq(pushOutbox.id, push.id), eq(pushOutbox.state, "sent"))),
    ];
  });
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return claimed.length;
}

/** The `push:{userId}` job: sends the member's due pushes, SEND_PER_RUN a run, then names the next one's time. */
export async function flushMemberPushes(deps: Deps, userId: string, now: number): Promise<number | null> {
  const vapid = readVapid(deps.env);
  if (!vapid) return null;
  const candidates = sql`select o.id from push_outbox o indexed by push_outbox_pending_idx
    where o.state = 'pending' and o.send_after <= ${now} and o.user_id = ${userId} order by o.send_after limit ${SEND_PER_RUN}`;
  if ((await sendClaimed(deps, vapid, candidates, now)) === SEND_PER_RUN) return now;
  return nextPendingPush(deps.db, userId);
}

/** Pushes an audience's batch job sends per run; a larger audience runs again at once. */
const EVENT_PUSHES_PER_RUN = 100;

/**
 * The `push-batch:{dedupeKey}` job: sends the event's due pushes to its whole audience, a hundred a
 * run, claimed by the event's own index (a member's own `push:` job running at once sends none twice).
 */
export async function flushEventPushes(deps: Deps, dedupeKey: string, now: number): Promise<number | null> {
  const vapid = readVapid(deps.env);
  if (!vapid) return null;
  const candidates = sql`select o.id from push_outbox o indexed by push_outbox_pending_event_idx
    where o.state = 'pending' and o.dedupe_key = ${dedupeKey} and o.send_after <= ${now} limit ${EVENT_PUSHES_PER_RUN}`;
  if ((await sendClaimed(deps, vapid, candidates, now)) === EVENT_PUSHES_PER_RUN) return now;
  const [next] = await deps.db.all<{ at: number | null }>(
    sql`select min(send_after) as at from push_outbox indexed by push_outbox_pending_event_idx where state = 'pending' and dedupe_key = ${dedupeKey}`,
  );
  return next?.at ?? null;
}
