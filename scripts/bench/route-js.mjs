// Initial JavaScript of a page in the built app (gzip): the entry, the root route and the page's route
// with every module they import statically, as React Router's manifest lists them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const buildDir = process.env.BUILD_DIR ?? "build";
const assets = path.join(buildDir, "client", "assets");
const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error(`No React Router manifest in ${assets}: run react-router build first.`);
const manifest = JSON.parse(
  readFileSync(path.join(assets, manifestFile), "utf8")
    .replace(/^window\.__reactRouterManifest=/, "")
    .replace(/;$/, ""),
);

/** @param {string[]} routeIds */
function initialModules(routeIds) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

const gzipKiB = (/** @type {string} */ file) => gzipSync(readFileSync(path.join(buildDir, "client", file.replace(/^\//, "")))).byteLength / 1024;

for (const [page, routes] of Object.entries({
  "/library": ["root", "features/books/routes/library"],
  "a book page": ["root", "features/books/routes/book-detail"],
  "/clubs": ["root", "features/auth/routes/member-layout", "features/clubs/routes/clubs"],
})) {
  if (!routes.every((id) => manifest.routes[id])) throw new Error(`${page}: no route ${routes.find((id) => !manifest.routes[id])} in the manifest`);
  const files = initialModules(routes);
  const total = files.reduce((sum, file) => sum + gzipKiB(file), 0);
  console.log(`${page}: ${total.toFixed(2)} KiB gzip initial JS in ${files.length} files`);
}
