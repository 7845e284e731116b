import { readConfig } from "@worker/core/config";
import { type Database, getDatabase } from "@worker/db/client";
import { applyAnalysis, findBookForAnalysis, markNeedsDetails, recordAttempt } from "./analysis-writes";
import { loadCoverImage } from "./cover-image";
import { asClassified, PermanentError, raceAbort, TransientError } from "./errors";
import { announceTitled, noteLookupOutcome, processIsbnLookup, replaceBarcodePhoto } from "./isbn-lookup";
import { lookUpBookMetadata, lookupSettingsFrom } from "./metadata/lookup";
import { ANALYSIS_TIMEOUT_MS, type CoverAnalyzer, createCoverAnalyzer } from "./providers";
import {
  type CoverAnalysisMessage,
  coverAnalysisMessageSchema,
  coverReadingMessageSchema,
  DEAD_LETTER_QUEUE,
  isbnLookupMessageSchema,
  MAX_RETRIES,
  queueIsbnLookup,
} from "./queue-message";
import {
  GAVE_UP_MESSAGE,
  ISBN_NOT_FOUND_MESSAGE,
  LOOKUP_GAVE_UP_MESSAGE,
  LOOKUP_UNAVAILABLE_MESSAGE,
  onlyBarcodeRead,
  readCover,
  UNREADABLE_MESSAGE,
} from "./reading";

/** The whole metadata lookup (up to four requests) gets this long; the analysis is never held up more. */
export const ENRICHMENT_BUDGET_MS = 20_000;

/** 10 s, 20 s, 40 s, 80 s, ... capped at 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));
}

/** Seams for tests and benchmarks; production passes none and gets the configured provider. */
export interface CoverConsumerDeps {
  analyzer?: CoverAnalyzer;
  analysisTimeoutMs?: number;
  enrichmentBudgetMs?: number;
  now?: () => number;
}

interface RunContext {
  db: Database;
  env: Env;
  deps: CoverConsumerDeps;
  analyzer: () => CoverAnalyzer;
}

async function analyzeAndApply(run: RunContext, target: { bookId: string; key: string; attempts: number; now: number }) {
  const book = await findBookForAnalysis(run.db, target.bookId);
  // Deleted, given a new cover, or already finished by an earlier delivery: nothing to do.
  if (!book || book.coverKey !== target.key || book.analysisState !== "pending") return;

  const image = await loadCoverImage(run.env.MEDIA, target.key);
  const signal = AbortSignal.timeout(run.deps.analysisTimeoutMs ?? ANALYSIS_TIMEOUT_MS);
  const result = await raceAbort(run.analyzer().analyze(image, signal), signal);
  const reading = readCover(result, target.now);

  // Enrichment only follows a confident reading: a guessed title would fetch some other book.
  const lookup =
    reading.isbn13 || reading.title
      ? await lookUpBookMetadata(
          { isbn13: reading.isbn13, title: reading.title, author: reading.author },
          {
            ...lookupSettingsFrom(readConfig(run.env)),
            signal: AbortSignal.timeout(run.deps.enrichmentBudgetMs ?? ENRICHMENT_BUDGET_MS),
          },
        )
      : { match: null, unreachable: false };
  // A photo that gave only a barcode (the back of the book) is no cover when the record has one.
  const cover = onlyBarcodeRead(reading.analysis) ? await replaceBarcodePhoto(run.env, book.userId, lookup.match) : null;
  const unread = lookup.unreachable ? LOOKUP_UNAVAILABLE_MESSAGE : ISBN_NOT_FOUND_MESSAGE;
  const write = await applyAnalysis(run.db, target, reading, lookup.match, unread, cover?.key);
  await cover?.settle(write.applied, target.key);
  await announceTitled(run.db, run.env, write, book, target.now);
  // The ISBN is known but nobody could be asked: the queue asks again later, with backoff.
  if (write.applied && !write.titled && lookup.unreachable && reading.isbn13) {
    try {
      await queueIsbnLookup(run.env, target.bookId, reading.isbn13);
    } catch (error) {
      // The owner still has "Look up again" and the fields to fill in.
      console.warn(`Could not queue the ISBN lookup of book ${target.bookId}`, error);
    }
  }
}

async function processMessage(run: RunContext, message: Message<unknown>) {
  const lookup = isbnLookupMessageSchema.safeParse(message.body);
  if (lookup.success)
    return processIsbnLookup(run.db, run.env, message, lookup.data, run.deps.now?.() ?? Date.now(), run.deps.enrichmentBudgetMs ?? ENRICHMENT_BUDGET_MS);
  const parsed = coverReadingMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    console.warn(`Dropping cover-analysis message ${message.id}: not { bookId, key } or an ISBN lookup`);
    message.ack();
    return;
  }
  const target = { ...parsed.data, attempts: message.attempts, now: run.deps.now?.() ?? Date.now() };
  try {
    await analyzeAndApply(run, target);
    message.ack();
  } catch (error) {
    const failure = asClassified(error, "Cover analysis");
    try {
      if (failure instanceof PermanentError) {
        console.warn(`Cover analysis of book ${target.bookId} failed for good: ${failure.message}`);
        await markNeedsDetails(run.db, target, failure.userMessage ?? UNREADABLE_MESSAGE);
        message.ack();
      } else if (message.attempts > MAX_RETRIES) {
        console.warn(`Cover analysis of book ${target.bookId} gave up after ${message.attempts} attempts: ${failure.message}`);
        await markNeedsDetails(run.db, target, GAVE_UP_MESSAGE);
        message.ack();
      } else {
        const delaySeconds = retryDelaySeconds(message.attempts);
        console.warn(`Cover analysis of book ${target.bookId} will retry in ${delaySeconds} s: ${failure.message}`);
        await recordAttempt(run.db, target.bookId, target.key, message.attempts, target.now);
        message.retry({ delaySeconds });
      }
    } catch (writeError) {
      // Could not even record the outcome (D1 unavailable): let the queue deliver it again.
      console.error(`Cover analysis of book ${target.bookId} could not record its outcome`, writeError);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** Messages the queue gave up on (crashes, CPU limits): the book must not stay "pending" forever. */
async function processDeadLetter(db: Database, message: Message<unknown>, now: number) {
  const parsed = coverAnalysisMessageSchema.safeParse(message.body);
  if (parsed.success && "key" in parsed.data) {
    await markNeedsDetails(db, { ...parsed.data, attempts: MAX_RETRIES + 1, now }, GAVE_UP_MESSAGE);
  } else if (parsed.success && "isbn13" in parsed.data) {
    await noteLookupOutcome(db, parsed.data, LOOKUP_GAVE_UP_MESSAGE, now);
  }
  message.ack();
}

export async function handleCoverAnalysisBatch(batch: MessageBatch<CoverAnalysisMessage>, env: Env, _ctx: ExecutionContext, deps: CoverConsumerDeps = {}) {
  const db = getDatabase(env.DB);
  if (batch.queue === DEAD_LETTER_QUEUE) {
    const now = deps.now?.() ?? Date.now();
    await Promise.all(batch.messages.map((message) => processDeadLetter(db, message, now)));
    return;
  }
  let analyzer = deps.analyzer;
  const run: RunContext = {
    db,
    env,
    deps,
    analyzer: () => {
      if (!analyzer) {
        try {
          analyzer = createCoverAnalyzer(readConfig(env), env);
        } catch (error) {
          // A configuration mistake can be fixed before the retries run out, so it is not permanent.
          throw new TransientError(error instanceof Error ? error.message : String(error), { cause: error });
        }
      }
      return analyzer;
    },
  };
  // Messages are independent; a batch is at most max_batch_size (5) covers.
  await Promise.all(batch.messages.map((message) => processMessage(run, message)));
}
