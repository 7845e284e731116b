// The browser journeys' server: a fresh local state (migrations, then the demo library) and the build
// on Miniflare's own server (scripts/lib/serve-built.ts), until Playwright stops it. Migrating and
// seeding through the served Worker's own bindings starts one workerd, not three (wrangler's
// `d1 migrations apply` and the platform proxy each started one: 30 s of every run, now about 5).
import { rmSync } from "node:fs";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import type { D1Database, R2Bucket } from "@cloudflare/workers-types";
import { migrateEmptyDatabase } from "../tests/helpers/d1-migrations.ts";
import { prepareE2eVars } from "./lib/e2e-vars.mjs";
import { serveBuilt } from "./lib/serve-built.ts";
import { writeDemoData } from "./seed/write-demo.ts";

const port = Number(process.env.PORT ?? 4173);
const state = process.env.WRANGLER_STATE ?? ".wrangler/e2e-state";
rmSync(state, { recursive: true, force: true });
prepareE2eVars({
  buildDir: process.env.BUILD_DIR ?? "build",
  geocoderUrl: process.env.E2E_GEOCODER_URL,
  googleBooksUrl: process.env.E2E_GOOGLE_BOOKS_URL,
  openLibraryUrl: process.env.E2E_OPEN_LIBRARY_URL,
  voiceUrl: process.env.E2E_VOICE_URL,
});
const migrations = await readD1Migrations("migrations");

const served = await serveBuilt({
  port,
  state,
  async prepare(mf) {
    const db = (await mf.getD1Database("DB")) as unknown as D1Database;
    await migrateEmptyDatabase(db, migrations);
    const seeded = await writeDemoData({ DB: db, MEDIA: (await mf.getR2Bucket("MEDIA")) as unknown as R2Bucket });
    console.log(`Seeded ${seeded.books} demo books from ${seeded.users} demo members.`);
  },
});
console.log(`BookClub (built) on http://localhost:${port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void served.stop().finally(() => process.exit(0));
  });
}
