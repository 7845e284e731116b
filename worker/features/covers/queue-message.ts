import { z } from "zod";

/**
 * The cover-analysis queue's contract, apart from the consumer: what a producer sends and how the
 * queue is configured, so code that enqueues or types the Worker entry never imports queue handling.
 */
export const coverReadingMessageSchema = z.object({ bookId: z.string().min(1), key: z.string().min(1) });
/** Looks a book's ISBN up again (the services could not be reached, or its owner asked): decision 024. */
export const isbnLookupMessageSchema = z.object({ bookId: z.string().min(1), lookup: z.literal("isbn"), isbn13: z.string().regex(/^\d{13}$/) });
export const coverAnalysisMessageSchema = z.union([isbnLookupMessageSchema, coverReadingMessageSchema]);
export type CoverAnalysisMessage = z.infer<typeof coverAnalysisMessageSchema>;
export type CoverReadingMessage = z.infer<typeof coverReadingMessageSchema>;
export type IsbnLookupMessage = z.infer<typeof isbnLookupMessageSchema>;

/** Must match `max_retries` of the cover-analysis consumer in wrangler.toml: deliveries = retries + 1. */
export const MAX_RETRIES = 4;
/** Must match `dead_letter_queue` in wrangler.toml. */
export const DEAD_LETTER_QUEUE = "cover-analysis-dlq";

/**
 * Before the n-th delivery of an ISBN lookup: 1, 4, 16, 60, 60 minutes (about 2.4 hours over the
 * queue's five deliveries); a metadata service that is down is rarely back within seconds.
 */
export function lookupDelaySeconds(delivery: number): number {
  return Math.min(3600, 60 * 4 ** Math.max(0, delivery - 1));
}

/** Queues a lookup of the book's ISBN (first delivery after lookupDelaySeconds(1), or at once when its owner asks). */
export async function queueIsbnLookup(env: Env, bookId: string, isbn13: string, options: { now?: boolean } = {}): Promise<void> {
  const body: IsbnLookupMessage = { bookId, lookup: "isbn", isbn13 };
  await env.COVER_QUEUE.send(body, { delaySeconds: options.now ? 0 : lookupDelaySeconds(1) });
}
