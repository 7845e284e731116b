// CSV import: a Goodreads export of 5,000 books through the real import services (parse, job and
// rows stored, 100 queue batches of 50 with lookups, cover copies into R2 and D1 batches) on local
// Miniflare, with recorded metadata answers, so the figure is our pipeline's cost, not Google's.
// Reports the time until every book is on the shelf with its metadata and cover, and the D1 rows
// written per book. `node scripts/bench/import.ts`; Env: BENCH_IMPORT_ROWS (default 5000),
// BENCH_IMPORT_CONCURRENCY (default "1,4": consumer invocations in flight).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const CONCURRENCY = (process.env.BENCH_IMPORT_CONCURRENCY ?? "1,4").split(",").map(Number);
const THUMBNAIL = readFileSync("tests/covers/fixtures/front-cover-no-barcode.jpg");

function migrationStatements(): string[] {
  return readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(path.join("migrations", name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

const wasmModules = new Map<string, string>();
const bundle = await build({
  entryPoints: ["tests/import/bench/import-bench-worker.ts"],
  bundle: true,
  write: false,
  format: "esm",
  platform: "browser",
  conditions: ["workerd", "worker", "browser"],
  target: "es2022",
  logLevel: "error",
  plugins: [
    {
      // The ISBN lookup's module graph reaches the barcode reader: its `.wasm?module` becomes a module of its own.
      name: "compiled-wasm",
      setup(bundler) {
        bundler.onResolve({ filter: /\.wasm\?module$/ }, async (args) => {
          const resolved = await bundler.resolve(args.path.replace(/\?module$/, ""), { kind: args.kind, resolveDir: args.resolveDir });
          const name = path.basename(resolved.path);
          wasmModules.set(name, resolved.path);
          return { path: `./${name}`, external: true };
        });
      },
    },
  ],
});
const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: [
      { type: "ESModule", path: "worker.mjs", contents: bundle.outputFiles[0]!.text },
      ...[...wasmModules].map(([name, file]) => ({ type: "CompiledWasm" as const, path: name, contents: readFileSync(file) })),
    ],
    compatibilityDate: "2026-10-15",
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: ["DB"],
    r2Buckets: ["MEDIA"],
  }),
);

async function post<T>(pathname: string, body: string): Promise<T> {
  const response = await mf.dispatchFetch(`http://bench${pathname}`, { method: "POST", body });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

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
  await post("/migrate", JSON.stringify(migrationStatements()));
  const rows = [
    `CSV import of ${ROWS.toLocaleString("en-US")} Goodreads rows (recorded metadata answers, covers copied into R2), local Miniflare:`,
    "",
    "| consumer invocations in flight | job stored (parse + rows) | every book visible and enriched | books/s | D1 rows written per book | D1 statements per book | outcome |",
    "|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const [run, concurrency] of CONCURRENCY.entries()) {
    // The bench Worker writes the export itself (with the app's own CSV writer): each run gets fresh ISBNs.
    const started = performance.now();
    const job = await post<{ userId: string; jobId: string; messages: unknown[] }>("/start", JSON.stringify({ rows: ROWS, offset: run * ROWS, thumbnail: [...THUMBNAIL] }));
    const storedMs = performance.now() - started;
    // Each message is its own invocation (as the queue delivers them), `concurrency` at a time.
    await Promise.all(
      Array.from({ length: concurrency }, async (_, lane) => {
        for (let i = lane; i < job.messages.length; i += concurrency) await post("/batch", JSON.stringify(job.messages[i]));
      }),
    );
    const totalMs = performance.now() - started;
    const outcome = { ...(await post<Omit<Outcome, "storedMs" | "totalMs" | "messages">>("/result", JSON.stringify(job))), storedMs, totalMs, messages: job.messages.length };
    if (outcome.books !== ROWS || outcome.enriched !== ROWS || outcome.job !== "done") throw new Error(`Incomplete import: ${JSON.stringify(outcome)}`);
    rows.push(
      `| ${concurrency} | ${(outcome.storedMs / 1000).toFixed(2)} s | ${(outcome.totalMs / 1000).toFixed(1)} s | ${(ROWS / (outcome.totalMs / 1000)).toFixed(0)} | ${(outcome.rowsWritten / ROWS).toFixed(2)} | ${(outcome.statements / ROWS).toFixed(2)} | ${outcome.books} books, ${outcome.enriched} enriched, ${outcome.coversInR2} covers in R2, ${outcome.messages} messages |`,
    );
  }
  console.log(`\n${rows.join("\n")}\n`);
} finally {
  await mf.dispose();
}
