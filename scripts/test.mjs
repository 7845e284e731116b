// `npm test`: lint and typecheck, build the Worker once, run the Workers-runtime tests against it, then the browser journeys.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { run } from "./lib/run.mjs";

function hasCommand(/** @type {string} */ name) {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

ensureDevVars();

// E2E needs a real browser; Playwright's own download does not work here, so use Debian's. The voice
// journey also needs espeak-ng, which speaks its search into the fake microphone.
const missing = [];
if (!hasCommand("chromium") && !hasCommand("chromium-browser")) missing.push("chromium");
// The journeys run in the lighter headless shell (tests/helpers/e2e/browsers.ts); without it, in the full browser.
const shellMissing = !hasCommand("chromium-headless-shell");
if (!hasCommand("espeak-ng")) missing.push("espeak-ng");
const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
if (missing.length > 0 || (shellMissing && canInstall)) {
  if (canInstall) {
    const packages = [...missing, ...(shellMissing ? ["chromium-headless-shell"] : [])];
    console.log(`Not found: ${packages.join(", ")}. Installing Debian's package(s) for the end-to-end tests…`);
    await run("sh", ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(" ")}`]);
  } else {
    console.error(`The end-to-end tests need ${missing.join(" and ")}: install them (e.g. \`sudo apt-get install ${missing.join(" ")}\`).`);
    process.exit(1);
  }
}

// Cheap checks first: style and types fail in seconds, before the build and the runtime tests. They only
// read the sources, and each keeps one core busy, so they run side by side.
await Promise.all([run("npm", ["run", "lint"]), run("npm", ["run", "typecheck"])]);
await run("npm", ["run", "build"]);
await run("vitest", ["run"]);
await run("playwright", ["test"]);
