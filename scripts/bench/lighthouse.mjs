// A book page's first load under Lighthouse (mobile preset, its default simulated throttling), behind the
// two fronts a reader meets: an HTTP/1.1 proxy that gzips, and an HTTP/2 (TLS) one that does too. It
// serves the existing build (`npm run build` first) with the demo data in its own state, picks a book
// with a cover and runs Lighthouse RUNS times through each proxy (Lighthouse 13 by npx, not a dependency;
// Debian's chromium). Prints score, LCP, the LCP element and what its request waited on, per run.
//   node scripts/bench/lighthouse.mjs      LH_PORT (4391; the proxies take the next two), LH_RUNS (3), BUILD_DIR (build)
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { run } from "../lib/run.mjs";

const PORT = Number(process.env.LH_PORT ?? 4391);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const STATE = process.env.WRANGLER_STATE ?? ".wrangler/lighthouse-state";
const OUT = path.join("bench-results", "lighthouse", path.basename(path.resolve(process.env.BUILD_DIR ?? "build")));
const bin = path.resolve("node_modules/.bin");
// npm scripts put the project's own node (24) first; Lighthouse 13 wants it too.
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, CI: "true", WRANGLER_STATE: STATE };
const chromium = process.env.CHROME_PATH ?? execFileSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], { encoding: "utf8" }).trim();

// Fresh local D1/R2 with the migrations and the demo library (covers included).
rmSync(STATE, { recursive: true, force: true });
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env, stdio: ["ignore", "ignore", "inherit"] });
await run("node", ["scripts/seed/seed-local.ts"], { env });

// `vite preview` serves the build its deploy redirect names (the last one made): name BUILD_DIR's, so a saved build can be compared.
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const redirect = (/** @type {string} */ file) => ({ configPath: path.relative(".wrangler/deploy", path.join(buildDir, file)) });
mkdirSync(".wrangler/deploy", { recursive: true });
writeFileSync(".wrangler/deploy/config.json", JSON.stringify({ ...redirect("server/wrangler.json"), auxiliaryWorkers: [redirect("barcode/wrangler.json")] }));

const server = spawn("vite", ["preview", "--port", String(PORT), "--strictPort"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
const origin = `http://localhost:${PORT}`;
// Another server on the port (vite's --strictPort refuses it) must not be measured in this one's place.
server.on("exit", (code) => {
  console.error(`The preview on port ${PORT} stopped (${code}); is the port taken? Set LH_PORT.`);
  process.exit(1);
});
const stopServer = () => {
  server.removeAllListeners("exit");
  try {
    process.kill(-(server.pid ?? 0), "SIGTERM");
  } catch {}
};
process.on("exit", stopServer);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
for (let tries = 0; ; tries++) {
  const ok = await fetch(`${origin}/library`).then(
    (response) => response.ok,
    () => false,
  );
  if (ok) break;
  if (tries > 120) throw new Error(`The preview on ${origin} did not answer.`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

// The first book on the library's first page whose cover is an image.
const library = await (await fetch(`${origin}/library`)).text();
const bookPath = [...library.matchAll(/href="(\/books\/[^"/]+)"/g)].map((match) => match[1]).find(Boolean);
if (!bookPath) throw new Error("No book on /library.");
const bookHtml = await (await fetch(`${origin}${bookPath}`)).text();
if (!/<img[^>]+alt="Cover of/.test(bookHtml)) console.warn(`${bookPath} has no cover image; measuring it anyway.`);

// What a CDN does to what the Worker sends: gzip for text, passed through unchanged otherwise.
const compressible = (type = "") => /text\/|javascript|json|svg|xml|manifest/.test(type);
const agent = new http.Agent({ keepAlive: true });
/** @typedef {(status: number, headers: http.OutgoingHttpHeaders, stream: import("node:stream").Readable | null) => void} Answer */
/** @param {string} method @param {string} url @param {http.IncomingHttpHeaders} headers @param {import("node:stream").Readable} body @param {Answer} answer */
function upstream(method, url, headers, body, answer) {
  const clean = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(":") && !["connection", "keep-alive", "host", "accept-encoding"].includes(name)),
  );
  const request = http.request(`${origin}${url}`, { method, headers: { ...clean, host: `localhost:${PORT}` }, agent }, (response) => {
    const out = { ...response.headers };
    for (const name of ["connection", "keep-alive", "transfer-encoding", "content-length"]) delete out[name];
    const gzip =
      compressible(String(response.headers["content-type"])) && !response.headers["content-encoding"] && /gzip/.test(String(headers["accept-encoding"]));
    if (!gzip && response.headers["content-length"]) out["content-length"] = response.headers["content-length"];
    if (gzip) {
      out["content-encoding"] = "gzip";
      out.vary = "accept-encoding";
    }
    answer(response.statusCode ?? 502, out, gzip ? response.pipe(zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH })) : response);
  });
  request.on("error", () => answer(502, {}, null));
  body.pipe(request);
}

const h1 = http.createServer((request, response) =>
  upstream(request.method ?? "GET", request.url ?? "/", request.headers, request, (/** @type {Parameters<Answer>} */ ...[status, headers, stream]) => {
    response.writeHead(status, headers);
    stream ? stream.pipe(response) : response.end();
  }),
);
await new Promise((resolve) => h1.listen(PORT + 1, () => resolve(undefined)));

// Chrome speaks HTTP/2 only over TLS: a throwaway self-signed certificate, which the browser is told to accept.
const certDir = mkdtempSync(path.join(tmpdir(), "lh-cert-"));
execFileSync(
  "openssl",
  ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", `${certDir}/key.pem`, "-out", `${certDir}/cert.pem`],
  {
    stdio: "ignore",
  },
);
const h2 = http2.createSecureServer({ key: readFileSync(`${certDir}/key.pem`), cert: readFileSync(`${certDir}/cert.pem`) }, (request, response) =>
  upstream(request.method, request.url, request.headers, request, (/** @type {Parameters<Answer>} */ ...[status, headers, stream]) => {
    response.writeHead(status, headers);
    stream ? stream.pipe(response) : response.end();
  }),
);
await new Promise((resolve) => h2.listen(PORT + 2, () => resolve(undefined)));
rmSync(certDir, { recursive: true, force: true });

mkdirSync(OUT, { recursive: true });
const rows = [];
for (const [protocol, base] of /** @type {const} */ ([
  ["HTTP/1.1", `http://localhost:${PORT + 1}`],
  ["HTTP/2", `https://localhost:${PORT + 2}`],
])) {
  for (let i = 1; i <= RUNS; i++) {
    const load = (loadavg()[0] ?? 0).toFixed(2);
    const report = path.join(OUT, `${protocol.replace(/\W/g, "")}-${i}.json`);
    await run(
      "npx",
      [
        "-y",
        "lighthouse@13",
        `${base}${bookPath}`,
        "--only-categories=performance",
        "--output=json",
        `--output-path=${report}`,
        "--quiet",
        "--chrome-flags=--headless=new --no-sandbox --ignore-certificate-errors --allow-insecure-localhost",
      ],
      { env: { ...env, CHROME_PATH: chromium } },
    );
    /** @type {{ categories: { performance: { score: number } }, audits: Record<string, any> }} */
    const lhr = JSON.parse(readFileSync(report, "utf8"));
    const audit = (/** @type {string} */ id) => lhr.audits[id];
    /** @typedef {{ type?: string, selector?: string, nodeLabel?: string, label?: string, duration?: number, url?: string, wastedMs?: number, items?: Item[] }} Item */
    /** @type {Item[]} */
    const breakdown = audit("lcp-breakdown-insight")?.details?.items ?? [];
    const element = breakdown.find((item) => item.type === "node");
    const phases = breakdown.find((item) => item.type === "table")?.items ?? [];
    /** @type {Item[]} */
    const blocking = audit("render-blocking-insight")?.details?.items ?? [];
    const row = {
      protocol,
      run: i,
      load,
      score: Math.round(lhr.categories.performance.score * 100),
      lcp: Math.round(audit("largest-contentful-paint").numericValue),
      fcp: Math.round(audit("first-contentful-paint").numericValue),
      tbt: Math.round(audit("total-blocking-time").numericValue),
      lcpElement: element ? `${element.selector} (${element.nodeLabel})` : "?",
      // Observed (unthrottled) subparts of the LCP, and what blocked the first render.
      phases: phases.map((phase) => `${phase.label}: ${Math.round(phase.duration ?? 0)} ms`).join(", "),
      renderBlocking: blocking.map((item) => `${new URL(item.url ?? "", origin).pathname} ${Math.round(item.wastedMs ?? 0)} ms`).join(", "),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
writeFileSync(path.join(OUT, "summary.json"), JSON.stringify({ page: bookPath, rows }, null, 2));
console.log(`\n${bookPath}`);
console.log("| front | run | load avg | score | LCP ms | FCP ms | TBT ms |");
for (const row of rows) console.log(`| ${row.protocol} | ${row.run} | ${row.load} | ${row.score} | ${row.lcp} | ${row.fcp} | ${row.tbt} |`);
h1.close();
h2.close();
agent.destroy();
stopServer();
process.exit(0);
