// Club announcements through the Worker at the bench's scale: the request in a two-member club (its
// notices written at once, after the answer) and in a 1,000-member club (one message on the
// notice-fanout queue, written set-based by its consumer), then the time until the queue is drained
// and the rows it wrote, counted in the bench database (each member's bell, e-mail and push rows).
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { benchRequest, STATE, summarise } from "./harness.ts";

/** The bench's D1 database file, read-only beside the running Worker (SQLite allows readers while it writes). */
function benchDatabase(): DatabaseSync {
  const dir = path.join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`No D1 database in ${dir}`);
  return new DatabaseSync(path.join(dir, file), { readOnly: true });
}

async function announce(base: string, clubId: string, token: string, i: number) {
  const started = performance.now();
  const response = await benchRequest(`${base}/api/clubs/${clubId}/room/announcements`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ content: `Bench announcement ${i}: we meet on Thursday.` }),
  }).catch(async (error: Error) => {
    const probe = await fetch(`${base}/api/books?limit=1`).then(
      (r) => `answers ${r.status}`,
      (e: Error) => `does not answer (${e.message}: ${String((e as { cause?: unknown }).cause)})`,
    );
    throw new Error(`announcement ${i} in ${clubId} failed; the Worker ${probe}`, { cause: error });
  });
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`The announcement answered ${response.status}: ${response.text.slice(0, 300)}`);
  const { data } = JSON.parse(response.text) as { data: { messageId: string } };
  return { ms, messageId: data.messageId };
}

/** `samples` announcements in each club, one after another; then waits for the large club's last one to be written. */
export async function measureAnnouncements(
  base: string,
  token: string,
  clubs: { pair: string; crowd: string },
  crowd: number,
  samples: number,
  pushesReceived: () => number,
) {
  const times = { pair: [] as number[], crowd: [] as number[] };
  const crowdIds: string[] = [];
  for (let i = 0; i < samples; i++) times.pair.push((await announce(base, clubs.pair, token, i)).ms);
  let lastAnswered = 0;
  for (let i = 0; i < samples; i++) {
    const { ms, messageId } = await announce(base, clubs.crowd, token, i);
    times.crowd.push(ms);
    // A slow answer on stderr with its time, to match against workerd's lines (the queue's batches, the push jobs).
    if (ms > 1_000) process.stderr.write(`[bench ${new Date().toISOString()}] announcement ${i} in the crowd club took ${ms.toFixed(0)} ms\n`);
    crowdIds.push(messageId);
    lastAnswered = performance.now();
  }
  const db = benchDatabase();
  const keys = crowdIds.map((id) => `club-announcement:${id}`);
  const placeholders = keys.map(() => "?").join(", ");
  const bells = () => (db.prepare(`SELECT count(*) AS n FROM notifications WHERE dedupe_key IN (${placeholders})`).get(...keys) as { n: number }).n;
  const deadline = Date.now() + 300_000;
  while (bells() < samples * crowd && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  const drainedMs = performance.now() - lastAnswered;
  // Then the push-batch jobs: every crowd member has one device, so each announcement is `crowd` pushes.
  const pushDeadline = Date.now() + 300_000;
  while (pushesReceived() < samples * crowd && Date.now() < pushDeadline) await new Promise((resolve) => setTimeout(resolve, 25));
  const pushedMs = performance.now() - lastAnswered;
  const count = (query: string) => (db.prepare(query).get(...keys) as { n: number }).n;
  const written = {
    bells: bells(),
    bellMembers: count(`SELECT count(DISTINCT user_id) AS n FROM notifications WHERE dedupe_key IN (${placeholders})`),
    // The most rows any one member has for one announcement: 1 is exactly once.
    bellMost: count(
      `SELECT coalesce(max(c), 0) AS n FROM (SELECT count(*) AS c FROM notifications WHERE dedupe_key IN (${placeholders}) GROUP BY user_id, dedupe_key)`,
    ),
    pushes: count(`SELECT count(*) AS n FROM push_outbox WHERE dedupe_key IN (${placeholders})`),
    pushMost: count(
      `SELECT coalesce(max(c), 0) AS n FROM (SELECT count(*) AS c FROM push_outbox WHERE dedupe_key IN (${placeholders}) GROUP BY user_id, dedupe_key)`,
    ),
    mailMembers: (db.prepare("SELECT count(DISTINCT user_id) AS n FROM email_outbox WHERE user_id LIKE 'bench-crowd-%'").get() as { n: number }).n,
    mails: (db.prepare("SELECT count(*) AS n FROM email_outbox WHERE user_id LIKE 'bench-crowd-%'").get() as { n: number }).n,
  };
  db.close();
  return {
    pair: summarise(times.pair),
    crowd: summarise(times.crowd),
    drainedMs,
    drained: written.bells >= samples * crowd,
    pushedMs,
    pushed: pushesReceived() >= samples * crowd,
    written,
  };
}
