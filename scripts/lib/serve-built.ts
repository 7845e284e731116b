// Serves the built page Worker (<build>/server) and the barcode Worker from Miniflare's own server:
// workerd listens on the port itself, with the build's bindings, assets, queues and Durable Objects,
// over a persisted local state. `vite preview` puts a Node proxy in front of every request and socket
// (on the 2-core CI machine it used half a core during the journeys); the bench and the journeys use this.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { barcodeWorkerConfig, builtWorkerOptions } from "./built-worker.ts";

/** The parts of the built wrangler.json a caller may adjust before it is served. */
export type BuiltConfig = { ratelimits?: { name: string; simple: { limit: number; period: number } }[]; ai?: unknown };

export interface ServeOptions {
  port: number;
  /** The local state (D1, R2, Durable Objects) to serve over, as `wrangler --persist-to` names it. */
  state: string;
  inspectorPort?: number;
  /** workerd's own log lines (debug aside); without it, Miniflare prints its warnings. */
  onLog?: (level: string, message: string) => void;
  /** Runs once workerd is up and before the Worker is asked anything (e.g. to migrate and seed its D1). */
  prepare?: (mf: Miniflare) => Promise<void>;
  /** Answers the page Worker's outgoing fetches instead of the network (the bench's push service). */
  outbound?: (request: Request) => Promise<Response>;
}

export interface ServedWorker {
  stop(): Promise<void>;
}

/** `KEY=value` lines of a .dev.vars file (values may be quoted), as wrangler reads them. */
export function readDevVars(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const [, name, raw] = match as unknown as [string, string, string];
    vars[name] = /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return vars;
}

/** The built page Worker's wrangler.json. */
export function builtConfigFile(buildDir = process.env.BUILD_DIR ?? "build"): string {
  return path.resolve(buildDir, "server", "wrangler.json");
}

/** Starts the build on `port` and resolves once the Worker answers its API (not just once the port is open). */
export async function serveBuilt({ port, state, inspectorPort, onLog, prepare, outbound }: ServeOptions): Promise<ServedWorker> {
  const file = builtConfigFile();
  const page = builtWorkerOptions(file);
  // Local runs never ask a model: an AI binding would want a remote session (an account).
  delete (page.options as { ai?: unknown }).ai;
  // The barcode Worker the page Worker's BARCODE binding names, from the same build.
  const barcode = builtWorkerOptions(barcodeWorkerConfig());
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "localhost",
      port,
      // No network here for Cloudflare's request.cf sample: the placeholder, without the failed lookup's log.
      cf: false,
      ...(inspectorPort ? { inspectorPort } : {}),
      resourcePersistencePath: path.resolve(state, "v3"),
      // MINIFLARE_LOG=info adds Miniflare's own lines: each request, each queue batch and how long it took.
      log: new Log(process.env.MINIFLARE_LOG === "info" ? LogLevel.INFO : LogLevel.WARN),
      ...(onLog
        ? {
            handleStructuredLogs: ({ level, message }: { level: string; message: string }) => {
              if (level !== "debug") onLog(level, message);
            },
          }
        : {}),
      workers: [
        {
          ...page.options,
          bindings: { ...(page.options.bindings ?? {}), ...readDevVars(path.join(path.dirname(file), ".dev.vars")) },
          ...(outbound ? { outboundService: outbound } : {}),
        },
        barcode.options,
        ...page.externalWorkers,
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  await mf.ready;
  await prepare?.(mf);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${port}/api/books?limit=1`);
      if (response.ok && response.headers.get("Content-Type")?.startsWith("application/json")) return { stop: () => mf.dispose() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await mf.dispose();
  throw new Error("The Worker did not start within 60 s");
}
