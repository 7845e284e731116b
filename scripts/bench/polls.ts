// Poll counting at 1,000 ballots: the count a poll's close stores (worker/features/club-polls/poll-count.ts),
// bundled for Node like the other benched services, over seeded random ballots. `npm run bench` runs
// it after the Worker scenarios (bench-results/polls.md); alone: `node scripts/bench/polls.ts`.
// Env: BENCH_BALLOTS (default 1000), BENCH_SAMPLES (default 200).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { loadService, OUT, SAMPLES } from "./harness.ts";

const BALLOTS = Number(process.env.BENCH_BALLOTS ?? 1_000);

interface CountModule {
  countRankedChoice(options: { optionId: string; position: number }[], ballots: string[][]): { rounds?: unknown[] };
  countVotes(kind: "date" | "choice", options: { optionId: string; position: number }[], ballots: string[][]): unknown;
}

/** A small seeded generator, so every run counts the same ballots. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function time(run: () => unknown) {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95) };
}

export async function benchPollCounting(): Promise<string> {
  const count = await loadService<CountModule>("worker/features/club-polls/poll-count.ts");
  const next = random(24);
  const options = (n: number) => Array.from({ length: n }, (_, position) => ({ optionId: `option-${position}`, position }));
  // Ranked ballots rank 1 to all 10 candidates in a shuffled order, leaning towards a few favourites so the runoff takes several rounds.
  const books = options(10);
  const ranked = Array.from({ length: BALLOTS }, () => {
    const order = [...books].sort(() => next() - 0.5 + (next() < 0.3 ? 0.2 : 0));
    return order.slice(0, 1 + Math.floor(next() * books.length)).map((option) => option.optionId);
  });
  const slots = options(20);
  const approval = Array.from({ length: BALLOTS }, () => slots.filter(() => next() < 0.4).map((option) => option.optionId));
  const rounds = count.countRankedChoice(books, ranked).rounds?.length ?? 0;
  const runoff = time(() => count.countRankedChoice(books, ranked));
  const ticks = time(() => count.countVotes("date", slots, approval));
  return [
    `Poll counting at ${BALLOTS.toLocaleString("en-US")} ballots (the count a close stores), ${SAMPLES} runs each, Node:`,
    "",
    "| poll | median ms | p95 ms |",
    "|---|---:|---:|",
    `| book poll: ranked choice, 10 candidates, instant runoff (${rounds} rounds) | ${runoff.median.toFixed(2)} | ${runoff.p95.toFixed(2)} |`,
    `| date poll: approval, 20 slots | ${ticks.median.toFixed(2)} | ${ticks.p95.toFixed(2)} |`,
  ].join("\n");
}

if (import.meta.main) {
  const report = await benchPollCounting();
  console.log(`\n${report}\n`);
  writeFileSync(path.join(OUT, "polls.md"), `${report}\n`);
}
