// CSV import: a Goodreads export of 5,000 books through the real import services (parse, job and
// rows stored, 100 queue batches of 50 with lookups, cover copies into R2 and D1 batches) on local
// Miniflare, with recorded metadata answers, so the figure is our pipeline's cost, not Google's.
// Reports the time until every book is on the shelf with its metadata and cover, and the D1 rows
// written per book. `node scripts/bench/import.ts`; Env: BENCH_IMPORT_ROWS (default 5000),
// BENCH_IMPORT_CONCURRENCY (default "1,4": consumer invocations in flight).
import { readFileSync } from "node:fs";
import { startBenchWorker } from "./bench-worker.ts";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const CONCURRENCY = (process.env.BENCH_IMPORT_CONCURRENCY ?? "1,4").split(",").map(Number);
const THUMBNAIL = readFileSync("tests/covers/fixtures/front-cover-no-barcode.jpg");

const { post, dispose } = await startBenchWorker("tests/imports/bench/import-bench-worker.ts");

interface Outcome {
  books: number;
  enriched: number;
  job: string;
  messages: number;
  storedMs: number;
  totalMs: number;
  rowsWritten: number;
  statements: number;
  coversInR2: number;
}

try {
  const rows = [
    `CSV import of ${ROWS.toLocaleString("en-US")} Goodreads rows (recorded metadata answers, covers copied into R2), local Miniflare:`,
    "",
    "| consumer invocations in flight | job stored (parse + rows) | every book visible and enriched | books/s | D1 rows written per book | D1 statements per book | outcome |",
    "|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const [run, concurrency] of CONCURRENCY.entries()) {
    // The bench Worker writes the export itself (with the app's own CSV writer): each run gets fresh ISBNs.
    const started = performance.now();
    const job = await post<{ userId: string; jobId: string; messages: unknown[] }>(
      "/start",
      JSON.stringify({ rows: ROWS, offset: run * ROWS, thumbnail: [...THUMBNAIL] }),
    );
    const storedMs = performance.now() - started;
    // Each message is its own invocation (as the queue delivers them), `concurrency` at a time.
    await Promise.all(
      Array.from({ length: concurrency }, async (_, lane) => {
        for (let i = lane; i < job.messages.length; i += concurrency) await post("/batch", JSON.stringify(job.messages[i]));
      }),
    );
    const totalMs = performance.now() - started;
    const outcome = {
      ...(await post<Omit<Outcome, "storedMs" | "totalMs" | "messages">>("/result", JSON.stringify(job))),
      storedMs,
      totalMs,
      messages: job.messages.length,
    };
    if (outcome.books !== ROWS || outcome.enriched !== ROWS || outcome.job !== "done") throw new Error(`Incomplete import: ${JSON.stringify(outcome)}`);
    rows.push(
      `| ${concurrency} | ${(outcome.storedMs / 1000).toFixed(2)} s | ${(outcome.totalMs / 1000).toFixed(1)} s | ${(ROWS / (outcome.totalMs / 1000)).toFixed(0)} | ${(outcome.rowsWritten / ROWS).toFixed(2)} | ${(outcome.statements / ROWS).toFixed(2)} | ${outcome.books} books, ${outcome.enriched} enriched, ${outcome.coversInR2} covers in R2, ${outcome.messages} messages |`,
    );
  }
  console.log(`\n${rows.join("\n")}\n`);
} finally {
  await dispose();
}
