// Import circles that pass through a feature's index.ts, seen through it. dependency-cruiser's
// no-circular rule checks every circle that no index takes part in; a feature's index only
// re-exports, so an import of it is really an import of the files its names come from. Seen that
// way, loans → messages/index → messages/blocks is loans → blocks, and the circle check stays as
// strict as before the feature folders (type-only imports included).
import { readFileSync } from "node:fs";
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const INDEX = /^(worker|app)\/features\/[^/]+\/index(\.server)?\.tsx?$/;
const NAMED = /(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s+from\s+["']([^"']+)["']/g;

const result = await cruise(
  ["app", "worker", "durable-objects", "tests", "scripts"],
  {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^build/", "^\\.react-router/", "^node_modules/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.cloudflare.json" },
  },
  { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"], exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  { tsConfig: extractTSConfig("tsconfig.cloudflare.json") },
);
if (typeof result.output === "string") throw new Error("dependency-cruiser answered text, not modules");
/** @typedef {{ source: string, dependencies: { resolved: string, module: string, coreModule: boolean, couldNotResolve: boolean }[] }} Module */
const modules = /** @type {Module[]} */ (result.output.modules);
const deps = new Map(modules.map((m) => [m.source, m.dependencies.filter((d) => !d.coreModule && !d.couldNotResolve).map((d) => ({ to: d.resolved, spec: d.module }))]));

/** name -> file, for each index: what it re-exports, and from where. */
const reexports = new Map();
for (const m of modules) {
  if (!INDEX.test(m.source)) continue;
  const names = new Map();
  for (const [, list = "", spec] of readFileSync(m.source, "utf8").matchAll(NAMED)) {
    const target = m.dependencies.find((d) => d.module === spec)?.resolved;
    for (const name of list.split(",").map((n) => n.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()).filter(Boolean)) names.set(name, target);
  }
  reexports.set(m.source, names);
}

/**
 * The files an importer really reaches through an index: those its imported names come from.
 * @param {string} importer
 * @param {{ to: string, spec: string }} dep
 */
function throughIndex(importer, dep) {
  const names = reexports.get(dep.to) ?? new Map();
  const text = readFileSync(importer, "utf8");
  const reached = new Set();
  for (const [, list = "", spec] of text.matchAll(NAMED)) {
    if (spec !== dep.spec) continue;
    for (const raw of list.split(",").map((n) => n.trim()).filter(Boolean)) {
      const name = raw.replace(/^type\s+/, "").split(/\s+as\s+/)[0];
      const file = names.get(name);
      if (file) reached.add(file);
      else throw new Error(`${importer}: ${name} is not exported by ${dep.to}`);
    }
  }
  return reached.size > 0 ? [...reached] : [...new Set(names.values())];
}

const graph = new Map();
for (const [source, list] of deps) {
  const to = new Set();
  for (const dep of list) for (const file of INDEX.test(dep.to) && !INDEX.test(source) ? throughIndex(source, dep) : [dep.to]) to.add(file);
  graph.set(source, [...to]);
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let counter = 0;
/** @type {Map<string, number>} */
const index = new Map();
/** @type {Map<string, number>} */
const low = new Map();
/** @type {string[]} */
const stack = [];
const on = new Set();
/** @type {string[][]} */
const circles = [];
/** @param {string} v */
function visit(v) {
  const own = counter++;
  let lowest = own;
  index.set(v, own);
  stack.push(v);
  on.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!index.has(w)) {
      visit(w);
      lowest = Math.min(lowest, low.get(w) ?? lowest);
    } else if (on.has(w)) lowest = Math.min(lowest, index.get(w) ?? lowest);
  }
  low.set(v, lowest);
  if (lowest !== own) return;
  /** @type {string[]} */
  const component = [];
  for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) {
    on.delete(w);
    component.push(w);
  }
  if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.filter((f) => !INDEX.test(f)).sort());
}
for (const v of graph.keys()) if (!index.has(v)) visit(v);

if (circles.length > 0) {
  for (const circle of circles) console.error(`  error no-circular (through a feature's index): ${circle.join(" ⇄ ")}`);
  console.error(`\nx ${circles.length} import circle(s) through a feature's index.ts`);
  process.exit(1);
}
console.log(`✔ no import circles through a feature's index.ts (${graph.size} modules)`);
