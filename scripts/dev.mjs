// `npm run dev`: local settings, migrations and demo data, then the Vite dev server on Miniflare.
import { copyFileSync, existsSync } from "node:fs";
import { run } from "./lib/run.mjs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (local sign-in on, local cover analyzer).");
}
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { env: { ...process.env, CI: "true" } });
await run("node", ["scripts/seed/seed-local.ts"]);
await run("react-router", ["dev", ...process.argv.slice(2)]);
