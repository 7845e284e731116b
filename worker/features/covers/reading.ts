import { audienceOf } from "@worker/core/shared/audience";
import { normalizeIsbn } from "@worker/core/shared/isbn";
import { msg } from "@worker/core/shared/translate";
import type { AgeGroupFine, CoverAnalysis } from "@worker/db/schema";
import type { AnalyzerResult } from "./providers/types";

/** Below this the model is guessing; its candidates are kept for the owner but not applied. */
export const MIN_CONFIDENCE = 0.5;

// What the owner is asked on the book. Kept on the book in English (the catalogue's key) and written
// in the reader's language where it is shown.
export const UNREADABLE_MESSAGE = msg("We couldn't read this cover. Please add the title and author.");
export const LOW_CONFIDENCE_MESSAGE = msg("We couldn't read this cover confidently. Please check the title and author and add them.");
export const GAVE_UP_MESSAGE = msg("We couldn't read this cover right now. Please add the title and author.");
// The ISBN was read; the title waits on the book catalogues (decision 024).
export const LOOKUP_UNAVAILABLE_MESSAGE = msg(
  "We read the ISBN but couldn't reach the book catalogues. We'll look it up again shortly, or you can add the title and author.",
);
export const LOOKUP_GAVE_UP_MESSAGE = msg('We still couldn\'t reach the book catalogues. Try "Look up again" later, or add the title and author.');
export const ISBN_NOT_FOUND_MESSAGE = msg("We read the ISBN but the book catalogues don't know it. Please add the title and author.");

/** What one analysis says about the book, before enrichment. */
export interface CoverReading {
  analysis: CoverAnalysis;
  title: string | null;
  author: string | null;
  isbn10: string | null;
  isbn13: string | null;
  ageGroupFine: AgeGroupFine | null;
  language: string | null;
  /** What the cover shows, for its alt text (null: "Cover of {title} by {author}" alone). */
  coverAlt: string | null;
  /** needs_details when neither a confident title nor a valid ISBN was found. */
  state: "done" | "needs_details";
  message: string | null;
}

function confident(candidates: CoverAnalysis["title_candidates"]): string | null {
  const top = candidates[0];
  return top && top.confidence >= MIN_CONFIDENCE ? top.value : null;
}

/** Whether the photo gave an ISBN and no confident title: the back of the book, not a cover to show. */
export function onlyBarcodeRead(analysis: CoverAnalysis | null): boolean {
  return Boolean(analysis?.isbn) && !analysis!.title_candidates.some((candidate) => candidate.confidence >= MIN_CONFIDENCE);
}

/** Applies the confidence rule and validates the ISBN; the analysis record keeps everything. */
export function readCover(result: AnalyzerResult, now: number): CoverReading {
  const { answer } = result;
  const isbns = normalizeIsbn(answer.isbn);
  const analysis: CoverAnalysis = {
    source: result.source,
    model: result.model,
    title_candidates: answer.title_candidates,
    author_candidates: answer.author_candidates,
    isbn: isbns?.isbn13 ?? isbns?.isbn10 ?? null,
    language_guess: answer.language_guess,
    categories: answer.categories,
    age_group: answer.age_group,
    audience: answer.audience,
    themes: answer.themes,
    content_warnings: answer.content_warnings,
    cover_description: answer.cover_description,
    analyzedAt: now,
  };
  const title = confident(answer.title_candidates);
  const author = confident(answer.author_candidates);

  let message: string | null = null;
  if (!title && !isbns) {
    const hadCandidates = answer.title_candidates.length > 0 || answer.author_candidates.length > 0;
    message = hadCandidates ? LOW_CONFIDENCE_MESSAGE : (result.notice ?? UNREADABLE_MESSAGE);
    analysis.message = message;
  }
  return {
    analysis,
    title,
    author,
    isbn10: isbns?.isbn10 ?? null,
    isbn13: isbns?.isbn13 ?? null,
    ageGroupFine: audienceOf({ ageGroupFine: null, advancedMetadata: null, cover_analysis: analysis }),
    language: /^[a-z]{2}$/.test(answer.language_guess ?? "") ? answer.language_guess : null,
    coverAlt: answer.cover_description,
    state: message ? "needs_details" : "done",
    message,
  };
}
