import { AGE_GROUPS_FROM_COVER, type Candidate, COVER_ALT_MAX, type CoverAnswer, coverAnswerSchema } from "@worker/core/shared/cover-analysis";
import { sanitizeText } from "@worker/core/shared/text";
import { z } from "zod";

// What we ask every vision model for, in one place: the prompt and the JSON Schema are shared by
// the Workers AI and OpenAI-compatible providers; `modelAnswerSchema` cleans what comes back.

/**
 * A nullable enum is written `{ type: ["string", "null"], enum: [..., null] }` rather than zod's
 * `anyOf`: the flat form is the one the providers' constrained decoders were checked with.
 */
function flattenNullableEnum({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }) {
  if (zodSchema._zod.def.type !== "nullable") return;
  const [values, nullType] = jsonSchema.anyOf ?? [];
  if (!values?.enum || values.type !== "string" || nullType?.type !== "null") return;
  delete jsonSchema.anyOf;
  Object.assign(jsonSchema, { type: ["string", "null"], enum: [...values.enum, null] });
}

/**
 * Generated from the zod schema. The "$schema" dialect line is dropped: both providers take the
 * bare schema object (Workers AI's `json_schema`, OpenAI's `json_schema.schema`).
 */
const { $schema: _dialect, ...generatedJsonSchema } = z.toJSONSchema(coverAnswerSchema, { override: flattenNullableEnum });
export const COVER_ANALYSIS_JSON_SCHEMA = generatedJsonSchema;

export const COVER_ANALYSIS_SYSTEM_PROMPT = [
  "You read photographs of book covers for a community library.",
  "Answer with one JSON object that follows the given schema, and nothing else.",
  "List only titles and author names you can actually see on the cover; never guess a book from its artwork.",
  "Give each candidate a confidence between 0 and 1; use low values when text is blurred, cut off or stylised.",
  "Set isbn only when an ISBN or an EAN-13 barcode number is legible; otherwise null.",
  "language_guess is the ISO 639-1 code of the cover's language.",
  `age_group is one of ${AGE_GROUPS_FROM_COVER.join(", ")}, or null when unclear.`,
  "categories, audience, themes and content_warnings are short lowercase phrases; use empty arrays when unsure.",
  `cover_description is one short English sentence (under ${COVER_ALT_MAX} characters) describing the cover's picture for a reader who cannot see it, e.g. "a woman in a green dress reading by a window"; leave out the title and author; null for a cover with nothing but text.`,
].join("\n");

export const COVER_ANALYSIS_USER_PROMPT = "Read this book cover and return the JSON object.";

const MAX_CANDIDATES = 5;
const MAX_TAGS = 12;

/** Models sometimes answer 85 for 0.85; anything else out of range is unusable and becomes 0. */
function normalizeConfidence(value: unknown): number {
  const number = typeof value === "string" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number) || number < 0) return 0;
  if (number <= 1) return number;
  return number <= 100 ? number / 100 : 0;
}

const looseCandidateSchema = z.object({
  value: z.string().trim().min(1).max(300),
  confidence: z.unknown().transform(normalizeConfidence),
});

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Drops malformed entries instead of rejecting the whole answer: one bad candidate is not a bad cover. */
function cleanCandidates(value: unknown): Candidate[] {
  return asList(value)
    .flatMap((item) => {
      const parsed = looseCandidateSchema.safeParse(typeof item === "string" ? { value: item, confidence: 0 } : item);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, MAX_CANDIDATES);
}

function cleanTags(value: unknown): string[] {
  return asList(value)
    .filter((item): item is string => typeof item === "string" && item.trim().length > 0)
    .map((item) => item.trim().slice(0, 80))
    .slice(0, MAX_TAGS);
}

const cleanText = (value: unknown, max: number) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null);

/** One line of plain text, at most COVER_ALT_MAX characters (cut at a word), without a closing full stop: it ends a sentence of ours. */
function coverDescription(value: unknown): string | null {
  const text = typeof value === "string" ? sanitizeText(value).replace(/\s+/g, " ").trim() : "";
  if (!text) return null;
  const cut =
    text.length <= COVER_ALT_MAX ? text : text.slice(0, text.lastIndexOf(" ", COVER_ALT_MAX) > 0 ? text.lastIndexOf(" ", COVER_ALT_MAX) : COVER_ALT_MAX);
  return cut.replace(/[.\s]+$/, "") || null;
}

/** How each field is cleaned; typed by the answer's fields, so a field added to the schema must say how. */
const cleanField: { [K in keyof CoverAnswer]: (value: unknown) => CoverAnswer[K] } = {
  title_candidates: cleanCandidates,
  author_candidates: cleanCandidates,
  isbn: (value) => cleanText(value, 40),
  language_guess: (value) => cleanText(value, 16)?.toLowerCase() ?? null,
  categories: cleanTags,
  age_group: (value) => AGE_GROUPS_FROM_COVER.find((group) => group === value) ?? null,
  audience: cleanTags,
  themes: cleanTags,
  content_warnings: cleanTags,
  cover_description: coverDescription,
};

/**
 * Lenient on detail, strict on shape: the answer must be an object; its fields are cleaned one by
 * one (a missing key becomes empty), then checked against the same schema the model was given.
 */
export const modelAnswerSchema = z
  .looseObject({})
  .transform((answer) => Object.fromEntries(Object.entries(cleanField).map(([key, clean]) => [key, clean(answer[key])])))
  .pipe(coverAnswerSchema);
export type ModelAnswer = z.output<typeof modelAnswerSchema>;
