import { z } from "zod";
import type { MessageValues } from "./translate";
import { translateText } from "./translate";

// Text members type in is stored and shown to others, so it is cleaned once, here, on the server
// (server only: its messages are written in the request's language).

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** C0 and C1 controls, DEL included. Tab, line feed and carriage return are handled separately. */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Bidi embeddings, overrides and isolates: they can make text read differently from what it is. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Anything that is not whitespace and not invisible by definition (zero-width space, joiners, BOM, ...). */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Well-formed NFC text without control or bidi-override characters, trimmed. Multi-line text keeps
 * tabs and line breaks (CRLF from form posts becomes LF); single-line text turns them into spaces.
 */
export function sanitizeText(value: string, { multiline = false } = {}): string {
  const cleaned = value.replace(/\r\n?/g, "\n").replace(LONE_SURROGATE, "\uFFFD").replace(CONTROLS, "").replace(BIDI_CONTROLS, "");
  // Normalised last: removing a character can bring a base letter and its accent together.
  return (multiline ? cleaned : cleaned.replace(/[\t\n]/g, " ")).normalize("NFC").trim();
}

/** True when the text shows at least one character: not only spaces or zero-width characters. */
export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE.test(value);
}

/**
 * A message of cleanText: a catalogue text, marked with msg() where it is written and holding `{max}`
 * for the limit if it names it, or a function that writes one.
 */
export type TextMessage = string | (() => string);

/**
 * The one schema for member-typed text: cleaned by `sanitizeText`, then at most `max` characters,
 * and with `required` (its message) at least one visible character. The messages are written in the
 * request's language when a value is refused, with `{max}` (and any `values`) filled in.
 */
export function cleanText(options: { max: number; tooLong: TextMessage; required?: TextMessage; multiline?: boolean; values?: MessageValues }) {
  const write = (message: TextMessage) => () => (typeof message === "function" ? message() : translateText(message, { max: options.max, ...options.values }));
  const checked = z.string().max(options.max, { error: write(options.tooLong) });
  const required = options.required;
  return (
    z
      .string()
      // What the reference tells clients (the limits apply to the cleaned text, which is never longer).
      .meta({ maxLength: options.max, ...(required ? { minLength: 1 } : {}) })
      .transform((value) => sanitizeText(value, options))
      .pipe(required ? checked.refine(hasVisibleCharacter, { error: write(required) }) : checked)
  );
}

/** True when text would be stored exactly as sent: nothing to clean and no invisible characters. */
export function isPlainText(value: string): boolean {
  return sanitizeText(value) === value && !/\p{Default_Ignorable_Code_Point}/u.test(value);
}
