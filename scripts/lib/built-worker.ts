// A Worker the Vite build wrote (its <build>/<worker>/wrangler.json) as Miniflare worker options:
// bindings as wrangler reads them, and its modules listed one by one (the entry, then every file its
// module rules match, such as the barcode Worker's WASM). Used where plain Miniflare runs the build:
// the benches and vitest's auxiliary Workers.
import { existsSync, globSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Unstable_MiniflareWorkerOptions, unstable_getMiniflareWorkerOptions } from "wrangler";

/** The barcode Worker's build (worker/features/covers/barcode/), beside build/server. */
export function barcodeWorkerConfig(buildDir = process.env.BUILD_DIR ?? "build"): string {
  const file = path.resolve(buildDir, "barcode", "wrangler.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (it builds the barcode Worker too).`);
  return file;
}

type ModuleType = NonNullable<Unstable_MiniflareWorkerOptions["workerOptions"]["modulesRules"]>[number]["type"];

export interface BuiltWorker {
  options: Omit<Unstable_MiniflareWorkerOptions["workerOptions"], "modulesRules"> & {
    name: string;
    rootPath: string;
    modules: { type: ModuleType; path: string }[];
    modulesRoot: string;
  };
  externalWorkers: Unstable_MiniflareWorkerOptions["externalWorkers"];
}

export function builtWorkerOptions(configFile: string): BuiltWorker {
  const { name } = JSON.parse(readFileSync(configFile, "utf8")) as { name: string };
  const { workerOptions, main, externalWorkers } = unstable_getMiniflareWorkerOptions(configFile);
  if (!main) throw new Error(`${configFile} names no main module`);
  const { modulesRules, ...options } = workerOptions;
  const root = path.dirname(main);
  const modules = [
    { type: "ESModule" as ModuleType, path: path.basename(main) },
    ...(modulesRules ?? []).flatMap(({ type, include }) =>
      include.flatMap((pattern) =>
        globSync(pattern, { cwd: root })
          .filter((file) => file !== path.basename(main))
          .map((file) => ({ type, path: file })),
      ),
    ),
  ];
  return { options: { ...options, name, rootPath: root, modules, modulesRoot: root }, externalWorkers };
}
