import type { AdvancedMetadata, AgeGroupFine, CoverAnalysis } from "@worker/db/schema";
import { msg } from "./translate";

const AGE_GROUP_FROM_ANALYSIS: Record<NonNullable<CoverAnalysis["age_group"]>, AgeGroupFine> = {
  children: "early_reader",
  middle_grade: "middle_grade",
  young_adult: "young_adult",
  adult: "adult",
};

/** Catalogue texts: shown with t(label). */
export const AUDIENCE_LABELS: Record<AgeGroupFine, string> = {
  early_reader: msg("Early reader"),
  middle_grade: msg("Middle grade"),
  young_adult: msg("Young adult"),
  adult: msg("Adult"),
};

/** Audience (docs/product.md#book-page): the book's own age group, then the advanced metadata's, then the analysis's. */
export function audienceOf(book: {
  ageGroupFine: AgeGroupFine | null;
  advancedMetadata: AdvancedMetadata | null;
  cover_analysis: CoverAnalysis | null;
}): AgeGroupFine | null {
  const ageGroup = book.cover_analysis?.age_group;
  return book.ageGroupFine ?? book.advancedMetadata?.metadata?.ageGroupFine ?? (ageGroup ? AGE_GROUP_FROM_ANALYSIS[ageGroup] : null) ?? null;
}
