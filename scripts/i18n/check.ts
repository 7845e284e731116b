// `node scripts/i18n/check.ts [namespace…]`: the catalogue check of tests/core/catalogues.unit.test.ts,
// from the command line, for while translating (it prints every problem, not just the first).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { checkCatalogues } from "../../tests/helpers/catalogue-rules.ts";
import { LANGUAGES } from "../../worker/core/shared/languages.ts";

const root = join(import.meta.dirname, "../..");
const sources: Record<string, string> = {};
const catalogues: Record<string, Record<string, string>> = {};

function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(ts|tsx)$/.test(name)) sources[relative(root, path)] = readFileSync(path, "utf8");
    else if (/\/messages\/[^/]+\.json$/.test(path)) catalogues[relative(root, path)] = JSON.parse(readFileSync(path, "utf8"));
  }
}
for (const top of ["app", "worker", "durable-objects"]) walk(join(root, top));

const only = process.argv.slice(2);
const problems = checkCatalogues(
  sources,
  catalogues,
  (message) => compileMessageOrThrow(message),
  LANGUAGES.filter((l) => l !== "en"),
).filter((problem) => only.length === 0 || only.includes(problem.namespace));
for (const p of problems)
  console.log(`${p.kind}\t${p.namespace}${p.language ? `/${p.language}` : ""}\t${JSON.stringify(p.key)}${p.detail ? `\t${p.detail}` : ""}`);
console.log(problems.length === 0 ? "Catalogues OK" : `${problems.length} problem(s)`);
process.exitCode = problems.length === 0 ? 0 : 1;
