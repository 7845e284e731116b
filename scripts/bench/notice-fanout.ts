// Club notices: an announcement's notice step in a 2-member and a 1,000-member club, as the request
// runs it (a handful told at once by notify(); a large club only enqueued on notice-fanout), then the
// queue consumer's set-based writes for the large club, delivered twice to show nothing is written
// twice. Follower notices the same way: a member with 1 and with 1,000 followers, their new-book
// window's job (told inline, or only enqueued), then the consumer. Local Miniflare, no e-mail
// provider (the local outbox) and no push key; the request's other work (the room's Durable Object)
// is not in the figure. `node scripts/bench/notice-fanout.ts`
// Env: BENCH_NOTICE_MEMBERS (default 1000, also the followers), BENCH_SAMPLES (default 20 here).
import { startBenchWorker } from "./bench-worker.ts";

const MEMBERS = Number(process.env.BENCH_NOTICE_MEMBERS ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);

const { post, dispose } = await startBenchWorker("tests/notifications/bench/notice-fanout-bench-worker.ts");

type Club = { clubId: string; adminId: string };
type Step = { ms: number; rowsWritten: number; statements: number };
type Queued = { dedupeKey: string; clubId?: string };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const rows = [
    `Club announcement notices, ${SAMPLES} announcements per club, local Miniflare (no provider, no push key):`,
    "",
    "| club | notice step in the request p50 / p95 ms | rows written by the request | queue drained (one delivery) ms | rows written by the consumer | bells / e-mails after a redelivery |",
    "|---|---:|---:|---:|---:|---|",
  ];
  for (const members of [1, MEMBERS]) {
    const club = await post<Club>("/seed", JSON.stringify({ members }));
    const requestMs: number[] = [];
    let requestRows = 0;
    let consumerMs = 0;
    let consumerRows = 0;
    let counts = "";
    for (let i = 0; i < SAMPLES; i++) {
      const step = await post<Step & { queued: Queued[] }>("/announce", JSON.stringify(club));
      requestMs.push(step.ms);
      requestRows = step.rowsWritten;
      const [queued] = step.queued;
      if (!queued || i < SAMPLES - 1) {
        // Every announcement is drained, so the next one's e-mail joins the digest as in a real day.
        if (queued) await post<Step>("/consume", JSON.stringify(queued));
        continue;
      }
      const first = await post<Step>("/consume", JSON.stringify(queued));
      await post<Step>("/consume", JSON.stringify(queued));
      consumerMs = first.ms;
      consumerRows = first.rowsWritten;
      const count = await post<{ bells: number; bellMembers: number; mails: number }>("/count", JSON.stringify(queued));
      if (count.bells !== members || count.bellMembers !== members) throw new Error(`Not exactly once: ${JSON.stringify(count)}`);
      counts = `${count.bells} / ${count.mails} (day's claim rows)`;
    }
    requestMs.sort((a, b) => a - b);
    rows.push(
      `| ${members + 1} members | ${percentile(requestMs, 50).toFixed(2)} / ${percentile(requestMs, 95).toFixed(2)} | ${requestRows} | ${consumerMs ? consumerMs.toFixed(0) : "— (told inline)"} | ${consumerRows || "—"} | ${counts || "—"} |`,
    );
  }
  rows.push(
    "",
    `Follower new-book notices, ${SAMPLES} windows per member, local Miniflare (no provider, no push key):`,
    "",
    "| followers | the window's job p50 / p95 ms | rows written by the job | queue drained (one delivery) ms | rows written by the consumer | bells / e-mails after a redelivery |",
    "|---|---:|---:|---:|---:|---|",
  );
  for (const followers of [1, MEMBERS]) {
    const { ownerId } = await post<{ ownerId: string }>("/seed-followers", JSON.stringify({ followers }));
    const jobMs: number[] = [];
    let jobRows = 0;
    let consumerMs = 0;
    let consumerRows = 0;
    let counts = "";
    for (let i = 0; i < SAMPLES; i++) {
      const step = await post<Step & { queued: Queued[] }>("/new-books", JSON.stringify({ ownerId, sample: i }));
      jobMs.push(step.ms);
      jobRows = step.rowsWritten;
      const [queued] = step.queued;
      if (!queued || i < SAMPLES - 1) continue;
      const first = await post<Step>("/consume", JSON.stringify(queued));
      await post<Step>("/consume", JSON.stringify(queued));
      consumerMs = first.ms;
      consumerRows = first.rowsWritten;
      const count = await post<{ bells: number; bellMembers: number; mails: number }>("/count", JSON.stringify({ dedupeKey: queued.dedupeKey }));
      if (count.bells !== followers || count.bellMembers !== followers || count.mails !== followers)
        throw new Error(`Not exactly once: ${JSON.stringify(count)}`);
      counts = `${count.bells} / ${count.mails}`;
    }
    jobMs.sort((a, b) => a - b);
    rows.push(
      `| ${followers} | ${percentile(jobMs, 50).toFixed(2)} / ${percentile(jobMs, 95).toFixed(2)} | ${jobRows} | ${consumerMs ? consumerMs.toFixed(0) : "— (told inline)"} | ${consumerRows || "—"} | ${counts || "—"} |`,
    );
  }
  console.log(`\n${rows.join("\n")}\n`);
} finally {
  await dispose();
}
