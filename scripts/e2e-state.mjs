// Fresh local D1/R2 state for end-to-end tests: migrations, then the demo library; then the Worker's settings (lib/e2e-vars.mjs).
import { rmSync } from "node:fs";
import { prepareE2eVars } from "./lib/e2e-vars.mjs";
import { run } from "./lib/run.mjs";

const state = process.env.WRANGLER_STATE ?? ".wrangler/e2e-state";
rmSync(state, { recursive: true, force: true });
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
  env: { ...process.env, CI: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});
await run("node", ["scripts/seed/seed-local.ts"], { env: { ...process.env, WRANGLER_STATE: state } });
prepareE2eVars({
  buildDir: process.env.BUILD_DIR ?? "build",
  geocoderUrl: process.env.E2E_GEOCODER_URL,
  googleBooksUrl: process.env.E2E_GOOGLE_BOOKS_URL,
  openLibraryUrl: process.env.E2E_OPEN_LIBRARY_URL,
  voiceUrl: process.env.E2E_VOICE_URL,
});
