// Local settings: .dev.vars is made from .dev.vars.example on first run, and a setting the example
// gained later (INVITE_CODE_SECRET, say) is added to an existing .dev.vars, never overwriting a value.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const settingName = (/** @type {string} */ line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];

/** @returns {string[]} the names of the settings it added (all of them when it created the file) */
export function ensureDevVars(file = ".dev.vars", example = ".dev.vars.example") {
  const exampleLines = readFileSync(example, "utf8").split("\n");
  if (!existsSync(file)) {
    writeFileSync(file, exampleLines.join("\n"));
    return exampleLines.map(settingName).filter((name) => name !== undefined);
  }
  const current = readFileSync(file, "utf8");
  const present = new Set(current.split("\n").map(settingName));
  const missing = exampleLines.filter((line) => {
    const name = settingName(line);
    return name !== undefined && !present.has(name);
  });
  if (missing.length === 0) return [];
  writeFileSync(file, `${current.replace(/\n*$/, "\n")}${missing.join("\n")}\n`);
  return missing.map((line) => settingName(line) ?? "");
}
