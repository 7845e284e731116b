import { z } from "zod";
import { translate } from "./i18n/request-language";
import { SIMPLE_EMAIL } from "./shared/rules";
import { isPlainText } from "./shared/text";

// Written in the request's language when an address is refused.
const invalidEmail = () => translate("Please enter a valid email address");

/** An e-mail as the product accepts it (the simple pattern: text, at sign, text, dot, text), stored lower-case. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(SIMPLE_EMAIL, { error: invalidEmail })
  // The pattern allows any non-space character; an address must not hide controls or bidi tricks.
  .refine(isPlainText, { error: invalidEmail })
  .transform((email) => email.toLowerCase());
