// `npm test`: lint and typecheck, build the Worker once, run the Workers-runtime tests against it, then the browser journeys.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { run } from "./lib/run.mjs";

function hasChromium() {
  try {
    execFileSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

ensureDevVars();

// E2E needs a real browser; Playwright's own download does not work here, so use Debian's.
if (!hasChromium()) {
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package for the end-to-end tests…");
    await run("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"]);
  } else {
    console.error("Chromium is required for the end-to-end tests: install it (e.g. `sudo apt-get install chromium`).");
    process.exit(1);
  }
}

// Cheap checks first: style and types fail in seconds, before the build and the runtime tests.
await run("npm", ["run", "lint"]);
await run("npm", ["run", "typecheck"]);
await run("react-router", ["build"]);
await run("vitest", ["run"]);
await run("playwright", ["test"]);
