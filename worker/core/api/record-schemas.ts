import { z } from "zod";
import { AGE_GROUPS_FROM_COVER } from "../shared/cover-analysis";

/**
 * Records that several features' answers carry (a book's, the metadata search's, the cover
 * analysis routes'), described once for the API reference. Here, below the features, so their
 * api-schemas modules share them without importing one another's index (a load-order circle).
 */

const epochMs = z.number().int();

/** Google Books' volume record as a book keeps it (`google_metadata`); Open Library's answers are mapped into the same shape. */
export const googleMetadataView = z.looseObject({
  volumeInfo: z.looseObject({
    title: z.string().optional(),
    subtitle: z.string().optional(),
    authors: z.array(z.string()).optional(),
    publisher: z.string().optional(),
    publishedDate: z.string().optional(),
    categories: z.array(z.string()).optional(),
    pageCount: z.number().optional(),
    language: z.string().optional(),
    description: z.string().optional(),
    industryIdentifiers: z.array(z.looseObject({ type: z.string(), identifier: z.string() })).optional(),
    averageRating: z.number().optional(),
    ratingsCount: z.number().optional(),
    imageLinks: z.looseObject({ thumbnail: z.string().optional(), smallThumbnail: z.string().optional() }).optional(),
  }),
  price: z.looseObject({ amount: z.number(), currencyCode: z.string().optional() }).optional(),
  isEbook: z.boolean().optional(),
  source: z.enum(["google-books", "open-library", "seed"]).optional(),
  /** The provider's id for the record (`{id}` for Google Books, `{key}` for Open Library). */
  raw: z.unknown().optional(),
});

const candidateView = z.looseObject({ value: z.string(), confidence: z.number().min(0).max(1) });

/** The vision model's reading of a cover (`cover_analysis`), as core/shared/cover-analysis.ts stores it. */
export const coverAnalysisView = z.looseObject({
  title_candidates: z.array(candidateView),
  author_candidates: z.array(candidateView),
  isbn: z.string().nullable().optional(),
  language_guess: z.string().nullable().optional(),
  categories: z.array(z.string()),
  age_group: z.enum(AGE_GROUPS_FROM_COVER).nullable().optional(),
  audience: z.array(z.string()),
  themes: z.array(z.string()),
  content_warnings: z.array(z.string()),
  source: z.string(),
  model: z.string().optional(),
  analyzedAt: epochMs.optional(),
  message: z.string().optional(),
});
