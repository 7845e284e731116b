// Seeds the local (Miniflare) D1 and R2 used by `npm run dev`, through wrangler's platform proxy.
import type { D1Database, R2Bucket } from "@cloudflare/workers-types";
import { getPlatformProxy } from "wrangler";
import { writeDemoData } from "./write-demo.ts";

const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket }>({
  configPath: "wrangler.toml",
  remoteBindings: false,
  // WRANGLER_STATE points end-to-end runs at their own state; dev uses wrangler's default.
  persist: process.env.WRANGLER_STATE ? { path: `${process.env.WRANGLER_STATE}/v3` } : true,
});
try {
  const result = await writeDemoData(proxy.env);
  console.log(
    result.seeded
      ? `Seeded ${result.books} demo books from ${result.users} demo members.`
      : `Demo data already present (${result.books} books); nothing to do.`,
  );
} finally {
  await proxy.dispose();
}
