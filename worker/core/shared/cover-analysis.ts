import { z } from "zod";

/**
 * The one definition of a cover analysis. The JSON Schema the vision models are given is generated
 * from `coverAnswerSchema` (worker/features/covers/analysis-schema.ts) and the stored record's type is
 * inferred from `coverAnalysisSchema`, so the shape is written once.
 */
export const AGE_GROUPS_FROM_COVER = ["children", "middle_grade", "young_adult", "adult"] as const;

const candidateSchema = z.object({ value: z.string(), confidence: z.number().min(0).max(1) });
export type Candidate = z.infer<typeof candidateSchema>;

/** What a vision model is asked to answer (every field required, as strict JSON-schema modes want). */
/** How long a cover's description (its alt text after "Cover of {title} by {author}: ") may be. */
export const COVER_ALT_MAX = 200;

export const coverAnswerSchema = z.object({
  title_candidates: z.array(candidateSchema).describe("Possible titles as printed on the cover, most likely first."),
  author_candidates: z.array(candidateSchema).describe("Possible author names as printed on the cover, most likely first."),
  isbn: z.string().nullable().describe("ISBN-13 or ISBN-10 only if printed on the cover, digits only."),
  language_guess: z.string().nullable().describe("ISO 639-1 code of the cover text, e.g. en."),
  categories: z.array(z.string()),
  age_group: z.enum(AGE_GROUPS_FROM_COVER).nullable(),
  audience: z.array(z.string()),
  themes: z.array(z.string()),
  content_warnings: z.array(z.string()),
  cover_description: z
    .string()
    .nullable()
    .describe(
      "One short sentence describing the cover's picture for someone who cannot see it, without its title or author; null when there is nothing to describe.",
    ),
});
export type CoverAnswer = z.infer<typeof coverAnswerSchema>;

/** The analysis as stored on a book (the book page's "Cover analysis" section, docs/product.md#book-page): the answer plus where it came from. */
export const coverAnalysisSchema = coverAnswerSchema
  // Records written by other sources (seed data, the local reader) may leave these out.
  .partial({ isbn: true, language_guess: true, age_group: true, cover_description: true })
  .extend({
    source: z.string(),
    model: z.string().optional(),
    analyzedAt: z.number().optional(),
    /** Why the owner is asked for details, when they are. */
    message: z.string().optional(),
  });
export type CoverAnalysis = z.infer<typeof coverAnalysisSchema>;
