// `npm run preview`: the built app (with its service worker) on Miniflare, on the same local data
// as `npm run dev`: settings, migrations and demo data first, so it works on a fresh clone too.
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { run } from "./lib/run.mjs";

ensureDevVars();
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { env: { ...process.env, CI: "true" } });
await run("node", ["scripts/seed/seed-local.ts"]);
await run("npm", ["run", "build"]);
await run("vite", ["preview", ...process.argv.slice(2)]);
