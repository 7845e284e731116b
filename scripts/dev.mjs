// `npm run dev`: local settings, migrations and demo data, then the Vite dev server on Miniflare.
import { existsSync } from "node:fs";
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { run } from "./lib/run.mjs";

const created = !existsSync(".dev.vars");
const added = ensureDevVars();
if (created) console.log("Created .dev.vars from .dev.vars.example (local sign-in on, local cover analyzer).");
else if (added.length > 0) console.log(`Added to .dev.vars from .dev.vars.example: ${added.join(", ")}`);
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { env: { ...process.env, CI: "true" } });
await run("node", ["scripts/seed/seed-local.ts"]);
await run("react-router", ["dev", ...process.argv.slice(2)]);
