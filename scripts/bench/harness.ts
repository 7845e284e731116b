// What every bench shares: a fresh local D1, D1 rows_read counting around the real service code, the
// built Worker served by workerd itself (Miniflare's own server, no Node proxy in front), and
// latency sampling through it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import { build, type Plugin } from "esbuild";
import { getPlatformProxy } from "wrangler";
import { ensureDevVars } from "../lib/dev-vars.mjs";
import { run } from "../lib/run.mjs";
import { type BuiltConfig, builtConfigFile, type ServedWorker, serveBuilt } from "../lib/serve-built.ts";

// The Worker reads .dev.vars (the build copies it beside its wrangler.json): without it (a fresh clone) every notification's
// e-mail fails for want of EMAIL_TOKEN_SECRET and the bench measures the error path.
ensureDevVars();

export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
export const PORT = Number(process.env.BENCH_PORT ?? 4174);
export const STATE = ".wrangler/bench-state";
export const OUT = "bench-results";

/** The p-th percentile of ascending samples (nearest rank). */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Median and p95 of samples in any order (sorts them in place). */
export function summarise(samples: number[]) {
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** The bench's local D1 as the last run left it (the search backfill is timed after the Worker stopped). */
export function openDatabase() {
  return getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", remoteBindings: false, persist: { path: `${STATE}/v3` } });
}

/** A fresh local D1 with the migrations applied, filled by `seed`. */
export async function prepareDatabase(seed: (db: D1Database) => Promise<void>) {
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
  await seed(proxy.env.DB);
  return proxy;
}

interface D1PreparedStatementLike {
  bind(...values: unknown[]): D1PreparedStatementLike;
  all(): Promise<{ meta: { rows_read: number } }>;
  run(): Promise<{ meta: { rows_read: number } }>;
  raw(...args: []): Promise<unknown[]>;
}

export interface ReadCounter {
  rowsRead: number;
  queries: number;
  /** When given, each statement's SQL and rows_read, to tell which reads a request's rows went to. */
  statements?: { sql: string; rowsRead: number; params: unknown[] }[];
}

/** Counts D1 rows_read for every statement the service runs (measurement only: raw() is re-run as all()). */
function instrument(db: D1Database, counter: ReadCounter): D1Database {
  const sqlOf = new WeakMap<object, string>();
  const count = (sql: string, rowsRead: number, params: unknown[] = []) => {
    counter.rowsRead += rowsRead;
    counter.queries++;
    counter.statements?.push({ sql, rowsRead, params });
  };
  const paramsOf = new WeakMap<object, unknown[]>();
  const wrapStatement = (statement: D1PreparedStatementLike, sql: string, params: unknown[] = []): D1PreparedStatementLike => {
    const wrapped = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(target.bind(...args), sql, args);
        if (prop === "raw") {
          return async (...args: unknown[]) => {
            const measured = await target.all();
            count(sql, measured.meta.rows_read, params);
            return target.raw(...(args as []));
          };
        }
        if (prop === "all" || prop === "run") {
          return async () => {
            const result = await target[prop]();
            count(sql, result.meta.rows_read, params);
            return result;
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    sqlOf.set(wrapped, sql);
    paramsOf.set(wrapped, params);
    return wrapped;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query) as unknown as D1PreparedStatementLike, query);
      if (prop === "batch") {
        // Services send several index walks in one batch (listLoans, the book's loan panel): count each.
        return async (statements: unknown[]) => {
          const results = (await target.batch(statements as never)) as { meta: { rows_read: number } }[];
          for (const [i, result] of results.entries()) {
            count(sqlOf.get(statements[i] as object) ?? "", result.meta.rows_read, paramsOf.get(statements[i] as object));
          }
          return results;
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A service context over the instrumented database, as the Worker would build it. */
export async function countingContext(db: D1Database, counter: ReadCounter, user: unknown = null) {
  const { drizzle } = await import("drizzle-orm/d1");
  const schema = await import("../../worker/db/schema.ts");
  return { db: drizzle(instrument(db, counter) as never, { schema }), env: {} as never, user };
}

/**
 * For esbuild bundles of Worker code: the catalogues are found by Vite's import.meta.glob, which
 * esbuild does not know. Benched services write English from the source texts: no catalogue needed.
 */
export const noCatalogues: Plugin = {
  name: "no-catalogues",
  setup: (b) => {
    b.onLoad({ filter: /worker[\\/]core[\\/]i18n[\\/]catalogues\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8").replace(/import\.meta\.glob<[^>]+>\([^;]*\);/, "{};"),
      loader: "ts",
    }));
    // Vite's `?inline` assets (the dev map tile, reached through the books feature's index) are not benched: empty.
    b.onResolve({ filter: /\?inline$/ }, (args) => ({ path: args.path, namespace: "inline-asset" }));
    b.onLoad({ filter: /.*/, namespace: "inline-asset" }, () => ({ contents: "export default '';", loader: "js" }));
  },
};

/** Vite's `?inline` assets (the dev map tile, which no benched service serves): an empty string in the bench's bundles. */
export const noInlineAssets: Plugin = {
  name: "no-inline-assets",
  setup: (b) => {
    b.onResolve({ filter: /\?inline$/ }, (args) => ({ path: args.path, namespace: "inline-asset" }));
    b.onLoad({ filter: /.*/, namespace: "inline-asset" }, () => ({ contents: 'export default "";', loader: "js" }));
  },
};

/** A service module bundled for Node, so the bench runs the same code the Worker does. */
export async function loadService<T>(entry: string): Promise<T> {
  mkdirSync(OUT, { recursive: true });
  const outfile = path.resolve(OUT, `${path.basename(entry, ".ts")}-service.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "error",
    // The `~/` and `@worker/` aliases.
    tsconfig: "tsconfig.cloudflare.json",
    plugins: [noCatalogues, noInlineAssets],
  });
  return import(pathToFileURL(outfile).href) as Promise<T>;
}

export type { ServedWorker };

/**
 * Builds the app and serves the build from Miniflare's own server (scripts/lib/serve-built.ts) over the
 * bench database. (`vite preview` put a Node proxy in front of every request and socket, and `wrangler
 * dev` its proxy Worker; both were in the figures.) `configure` may adjust the built Worker's
 * configuration first (for example lift a rate limit the bench would trip).
 */
export async function startWorker(
  configure?: (config: BuiltConfig) => void,
  { inspectorPort, outbound }: { inspectorPort?: number; outbound?: (request: Request) => Promise<Response> } = {},
): Promise<ServedWorker> {
  await run("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  const file = builtConfigFile();
  const config = JSON.parse(readFileSync(file, "utf8")) as BuiltConfig;
  configure?.(config);
  writeFileSync(file, JSON.stringify(config));
  // scripts/bench/profile.ts reads CPU profiles from workerd's inspector. workerd's own lines (uncaught errors, a Durable
  // Object or queue consumer failing) go to the bench's stderr, stamped, so a broken connection can be matched to what the
  // Worker was doing.
  return serveBuilt({
    port: PORT,
    state: STATE,
    inspectorPort,
    outbound,
    onLog: (level, message) => process.stderr.write(`[workerd ${level} ${new Date().toISOString()}] ${message}\n`),
  });
}

// One keep-alive connection pool for every bench request. Node's fetch (undici) spends 1-2 ms of the
// bench machine's CPU on each request (measured: /about 6.3 ms through fetch, 4.6 through node:http),
// and the client shares the two cores with workerd, so fetch's share would be counted as the Worker's.
// Bounded: the burst row's 1,000 concurrent sends opened 1,000 fresh connections at once (maxSockets was unlimited), and
// workerd hung up on some of them before answering ("socket hang up" on a new socket, not a reused one); a real client
// keeps a few connections per origin and queues the rest, so the pool does too.
export const MAX_SOCKETS = Number(process.env.BENCH_MAX_SOCKETS ?? 64);
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });

export interface BenchResponse {
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request to the Worker over the bench's keep-alive pool, its body read whole. */
export function benchRequest(url: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<BenchResponse>((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", reject);
    });
    request.on("error", (error: Error) => {
      // Say which request broke and whether it was on a pooled socket the server may have closed meanwhile.
      reject(new Error(`${method} ${url}: ${error.message} (reused keep-alive socket: ${request.reusedSocket})`, { cause: error }));
    });
    request.end(body);
  });
}

/** A one-line stage marker on stderr (with the time), so a failing run says which row it was in. */
export function stage(name: string) {
  process.stderr.write(`[bench ${new Date().toISOString()}] ${name}\n`);
}

/** Median and p95 of SAMPLES sequential requests, after 20 to warm up. */
export async function measure(url: string, headers: Record<string, string> = {}) {
  const get = async () => {
    const response = await benchRequest(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  };
  for (let i = 0; i < 20; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await get();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}
