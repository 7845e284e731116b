import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { BASE_FLAGS, journeyBrowser } from "./tests/helpers/e2e/browsers";
import { geocoderUrl } from "./tests/helpers/e2e/recorded-geocoder";
import { googleBooksUrl, openLibraryUrl } from "./tests/helpers/e2e/recorded-metadata";
import { transcriberUrl } from "./tests/helpers/e2e/recorded-transcriber";

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "tests",
  // Each feature keeps its journeys beside its other tests: tests/<feature>/<topic>.e2e.test.ts.
  testMatch: "**/*.e2e.test.ts",
  // Spec files may run side by side (each creates its own members and data, so none depends on another's),
  // but a journey keeps two cores busy (its browser and the server): one at a time on the 2-core CI
  // machine, where two at once took as long and pushed long journeys past their timeouts. E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2))),
  retries: 0,
  // A safety net, not a speed target: two browsers and the server share 2 cores in CI.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace (its screenshots and DOM snapshots at every step) took a third of every journey's time on the
    // 2-core CI machine: E2E_TRACE=1 keeps the traces of failed journeys (their report still has the page's ARIA snapshot).
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions: {
      // Debian's chromium-headless-shell (tests/helpers/e2e/browsers.ts): Playwright cannot download its own here.
      executablePath: journeyBrowser(),
      args: BASE_FLAGS,
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The built app on Miniflare's own server, over its own fresh D1/R2 state (scripts/e2e-serve.ts).
    command: "node scripts/e2e-serve.ts",
    // The port opens before the state is migrated and seeded: ready is the line the script prints once the
    // Worker answers over the seeded state (not a URL, which Playwright would ask before the tables exist).
    wait: { stdout: /BookClub \(built\) on http/ },
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    // E2E_PORT and E2E_STATE let a second run (another checkout's, a helper's) keep out of this one's way.
    // E2E_GEOCODER_URL: where the Worker asks for place names (the recorded geocoder a spec serves).
    // E2E_GOOGLE_BOOKS_URL / E2E_OPEN_LIBRARY_URL: where it looks books up (the recorded metadata server).
    // E2E_VOICE_URL: where it transcribes voice searches (the recorded Whisper server the voice journey serves).
    env: {
      WRANGLER_STATE: process.env.E2E_STATE ?? ".wrangler/e2e-state",
      PORT: String(PORT),
      E2E_GEOCODER_URL: geocoderUrl(),
      E2E_GOOGLE_BOOKS_URL: googleBooksUrl(),
      E2E_OPEN_LIBRARY_URL: openLibraryUrl(),
      E2E_VOICE_URL: transcriberUrl(),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    // Piped: Playwright reads the ready line from it (Miniflare logs warnings only, so it carries no request log).
    stdout: "pipe",
    stderr: "pipe",
  },
});
