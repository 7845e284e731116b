// Cover-analysis throughput: books analysed per second through the real queue consumer (D1, R2,
// enrichment, conditional writes) on local Miniflare, with recorded provider answers so the figure
// is our pipeline's cost, not a model's latency. `node scripts/bench/queue.ts`
// Env: BENCH_COVER_BOOKS (default 200), BENCH_COVER_CONCURRENCY (default "1,4"),
// BENCH_COVER_PROVIDERS (default "workers-ai,local").
import { readFileSync } from "node:fs";
import { startBenchWorker } from "./bench-worker.ts";

const BOOKS = Number(process.env.BENCH_COVER_BOOKS ?? 200);
const CONCURRENCY = (process.env.BENCH_COVER_CONCURRENCY ?? "1,4").split(",").map(Number);
const PROVIDERS = (process.env.BENCH_COVER_PROVIDERS ?? "workers-ai,local").split(",");
const FIXTURE = "tests/covers/fixtures/isbn-back-cover.jpg";

const { post, dispose } = await startBenchWorker("tests/covers/bench/queue-bench-worker.ts");

try {
  const image = readFileSync(FIXTURE);
  const rows: string[] = [
    `Cover analysis through the queue consumer, ${BOOKS} books per run, batches of 5, local Miniflare:`,
    "",
    "| provider | consumer invocations in flight | books/s | outcome |",
    "|---|---:|---:|---|",
  ];
  let run = 0;
  for (const provider of PROVIDERS) {
    for (const concurrency of CONCURRENCY) {
      run++;
      const bodies = await post<unknown[]>(`/seed?run=${run}&books=${BOOKS}`, new Uint8Array(image));
      const started = performance.now();
      const outcome = await post<Record<string, number>>(`/analyze?run=${run}&provider=${provider}&concurrency=${concurrency}`, JSON.stringify(bodies));
      const seconds = (performance.now() - started) / 1000;
      const label = provider === "local" ? "local (JPEG decode + EAN-13 scan)" : "workers-ai (recorded answer)";
      rows.push(`| ${label} | ${concurrency} | ${(BOOKS / seconds).toFixed(1)} | ${JSON.stringify(outcome)} |`);
    }
  }
  // Barcode reading alone (zxing-wasm in the barcode Worker): the four cover fixtures, back covers and fronts.
  const fixtures = ["isbn-back-cover.jpg", "isbn-back-cover-sideways.png", "front-cover-no-barcode.jpg", "front-cover-no-barcode.png"];
  const parts = fixtures.flatMap((name) => {
    const bytes = readFileSync(`tests/covers/fixtures/${name}`);
    const header = new Uint8Array(5);
    new DataView(header.buffer).setUint32(0, bytes.length);
    header[4] = name.endsWith(".png") ? 1 : 0;
    return [header, new Uint8Array(bytes)];
  });
  const ROUNDS = Number(process.env.BENCH_BARCODE_ROUNDS ?? 25);
  type BarcodeRun = { msPerPhoto: number; photos: number; reads: number };
  // Through the BARCODE service binding (RPC to the barcode Worker, as the consumer reads), then the
  // reader called in the calling isolate itself, so the binding's share shows.
  const barcode = await post<BarcodeRun>(`/barcode?rounds=${ROUNDS}&via=binding`, Buffer.concat(parts));
  const direct = await post<BarcodeRun>(`/barcode?rounds=${ROUNDS}&via=direct`, Buffer.concat(parts));
  rows.push(
    "",
    `Barcode reading (zxing-wasm in the barcode Worker), ${fixtures.length} cover photos × ${ROUNDS}:`,
    "",
    "| photos | ISBNs read | ms a photo | of which the reader (called in-isolate) |",
    "|---:|---:|---:|---:|",
    `| ${barcode.photos} | ${barcode.reads} | ${barcode.msPerPhoto.toFixed(2)} | ${direct.msPerPhoto.toFixed(2)} |`,
  );
  console.log(`\n${rows.join("\n")}\n`);
} finally {
  await dispose();
}
