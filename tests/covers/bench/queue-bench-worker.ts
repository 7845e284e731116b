// Worker side of `scripts/bench/queue.ts`: runs the real cover-analysis consumer on local D1 and R2
// with a recorded provider (no model, no network), so the figure is the pipeline's own cost. The local
// provider reads barcodes through BARCODE, the barcode Worker's service binding, as the page Worker does.

import { readEan13 } from "@worker/features/covers/barcode/read-ean13";
import { handleCoverAnalysisBatch } from "@worker/features/covers/consumer";
import { localAnalyzer } from "@worker/features/covers/providers/local";
import type { CoverAnalyzer } from "@worker/features/covers/providers/types";
import { workersAiAnalyzer } from "@worker/features/covers/providers/workers-ai";
import type { CoverReadingMessage } from "@worker/features/covers/queue-message";
import { applyMigrations } from "../../helpers/bench-migrate";
import { googleBooksPrideAndPrejudice, workersAiPrideAndPrejudice } from "../fixtures/recorded";

interface BenchEnv {
  DB: D1Database;
  MEDIA: R2Bucket;
  BARCODE: Env["BARCODE"];
}

type Photo = { bytes: Uint8Array; type: "image/jpeg" | "image/png" };

/** How a photo is read: through the barcode Worker's binding (what the page Worker pays), or the reader called in this isolate. */
const readers = {
  binding: async (env: BenchEnv, photo: Photo) => {
    const reading = await env.BARCODE.readEan13(photo.bytes, photo.type);
    return "ean13" in reading ? reading.ean13 : null;
  },
  direct: (_env: BenchEnv, photo: Photo) => readEan13(photo.bytes, photo.type),
};

const BATCH_SIZE = 5;

function analyzerFor(provider: string, env: BenchEnv): CoverAnalyzer {
  if (provider === "local") return localAnalyzer(env.BARCODE);
  const recordedAi = { run: async () => workersAiPrideAndPrejudice } as unknown as Ai;
  return workersAiAnalyzer(recordedAi, "@cf/meta/llama-4-scout-17b-16e-instruct");
}

function batchOf(bodies: CoverReadingMessage[]): MessageBatch<CoverReadingMessage> {
  const noop = () => {};
  return {
    queue: "cover-analysis",
    messages: bodies.map((body, i) => ({ id: `bench-${i}`, timestamp: new Date(), attempts: 1, body, ack: noop, retry: noop })),
    ackAll: noop,
    retryAll: noop,
  } as unknown as MessageBatch<CoverReadingMessage>;
}

async function seed(env: BenchEnv, runId: string, count: number, image: Uint8Array) {
  const userId = `bench-${runId}`;
  await env.DB.prepare("INSERT OR IGNORE INTO users (id, email, name) VALUES (?, ?, ?)").bind(userId, `${userId}@example.com`, "Bench").run();
  const bodies: CoverReadingMessage[] = [];
  for (let i = 0; i < count; i++) bodies.push({ bookId: crypto.randomUUID(), key: `covers/${userId}/${crypto.randomUUID()}.jpg` });
  for (let i = 0; i < bodies.length; i += 10) {
    await env.DB.batch(
      bodies
        .slice(i, i + 10)
        .map(({ bookId, key }) =>
          env.DB.prepare("INSERT INTO books (id, user_id, cover_key, analysis_state) VALUES (?, ?, ?, 'pending')").bind(bookId, userId, key),
        ),
    );
  }
  for (let i = 0; i < bodies.length; i += 20) {
    await Promise.all(bodies.slice(i, i + 20).map(({ key }) => env.MEDIA.put(key, image)));
  }
  return bodies;
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/migrate") return applyMigrations(request, env.DB);
    const runId = url.searchParams.get("run") ?? "0";
    if (url.pathname === "/seed") {
      const image = new Uint8Array(await request.arrayBuffer());
      const bodies = await seed(env, runId, Number(url.searchParams.get("books") ?? 100), image);
      return Response.json(bodies);
    }
    if (url.pathname === "/analyze") {
      const bodies = (await request.json()) as CoverReadingMessage[];
      // Metadata lookups get the recorded Google Books answer; nothing leaves the machine.
      globalThis.fetch = async () => Response.json(googleBooksPrideAndPrejudice);
      const analyzer = analyzerFor(url.searchParams.get("provider") ?? "workers-ai", env);
      const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;
      const concurrency = Number(url.searchParams.get("concurrency") ?? 1);
      const batches: CoverReadingMessage[][] = [];
      for (let i = 0; i < bodies.length; i += BATCH_SIZE) batches.push(bodies.slice(i, i + BATCH_SIZE));
      // Like the queue with `concurrency` consumer invocations in flight.
      await Promise.all(
        Array.from({ length: concurrency }, async (_, lane) => {
          for (let b = lane; b < batches.length; b += concurrency) {
            await handleCoverAnalysisBatch(batchOf(batches[b]!), env as unknown as Env, ctx, { analyzer });
          }
        }),
      );
      // Keep local storage small between runs.
      for (let i = 0; i < bodies.length; i += 1000) await env.MEDIA.delete(bodies.slice(i, i + 1000).map(({ key }) => key));
      const { results } = await env.DB.prepare(`SELECT analysis_state AS state, count(*) AS n FROM books WHERE user_id = ? GROUP BY analysis_state`)
        .bind(`bench-${runId}`)
        .all<{ state: string; n: number }>();
      return Response.json(Object.fromEntries(results.map((row) => [row.state, row.n])));
    }
    if (url.pathname === "/barcode") {
      // The photos arrive as one body: [4-byte length, 1-byte type (0 JPEG, 1 PNG), bytes]...
      const body = new Uint8Array(await request.arrayBuffer());
      const photos: Photo[] = [];
      for (let at = 0; at < body.length; ) {
        const length = new DataView(body.buffer, at, 4).getUint32(0);
        photos.push({ type: body[at + 4] === 1 ? "image/png" : "image/jpeg", bytes: body.slice(at + 5, at + 5 + length) });
        at += 5 + length;
      }
      const rounds = Number(url.searchParams.get("rounds") ?? 10);
      const read = readers[url.searchParams.get("via") === "direct" ? "direct" : "binding"];
      // One untimed pass: the module is compiled when the Worker loads, its first instance is not the steady state.
      for (const photo of photos) await read(env, photo);
      let reads = 0;
      const started = performance.now();
      for (let round = 0; round < rounds; round++) {
        for (const photo of photos) if (await read(env, photo)) reads++;
      }
      const photosRead = rounds * photos.length;
      return Response.json({ msPerPhoto: (performance.now() - started) / photosRead, photos: photosRead, reads });
    }
    return new Response("Not found", { status: 404 });
  },
};
