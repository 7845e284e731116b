import { generateKeyPairSync } from "node:crypto";
import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { barcodeWorkerConfig, builtWorkerOptions } from "./scripts/lib/built-worker.ts";

/**
 * Files that need a Worker and database of their own: they configure the Worker before its first
 * request (it reads its settings once), or count the whole library, every club or the demo seed.
 * Every other file shares its runner's Worker and database with the files before it (isolate: false),
 * so it creates its own members and data and never assumes an empty world; a new Worker per file
 * cost about 2 s of each file's start, two thirds of the suite's time.
 */
const OWN_WORKER = [
  "tests/voice/*.api.test.ts",
  "tests/notifications/dev-outbox-with-provider.ssr.test.ts",
  "tests/books/books.api.test.ts",
  "tests/clubs/clubs.api.test.ts",
  "tests/core/seed-data.ssr.test.ts",
  "tests/site/pages.ssr.test.ts",
  "tests/site/interest.api.test.ts",
];

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  // The barcode Worker as built (ZXing's WASM, worker/features/covers/barcode/): the BARCODE binding reaches it by RPC.
  const barcodeWorker = builtWorkerOptions(barcodeWorkerConfig()).options;
  return {
    // The `~/` and `@worker/` aliases of tsconfig.cloudflare.json, for the modules tests import directly.
    resolve: { tsconfigPaths: true },
    plugins: [
      cloudflareTest({
        // The Worker under test is the production build (`react-router build` runs first), so API and
        // SSR tests exercise exactly what deploys, including React Router's server build.
        wrangler: { configPath: `./${process.env.BUILD_DIR ?? "build"}/server/wrangler.json` },
        // Tests never reach Workers AI or Google; their adapters are fed recorded answers instead.
        remoteBindings: false,
        miniflare: {
          workers: [barcodeWorker],
          bindings: {
            TEST_MIGRATIONS: migrations,
            COVER_ANALYZER: "local",
            DEV_SIGN_IN: "true",
            UPLOAD_SIGNING_SECRET: "test-upload-signing-secret",
            INVITE_CODE_SECRET: "test-invite-code-secret",
            EMAIL_TOKEN_SECRET: "test-email-token-secret",
            // The moderation tests sign in with this address to review reports.
            MODERATORS: "moderator@example.org",
            // The library map's tiles: the Worker's own recorded tile, never a tile server.
            MAP_TILE_URL: "/dev-tiles/{z}/{x}/{y}.png",
            // A fake Google OAuth client turns Google sign-in on; tests answer Google's token endpoint themselves.
            GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
            GOOGLE_CLIENT_SECRET: "test-client-secret",
            // Web Push signs with a VAPID key made for this run; the recorded push service checks the signature.
            VAPID_PRIVATE_KEY: JSON.stringify(generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" })),
            VAPID_SUBJECT: "mailto:push-tests@example.org",
            // A push service of the operator's own, beside the known ones (tests/push/subscriptions.api.test.ts).
            PUSH_SERVICE_HOSTS: "push.example.net",
          },
        },
      }),
    ],
    test: {
      // moo (the ICU parser's lexer, under @lingui/message-utils) is CommonJS: pre-bundled into ES
      // modules so the tests can load the catalogue compiler as the production build does.
      deps: { optimizer: { ssr: { enabled: true, include: ["moo"] } } },
      // One test file per core at once: most of a file's time is starting its Worker and importing the
      // build, which the other core overlaps (on the 2-core CI machine: 460 s one by one, about 320 s).
      maxWorkers: availableParallelism(),
      // Timeouts are a safety net, not a speed target (that is `npm run bench`): a few tests decode
      // megabyte images or race 50 joins, which can take several seconds on a busy 2-core CI machine.
      testTimeout: 20_000,
      setupFiles: ["./tests/setup/apply-migrations.ts", "./tests/setup/fail-on-console-error.ts"],
      projects: [
        // Journeys (*.e2e.test.ts) are Playwright's, run against a served build.
        {
          extends: true,
          test: { name: "shared", isolate: false, include: ["tests/**/*.test.ts"], exclude: ["tests/**/*.e2e.test.ts", "tests/helpers/e2e/**", ...OWN_WORKER] },
        },
        { extends: true, test: { name: "own-worker", include: OWN_WORKER } },
      ],
    },
  };
});
