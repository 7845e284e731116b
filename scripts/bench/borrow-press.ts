// The book page's "Borrow from {owner}" press (POST /api/loans/borrow): how many D1 round trips and
// Durable Object calls it makes before it answers, counted in the Workers runtime by
// tests/loans/borrow-round-trips.unit.test.ts (real D1 and Durable Objects; each awaited statement or
// db.batch is one round trip, each stub call one DO call), then its p50/p95 through the built Worker:
// a first press (a new request, its line and message) and a second (already asked: the chat opens).
// `node scripts/bench/borrow-press.ts`. Env: BENCH_BORROW_PRESSES (default 100).
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { benchRequest, OUT, PORT, percentile, prepareDatabase, startWorker } from "./harness.ts";
import { seedBenchSession } from "./seed-bench.ts";

const exec = promisify(execFile);
const PRESSES = Number(process.env.BENCH_BORROW_PRESSES ?? 100);
const OWNER = "bench-borrow-owner";
const READER = "bench-borrow-reader";
const TOKEN = "benchborrowbenchborrowbenchborro";
const sessionId = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

interface Trips {
  d1: number;
  durableObjects: number;
}
type Counted = Record<"first" | "second", { before: Trips; after: Trips }>;

/** The counts, from the test that makes them in the Workers runtime (it needs the build, which startWorker makes). */
async function countTrips(): Promise<Counted> {
  const { stdout: output } = await exec("npx", ["vitest", "run", "tests/loans/borrow-round-trips.unit.test.ts"], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => {
      throw new Error(`The round-trip test failed:\n${error.stdout ?? ""}`, { cause: error });
    },
  );
  const line = /BORROW_PRESS_TRIPS (\{.*\})/.exec(output);
  if (!line) throw new Error(`The round-trip test printed no counts:\n${output}`);
  return JSON.parse(line[1]!) as Counted;
}

const proxy = await prepareDatabase(async (db) => {
  const now = Date.now();
  await db.batch([
    db.prepare("INSERT INTO users (id, email, name, is_demo, created_at) VALUES (?, ?, ?, 0, ?)").bind(OWNER, "borrow-owner@bench.test", "Olive Owner", now),
    db.prepare("INSERT INTO users (id, email, name, is_demo, created_at) VALUES (?, ?, ?, 0, ?)").bind(READER, "borrow-reader@bench.test", "Rafa Reader", now),
  ]);
  for (let i = 0; i < PRESSES; i += 50) {
    const rows = Array.from({ length: Math.min(50, PRESSES - i) }, (_, j) => i + j);
    await db.batch(
      rows.map((n) =>
        db
          .prepare("INSERT INTO books (id, user_id, title, author, status, analysis_state, created_at) VALUES (?, ?, ?, 'Bench', 'available', 'none', ?)")
          .bind(`bench-borrow-${n}`, OWNER, `Borrowed ${n}`, now),
      ),
    );
  }
  await seedBenchSession(db, READER, sessionId(TOKEN));
});
await proxy.dispose();

// The bench measures the press, not the per-member limits it would trip (loan writes, new conversations, messages).
const worker = await startWorker((config) => {
  for (const limiter of config.ratelimits ?? []) limiter.simple.limit = 1_000_000;
});
try {
  const press = async (n: number) => {
    const started = performance.now();
    const response = await benchRequest(`http://localhost:${PORT}/api/loans/borrow`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ bookId: `bench-borrow-${n}`, requestId: crypto.randomUUID() }),
    });
    if (!response.ok) throw new Error(`The press answered ${response.status}: ${response.text}`);
    return performance.now() - started;
  };
  const first: number[] = [];
  const second: number[] = [];
  for (let n = 0; n < PRESSES; n++) first.push(await press(n));
  for (let n = 0; n < PRESSES; n++) second.push(await press(n));
  first.sort((a, b) => a - b);
  second.sort((a, b) => a - b);
  const trips = await countTrips();
  const report = [
    `"Borrow from {owner}" press (POST /api/loans/borrow), ${PRESSES} presses each, local Miniflare; round trips and DO calls before the answer (after it in brackets):`,
    "",
    "| press | D1 round trips | Durable Object calls | median ms | p95 ms |",
    "|---|---:|---:|---:|---:|",
    `| first (asks, posts the line and the message) | ${trips.first.before.d1} (${trips.first.after.d1}) | ${trips.first.before.durableObjects} (${trips.first.after.durableObjects}) | ${percentile(first, 50).toFixed(1)} | ${percentile(first, 95).toFixed(1)} |`,
    `| second (already asked: the chat opens) | ${trips.second.before.d1} (${trips.second.after.d1}) | ${trips.second.before.durableObjects} (${trips.second.after.durableObjects}) | ${percentile(second, 50).toFixed(1)} | ${percentile(second, 95).toFixed(1)} |`,
  ].join("\n");
  console.log(`\n${report}\n`);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, "borrow-press.md"), `${report}\n`);
} finally {
  await worker.stop();
}
