// After `react-router build`: bundles the service worker (app/sw) and lets Workbox inject the list
// of hashed build files it precaches. Writes <build>/client/sw.js, served from the site's root.

import { rm } from "node:fs/promises";
import path from "node:path";
import { build } from "rolldown";
import { injectManifest } from "workbox-build";

const client = path.join(process.env.BUILD_DIR ?? "build", "client");
const bundled = path.join(client, "sw.src.js");

await build({
  input: "app/features/pwa/sw/service-worker.ts",
  // Workbox prints its development logs unless told this is production.
  transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
  output: { file: bundled, format: "iife", minify: true },
  logLevel: "warn",
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: path.join(client, "sw.js"),
  globDirectory: client,
  // The app's code, styles and icons, and the offline page. ZXing's WebAssembly (900 KB) is left
  // to load on use, like the scanner that needs it.
  globPatterns: ["assets/**/*.{js,css}", "offline.html", "favicon.svg", "icons/*.png"],
  // Hashed names change with their content, so Workbox need not add its own revision to them.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 512 * 1024,
});
await rm(bundled);
for (const warning of warnings) console.warn(`sw.js: ${warning}`);
console.log(`sw.js precaches ${count} files (${(size / 1024).toFixed(0)} KiB)`);
