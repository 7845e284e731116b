// Local settings: .dev.vars is made from .dev.vars.example on first run, and a setting the example
// gained later (INVITE_CODE_SECRET, say) is added to an existing .dev.vars, never overwriting a value.
// A key no example can hold (Web Push's VAPID key, one per machine) is made when .dev.vars lacks it.
import { generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const settingName = (/** @type {string} */ line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];

/** A new VAPID key (RFC 8292): a P-256 private key as a JWK, as VAPID_PRIVATE_KEY holds it. */
export function newVapidKey() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return JSON.stringify(privateKey.export({ format: "jwk" }));
}

/** @returns {string[]} the names of the settings it added (all of them when it created the file) */
export function ensureDevVars(file = ".dev.vars", example = ".dev.vars.example") {
  const added = copyExample(file, example);
  const current = readFileSync(file, "utf8");
  if (current.split("\n").some((line) => settingName(line) === "VAPID_PRIVATE_KEY")) return added;
  writeFileSync(file, `${current.replace(/\n*$/, "\n")}VAPID_PRIVATE_KEY='${newVapidKey()}'\n`);
  return [...added, "VAPID_PRIVATE_KEY"];
}

/** @returns {string[]} */
function copyExample(/** @type {string} */ file, /** @type {string} */ example) {
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
