// Cover-analysis throughput: books analysed per second through the real queue consumer (D1, R2,
// enrichment, conditional writes) on local Miniflare, with recorded provider answers so the figure
// is our pipeline's cost, not a model's latency. `node scripts/bench-queue.ts`
// Env: BENCH_COVER_BOOKS (default 200), BENCH_COVER_CONCURRENCY (default "1,4"),
// BENCH_COVER_PROVIDERS (default "workers-ai,local").
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";

const BOOKS = Number(process.env.BENCH_COVER_BOOKS ?? 200);
const CONCURRENCY = (process.env.BENCH_COVER_CONCURRENCY ?? "1,4").split(",").map(Number);
const PROVIDERS = (process.env.BENCH_COVER_PROVIDERS ?? "workers-ai,local").split(",");
const FIXTURE = "tests/covers/fixtures/isbn-back-cover.jpg";

function migrationStatements(): string[] {
  return readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(path.join("migrations", name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** `.wasm?module` imports become modules of their own (CompiledWasm), as the Vite plugin makes them. */
const wasmModules = new Map<string, string>();

async function bundleWorker(): Promise<string> {
  const result = await build({
    entryPoints: ["tests/covers/bench/queue-bench-worker.ts"],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    target: "es2022",
    logLevel: "error",
    plugins: [
      {
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
  return result.outputFiles[0]!.text;
}

const script = await bundleWorker();
const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: [
      { type: "ESModule", path: "worker.mjs", contents: script },
      ...[...wasmModules].map(([name, file]) => ({ type: "CompiledWasm" as const, path: name, contents: readFileSync(file) })),
    ],
    compatibilityDate: "2026-10-15",
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: ["DB"],
    r2Buckets: ["MEDIA"],
  }),
);

/** POSTs to the bench Worker and returns its JSON answer. */
async function post<T>(pathname: string, body: string | Uint8Array): Promise<T> {
  const send = () => mf.dispatchFetch(`http://bench${pathname}`, { method: "POST", body });
  // After a long request the pooled connection is sometimes reset before the next one is sent.
  const response = await send().catch(send).catch((error: unknown) => {
    throw new Error(`${pathname} failed`, { cause: error });
  });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

try {
  await post("/migrate", JSON.stringify(migrationStatements()));
  const image = readFileSync(FIXTURE);
  const rows: string[] = [
    `Cover analysis through the queue consumer, ${BOOKS} books per run, batches of 5, local Miniflare:`,
    "",
    "| provider | consumer invocations in flight | books/s | outcome |",
    "|---|---:|---:|---|",
  ];
  let run = 0;
  for (const provider of PROVIDERS) {
    for (const concurrency of CONCURRENCY) {
      run++;
      const bodies = await post<unknown[]>(`/seed?run=${run}&books=${BOOKS}`, new Uint8Array(image));
      const started = performance.now();
      const outcome = await post<Record<string, number>>(
        `/analyze?run=${run}&provider=${provider}&concurrency=${concurrency}`,
        JSON.stringify(bodies),
      );
      const seconds = (performance.now() - started) / 1000;
      const label = provider === "local" ? "local (JPEG decode + EAN-13 scan)" : "workers-ai (recorded answer)";
      rows.push(`| ${label} | ${concurrency} | ${(BOOKS / seconds).toFixed(1)} | ${JSON.stringify(outcome)} |`);
    }
  }
  console.log(`\n${rows.join("\n")}\n`);
} finally {
  await mf.dispose();
}
