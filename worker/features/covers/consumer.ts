import { readConfig } from "@worker/core/config";
import { type Database, getDatabase } from "@worker/db/client";
import { applyAnalysis, findBookForAnalysis, markNeedsDetails, recordAttempt } from "./analysis-writes";
import { loadCoverImage } from "./cover-image";
import { asClassified, PermanentError, raceAbort, TransientError } from "./errors";
import { findBookMetadata, lookupSettingsFrom } from "./metadata/lookup";
import { ANALYSIS_TIMEOUT_MS, type CoverAnalyzer, createCoverAnalyzer } from "./providers";
import { type CoverAnalysisMessage, coverAnalysisMessageSchema, DEAD_LETTER_QUEUE, MAX_RETRIES } from "./queue-message";
import { GAVE_UP_MESSAGE, readCover, UNREADABLE_MESSAGE } from "./reading";

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
  const match =
    reading.isbn13 || reading.title
      ? await findBookMetadata(
          { isbn13: reading.isbn13, title: reading.title, author: reading.author },
          {
            ...lookupSettingsFrom(readConfig(run.env)),
            signal: AbortSignal.timeout(run.deps.enrichmentBudgetMs ?? ENRICHMENT_BUDGET_MS),
          },
        )
      : null;
  await applyAnalysis(run.db, target, reading, match);
}

async function processMessage(run: RunContext, message: Message<unknown>) {
  const parsed = coverAnalysisMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    console.warn(`Dropping cover-analysis message ${message.id}: not { bookId, key }`);
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
  if (parsed.success) {
    await markNeedsDetails(db, { ...parsed.data, attempts: MAX_RETRIES + 1, now }, GAVE_UP_MESSAGE);
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
