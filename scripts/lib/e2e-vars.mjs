// The settings `vite preview` gives the end-to-end Worker: it reads <build>/server/.dev.vars, which
// the build copied from .dev.vars. Before each e2e run:
// - any setting .dev.vars.example has and an older .dev.vars lacks (INVITE_CODE_SECRET, say) is added,
//   so a checkout made before that setting existed still runs the journeys;
// - GEOCODER_URL is the recorded geocoder the clubs journey serves (E2E_GEOCODER_URL), or unset:
//   an e2e run never asks the public maps service.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** @param {string} line */
const settingName = (line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];

/** @param {{ buildDir: string, geocoderUrl?: string }} options */
export function prepareE2eVars({ buildDir, geocoderUrl }) {
  const file = path.join(buildDir, "server", ".dev.vars");
  const lines = (existsSync(file) ? readFileSync(file, "utf8") : "").split("\n").filter((line) => line.trim() && settingName(line) !== "GEOCODER_URL");
  const present = new Set(lines.map(settingName));
  for (const line of readFileSync(".dev.vars.example", "utf8").split("\n")) {
    const name = settingName(line);
    if (name && !present.has(name)) lines.push(line.trim());
  }
  if (geocoderUrl) lines.push(`GEOCODER_URL='${geocoderUrl}'`);
  writeFileSync(file, `${lines.join("\n")}\n`);
}
