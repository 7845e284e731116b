import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps } from "@worker/core/service-context";
import type { Language } from "@worker/core/shared/languages";
import { PUSH_BODY_MAX, PUSH_TITLE_MAX } from "@worker/core/shared/push-payload";
import { type SQL, sql } from "drizzle-orm";
import { flushEventPushes } from "./push-sender";
import { readVapid } from "./vapid";

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export const pushBatchJob = (dedupeKey: string) => `push-batch:${dedupeKey}`;

/**
 * One event's pushes to a whole audience, set-based: one INSERT … SELECT writes a row per device of
 * the members `recipients` selects (a query of `user_id`s in one language, its blocks, preferences and
 * master switch already applied) that sits in a live session. The (device, dedupe key) index makes a
 * redelivered queue message write nothing twice.
 */
export async function queueAudiencePushes(
  deps: Deps,
  recipients: SQL,
  push: { dedupeKey: string; title: string; body: string; url: string; language: Language },
  now: number,
): Promise<void> {
  if (!readVapid(deps.env)) return;
  const title = cut(push.title, PUSH_TITLE_MAX);
  const body = cut(push.body, PUSH_BODY_MAX);
  await deps.db.run(sql`
    insert into push_outbox (id, user_id, subscription_id, dedupe_key, batch_key, tag, title, body, url, lang, count, state, send_after)
    select lower(hex(randomblob(16))), d.user_id, d.id, ${push.dedupeKey}, null, ${push.dedupeKey}, ${title}, ${body}, ${push.url}, ${push.language}, 1, 'pending', ${now}
    from push_subscriptions d join sessions s on s.id = d.session_id
    where d.user_id in (${recipients}) and s.expires_at > ${now}
    on conflict (subscription_id, dedupe_key) do nothing`);
}

/** Sets the one job that sends an audience's pushes for this event (not one per member). */
export async function schedulePushBatch(deps: Deps, dedupeKey: string, at: number): Promise<void> {
  if (!readVapid(deps.env)) return;
  await scheduleJob(deps.env, pushBatchJob(dedupeKey), at);
}

/** The `push-batch:{dedupeKey}` job (push-sender.ts): the event's pushes to its whole audience. */
export const runPushBatchJob = flushEventPushes;
