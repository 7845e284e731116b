import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { decodeBase64 } from "@oslojs/encoding";
import { IMAGE_EXTENSIONS, sniffImageType } from "@worker/core/shared/image-type";
import { books } from "@worker/db/schema";
import { type CoverConsumerDeps, handleCoverAnalysisBatch } from "@worker/features/covers/consumer";
import type { CoverAnalysisMessage } from "@worker/features/covers/queue-message";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { createBook, createMember, db } from "../helpers/fixtures";
import frontCoverJpg from "./fixtures/front-cover-no-barcode.jpg?inline";
import frontCoverPng from "./fixtures/front-cover-no-barcode.png?inline";
import backCoverJpg from "./fixtures/isbn-back-cover.jpg?inline";
import sidewaysPng from "./fixtures/isbn-back-cover-sideways.png?inline";

function fromDataUrl(dataUrl: string): Uint8Array {
  return decodeBase64(dataUrl.slice(dataUrl.indexOf(",") + 1));
}

/** The committed cover images (see fixtures/make-fixtures.mjs). */
export const fixtures = {
  /** Back cover, JPEG, with an EAN-13 for ISBN 9780141439471. */
  barcodeJpeg: fromDataUrl(backCoverJpg),
  /** The same back cover turned 90°, greyscale PNG. */
  barcodePng: fromDataUrl(sidewaysPng),
  /** A front cover with artwork and no barcode. */
  frontCoverJpeg: fromDataUrl(frontCoverJpg),
  frontCoverPng: fromDataUrl(frontCoverPng),
};

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/**
 * A real, valid white greyscale PNG of any size that is only a few KB long (deflate shrinks blank
 * rows about a thousandfold): what an attacker uploads to make a decoder allocate width × height.
 */
export async function blankPng(width: number, height: number): Promise<Uint8Array> {
  const row = new Uint8Array(1 + width).fill(255);
  row[0] = 0; // filter type "None"
  let rowsLeft = height;
  const rows = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (rowsLeft-- > 0) controller.enqueue(row.slice());
      else controller.close();
    },
  });
  const idat = new Uint8Array(await new Response(rows.pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, adaptive filtering, no interlace
  const parts = [
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    pngChunk("IHDR", header),
    pngChunk("IDAT", idat),
    pngChunk("IEND", new Uint8Array()),
  ];
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

export function coverKeyFor(userId: string, extension = "jpg") {
  return `covers/${userId}/${crypto.randomUUID()}.${extension}`;
}

/** An image-flow book as POST /api/books leaves it: empty title and author, analysis pending. */
export async function pendingBook(image: Uint8Array | null = fixtures.frontCoverJpeg, overrides: Parameters<typeof createBook>[1] = {}) {
  const owner = await createMember();
  const type = image ? (sniffImageType(image) ?? "image/jpeg") : "image/jpeg";
  const key = coverKeyFor(owner.id, IMAGE_EXTENSIONS[type]);
  if (image) await env.MEDIA.put(key, image, { httpMetadata: { contentType: type } });
  const book = await createBook(owner.id, { title: "", author: "", coverKey: key, analysisState: "pending", ...overrides });
  return { owner, book, key };
}

export async function readBook(id: string) {
  const [row] = await db.select().from(books).where(eq(books.id, id));
  return row ?? null;
}

let messageCounter = 0;

export function message(body: CoverAnalysisMessage | unknown, attempts = 1) {
  return { id: `msg-${++messageCounter}`, timestamp: new Date(), attempts, body: body as CoverAnalysisMessage };
}

/** Runs the real consumer on a batch and returns what it acked and retried. */
export async function runBatch(messages: ReturnType<typeof message>[], deps?: CoverConsumerDeps, queue = "cover-analysis") {
  const batch = createMessageBatch<CoverAnalysisMessage>(queue, messages);
  // getQueueResult does not report retry delays, so record them on the way through.
  const retryDelays: Record<string, number | undefined> = {};
  for (const received of batch.messages) {
    const retry = received.retry.bind(received);
    vi.spyOn(received, "retry").mockImplementation((options) => {
      retryDelays[received.id] = options?.delaySeconds;
      retry(options);
    });
  }
  const ctx = createExecutionContext();
  await handleCoverAnalysisBatch(batch, env, ctx, deps);
  return { ...(await getQueueResult(batch, ctx)), retryDelays };
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=UTF-8" } });
}

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Replaces outbound HTTP for this test: each request goes to the first route whose host matches;
 * anything else fails the way an unreachable host does. Returns the spy to inspect calls.
 */
export function mockFetch(routes: Record<string, Route>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const route = routes[url.host];
    if (!route) throw new TypeError(`Network connection lost (no route to ${url.host} in this test)`);
    return route(url, init);
  });
}

/** The URLs a fetch spy was called with, as URL objects. */
export function fetchedUrls(spy: ReturnType<typeof mockFetch>): URL[] {
  return spy.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)));
}
