import { z } from "zod";
import { SIMPLE_EMAIL } from "./shared/rules";
import { isPlainText } from "./shared/text";

const INVALID_EMAIL = "Please enter a valid email address";

/** An e-mail as the product accepts it (the simple pattern: text, at sign, text, dot, text), stored lower-case. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(SIMPLE_EMAIL, INVALID_EMAIL)
  // The pattern allows any non-space character; an address must not hide controls or bidi tricks.
  .refine(isPlainText, INVALID_EMAIL)
  .transform((email) => email.toLowerCase());
