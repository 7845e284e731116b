import { type ModelAnswer, modelAnswerSchema } from "./analysis-schema";
import { PermanentError } from "./errors";

const FENCE = /```(?:json|JSON)?\s*([\s\S]*?)```/;

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one repair we attempt: keep the outermost {...}, drop trailing commas and smart quotes.
 * Anything worse is a broken answer, and asking again rarely fixes a model that ignored the schema.
 */
function repair(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return undefined;
  const candidate = text
    .slice(start, end + 1)
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/,\s*([}\]])/g, "$1");
  return tryParse(candidate);
}

function toObject(output: unknown): unknown {
  if (typeof output !== "string") return output;
  const text = output.trim();
  const fenced = FENCE.exec(text)?.[1]?.trim();
  const parsed = tryParse(fenced ?? text) ?? repair(fenced ?? text);
  // Some models double-encode: a JSON string whose content is the JSON object.
  return typeof parsed === "string" ? (tryParse(parsed) ?? repair(parsed)) : parsed;
}

/**
 * The model's answer as a validated record. It may arrive as an object (JSON mode) or as text,
 * possibly in a ```json fence; anything that is not a JSON object after one repair is permanent.
 */
export function parseModelAnswer(output: unknown): ModelAnswer {
  const value = toObject(output);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new PermanentError("The vision model did not answer with a JSON object");
  }
  const result = modelAnswerSchema.safeParse(value);
  if (!result.success) throw new PermanentError(`The vision model's answer did not match the schema: ${result.error.message}`);
  return result.data;
}
