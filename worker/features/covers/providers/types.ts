import type { AppConfig } from "@worker/core/config";
import type { ImageType } from "@worker/core/shared/image-type";
import type { ModelAnswer } from "../analysis-schema";

/** A provider that has not answered by now is stuck; a retry may land on a healthier instance. */
export const ANALYSIS_TIMEOUT_MS = 25_000;

export interface CoverImage {
  bytes: Uint8Array;
  type: ImageType;
}

export interface AnalyzerResult {
  /** Recorded as the analysis record's source, e.g. "workers-ai" or "local-barcode". */
  source: string;
  model?: string;
  answer: ModelAnswer;
  /** Shown to the owner when the answer leaves the book without a title or ISBN (a catalogue text, kept in English). */
  notice?: string;
}

/**
 * One way of reading a cover. Implementations throw TransientError for failures worth retrying
 * and PermanentError for those that are not; they never write to the database.
 */
export interface CoverAnalyzer {
  readonly name: AppConfig["COVER_ANALYZER"];
  analyze(image: CoverImage, signal: AbortSignal): Promise<AnalyzerResult>;
}
