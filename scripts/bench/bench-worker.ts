// A bench Worker on plain Miniflare: the entry bundled with esbuild (its `.wasm?module` imports
// become CompiledWasm modules of their own, as the Vite plugin makes them), a local D1 and R2, the
// barcode Worker behind a BARCODE service binding (bundled the same way from its source, as the page
// Worker has it), the migrations applied through its `/migrate` route, and a POST helper. Shared by
// the queue and import benches.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { noCatalogues } from "./harness.ts";

function migrationStatements(): string[] {
  return readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(path.join("migrations", name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

async function bundle(entry: string) {
  const wasmModules = new Map<string, string>();
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    target: "es2022",
    // The `~/` and `@worker/` aliases.
    tsconfig: "tsconfig.cloudflare.json",
    logLevel: "error",
    // The runtime's own modules (WorkerEntrypoint; node:async_hooks and the rest under nodejs_compat).
    external: ["cloudflare:*", "node:*"],
    plugins: [
      noCatalogues,
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
  return { script: result.outputFiles[0]!.text, wasmModules };
}

export interface BenchWorker {
  /** POSTs to the bench Worker and returns its JSON answer. */
  post<T>(pathname: string, body: string | Uint8Array): Promise<T>;
  dispose(): Promise<void>;
}

const BARCODE_WORKER = "worker/features/covers/barcode/entry.ts";

async function modulesOf(entry: string) {
  const { script, wasmModules } = await bundle(entry);
  return [
    { type: "ESModule" as const, path: "worker.mjs", contents: script },
    ...[...wasmModules].map(([name, file]) => ({ type: "CompiledWasm" as const, path: name, contents: readFileSync(file) })),
  ];
}

/** Bundles `entry`, starts it with a fresh D1 and R2 and the barcode Worker, and applies the migrations. */
export async function startBenchWorker(entry: string): Promise<BenchWorker> {
  const [modules, barcodeModules] = await Promise.all([modulesOf(entry), modulesOf(BARCODE_WORKER)]);
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          name: "bench",
          modules,
          compatibilityDate: "2026-10-15",
          compatibilityFlags: ["nodejs_compat"],
          d1Databases: ["DB"],
          r2Buckets: ["MEDIA"],
          serviceBindings: { BARCODE: "bookclub-barcode" },
        },
        // As worker/features/covers/barcode/wrangler.toml has it.
        { name: "bookclub-barcode", modules: barcodeModules, compatibilityDate: "2026-10-15" },
      ],
    }),
  );
  const post = async <T>(pathname: string, body: string | Uint8Array): Promise<T> => {
    const send = () => mf.dispatchFetch(`http://bench${pathname}`, { method: "POST", body });
    // After a long request the pooled connection is sometimes reset before the next one is sent.
    const response = await send()
      .catch(send)
      .catch((error: unknown) => {
        throw new Error(`${pathname} failed`, { cause: error });
      });
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  try {
    await post("/migrate", JSON.stringify(migrationStatements()));
  } catch (error) {
    await mf.dispose();
    throw error;
  }
  return { post, dispose: () => mf.dispose() };
}
