import { z } from "zod";
import type { Candidate } from "../db/schema";

/**
 * What we ask every vision model for, in one place: the prompt and the JSON schema are shared by
 * the Workers AI and OpenAI-compatible providers; the zod schema below validates what comes back.
 */
export const AGE_GROUPS_FROM_COVER = ["children", "middle_grade", "young_adult", "adult"] as const;

export const COVER_ANALYSIS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  properties: {
    title_candidates: {
      type: "array",
      description: "Possible titles as printed on the cover, most likely first.",
      items: {
        type: "object",
        additionalProperties: false,
        properties: { value: { type: "string" }, confidence: { type: "number", minimum: 0, maximum: 1 } },
        required: ["value", "confidence"],
      },
    },
    author_candidates: {
      type: "array",
      description: "Possible author names as printed on the cover, most likely first.",
      items: {
        type: "object",
        additionalProperties: false,
        properties: { value: { type: "string" }, confidence: { type: "number", minimum: 0, maximum: 1 } },
        required: ["value", "confidence"],
      },
    },
    isbn: { type: ["string", "null"], description: "ISBN-13 or ISBN-10 only if printed on the cover, digits only." },
    language_guess: { type: ["string", "null"], description: "ISO 639-1 code of the cover text, e.g. en." },
    categories: { type: "array", items: { type: "string" } },
    age_group: { type: ["string", "null"], enum: [...AGE_GROUPS_FROM_COVER, null] },
    audience: { type: "array", items: { type: "string" } },
    themes: { type: "array", items: { type: "string" } },
    content_warnings: { type: "array", items: { type: "string" } },
  },
  required: [
    "title_candidates",
    "author_candidates",
    "isbn",
    "language_guess",
    "categories",
    "age_group",
    "audience",
    "themes",
    "content_warnings",
  ],
} as const;

export const COVER_ANALYSIS_SYSTEM_PROMPT = [
  "You read photographs of book covers for a community library.",
  "Answer with one JSON object that follows the given schema, and nothing else.",
  "List only titles and author names you can actually see on the cover; never guess a book from its artwork.",
  "Give each candidate a confidence between 0 and 1; use low values when text is blurred, cut off or stylised.",
  "Set isbn only when an ISBN or an EAN-13 barcode number is legible; otherwise null.",
  "language_guess is the ISO 639-1 code of the cover's language.",
  "age_group is one of children, middle_grade, young_adult, adult, or null when unclear.",
  "categories, audience, themes and content_warnings are short lowercase phrases; use empty arrays when unsure.",
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

/** Any value, including a missing key: the fields below are cleaned rather than required. */
const anything = () => z.unknown().optional();

const candidateSchema = z.object({
  value: z.string().trim().min(1).max(300),
  confidence: anything().transform(normalizeConfidence),
});

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Drops malformed entries instead of rejecting the whole answer: one bad candidate is not a bad cover. */
const candidates = anything().transform((value): Candidate[] =>
  asList(value)
    .flatMap((item) => {
      const parsed = candidateSchema.safeParse(typeof item === "string" ? { value: item, confidence: 0 } : item);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, MAX_CANDIDATES),
);

const tags = anything().transform((value) =>
  asList(value)
    .filter((item): item is string => typeof item === "string" && item.trim().length > 0)
    .map((item) => item.trim().slice(0, 80))
    .slice(0, MAX_TAGS),
);

const optionalText = (max: number) =>
  anything().transform((value) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null));

const ageGroup = anything().transform((value) => AGE_GROUPS_FROM_COVER.find((group) => group === value) ?? null);

/** Lenient on detail, strict on shape: the answer must be an object; fields are cleaned one by one. */
export const modelAnswerSchema = z.object({
  title_candidates: candidates,
  author_candidates: candidates,
  isbn: optionalText(40),
  language_guess: optionalText(16).transform((value) => value?.toLowerCase() ?? null),
  categories: tags,
  age_group: ageGroup,
  audience: tags,
  themes: tags,
  content_warnings: tags,
});
export type ModelAnswer = z.output<typeof modelAnswerSchema>;
