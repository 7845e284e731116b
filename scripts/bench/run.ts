// `npm run bench`: 100,000 books in a fresh local D1, then the library listing measured through the
// Worker (latency) and through the same service code on the same database (D1 rows_read).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { getPlatformProxy } from "wrangler";
import type { D1Database } from "@cloudflare/workers-types";
import { run } from "../lib/run.mjs";
import { seedBenchBooks } from "./seed-bench.ts";

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 4174);
const STATE = ".wrangler/bench-state";
const OUT = "bench-results";

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function prepareDatabase() {
  rmSync(STATE, { recursive: true, force: true });
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], {
    env: { ...process.env, CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: "wrangler.toml",
    remoteBindings: false,
    persist: { path: `${STATE}/v3` },
  });
  const started = performance.now();
  await seedBenchBooks(proxy.env.DB, BOOKS);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Seeded ${BOOKS.toLocaleString("en-US")} books in ${seconds} s`);
  return proxy;
}

/** Counts D1 rows_read for every statement the service runs (measurement only: raw() is re-run as all()). */
function instrument(db: D1Database, counter: { rowsRead: number; queries: number }): D1Database {
  const wrapStatement = (statement: D1PreparedStatementLike): D1PreparedStatementLike =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(target.bind(...args));
        if (prop === "raw") {
          return async (...args: unknown[]) => {
            const measured = await target.all();
            counter.rowsRead += measured.meta.rows_read;
            counter.queries++;
            return target.raw(...(args as []));
          };
        }
        if (prop === "all" || prop === "run") {
          return async () => {
            const result = await target[prop]();
            counter.rowsRead += result.meta.rows_read;
            counter.queries++;
            return result;
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query) as unknown as D1PreparedStatementLike);
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

interface D1PreparedStatementLike {
  bind(...values: unknown[]): D1PreparedStatementLike;
  all(): Promise<{ meta: { rows_read: number } }>;
  run(): Promise<{ meta: { rows_read: number } }>;
  raw(...args: []): Promise<unknown[]>;
}

// The bundled service module, seen from Node: only the two functions the bench calls.
interface LibraryModule {
  listLibraryBooks(ctx: unknown, query: unknown): Promise<unknown>;
  countLibraryBooks(ctx: unknown, query: unknown): Promise<unknown>;
}

async function loadServices(): Promise<LibraryModule> {
  mkdirSync(OUT, { recursive: true });
  const outfile = path.resolve(OUT, "library-service.mjs");
  await build({
    entryPoints: ["worker/services/library.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "error",
  });
  return import(pathToFileURL(outfile).href) as Promise<LibraryModule>;
}

async function startWorker(): Promise<ChildProcess> {
  const child = spawn("vite", ["preview", "--port", String(PORT), "--strictPort"], {
    env: { ...process.env, WRANGLER_STATE: STATE, PORT: String(PORT) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${PORT}/api/books?limit=1`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error("The Worker did not start within 60 s");
}

async function measure(url: string) {
  for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

const deepCursor = `c${Math.floor(BOOKS / 2).toString(36)}`;
const scenarios = [
  { name: "page 1 (API, 25)", url: "/api/books?limit=25&bare=1", query: { limit: 25 } },
  { name: `deep page (API, cursor at ${Math.floor(BOOKS / 2)})`, url: `/api/books?limit=25&bare=1&nextToken=${deepCursor}`, query: { limit: 25, nextToken: Math.floor(BOOKS / 2) } },
  { name: "search 'river' (API, 25)", url: "/api/books?limit=25&bare=1&search=river", query: { limit: 25, search: "river" } },
  { name: "search 'amber observatory' (API, 25)", url: "/api/books?limit=25&bare=1&search=amber%20observatory", query: { limit: 25, search: "amber observatory" } },
  { name: "page 1 (SSR /library)", url: "/library", query: { limit: 25 } },
  { name: "deep page (SSR /library)", url: `/library?nextToken=${deepCursor}&page=2001`, query: { limit: 25, nextToken: Math.floor(BOOKS / 2) } },
];

const proxy = await prepareDatabase();
const library = await loadServices();
const rows: string[] = [];
try {
  const { drizzle } = await import("drizzle-orm/d1");
  const schema = await import("../../worker/db/schema.ts");
  const reads = new Map<string, { list: number; count: number; queries: number }>();
  for (const scenario of scenarios) {
    const listCounter = { rowsRead: 0, queries: 0 };
    const countCounter = { rowsRead: 0, queries: 0 };
    const ctx = (counter: typeof listCounter) => ({
      db: drizzle(instrument(proxy.env.DB, counter) as never, { schema }),
      env: {} as never,
      user: null,
    });
    await library.listLibraryBooks(ctx(listCounter), scenario.query);
    await library.countLibraryBooks(ctx(countCounter), scenario.query);
    reads.set(scenario.name, { list: listCounter.rowsRead, count: countCounter.rowsRead, queries: listCounter.queries + countCounter.queries });
  }
  await proxy.dispose();

  await run("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  const worker = await startWorker();
  try {
    const check = (await (await fetch(`http://localhost:${PORT}/api/books?limit=1`)).json()) as { data: { total: number } };
    if (check.data.total !== BOOKS) throw new Error(`Expected ${BOOKS} books, the Worker sees ${check.data.total}`);
    rows.push(`Library listing over ${BOOKS.toLocaleString("en-US")} books, ${SAMPLES} sequential requests each, local Miniflare:`);
    rows.push("");
    rows.push("| scenario | median ms | p95 ms | D1 rows_read (listing + count) |");
    rows.push("|---|---:|---:|---:|");
    for (const scenario of scenarios) {
      const timing = await measure(`http://localhost:${PORT}${scenario.url}`);
      const read = reads.get(scenario.name)!;
      rows.push(
        `| ${scenario.name} | ${timing.median.toFixed(1)} | ${timing.p95.toFixed(1)} | ${read.list + read.count} (${read.list} + ${read.count}) |`,
      );
    }
  } finally {
    worker.kill();
  }
} finally {
  await proxy.dispose().catch(() => {});
}
const report = rows.join("\n");
console.log(`\n${report}\n`);
writeFileSync(path.join(OUT, "library.md"), `${report}\n`);
