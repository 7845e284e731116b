import { z } from "zod";

/**
 * The cover-analysis queue's contract, apart from the consumer: what a producer sends and how the
 * queue is configured, so code that enqueues or types the Worker entry never imports queue handling.
 */
export const coverAnalysisMessageSchema = z.object({ bookId: z.string().min(1), key: z.string().min(1) });
export type CoverAnalysisMessage = z.infer<typeof coverAnalysisMessageSchema>;

/** Must match `max_retries` of the cover-analysis consumer in wrangler.toml: deliveries = retries + 1. */
export const MAX_RETRIES = 4;
/** Must match `dead_letter_queue` in wrangler.toml. */
export const DEAD_LETTER_QUEUE = "cover-analysis-dlq";
