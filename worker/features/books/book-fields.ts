import { translate } from "@worker/core/i18n/request-language";
import { bookLanguage } from "@worker/core/shared/book-language";
import { msg } from "@worker/core/shared/translate";
import { z } from "zod";

export const LANGUAGE_NOT_A_CODE = msg("language must be a language code, such as en or pt-BR.");

/**
 * A book's language as books store it (bookLanguage), on a book's form and in the library's filter
 * alike: any case is taken (pt-br is pt-BR), anything but a language tag is refused.
 */
export const languageCodeField = z.string().transform((value, issues) => {
  const code = bookLanguage(value);
  if (code === null) issues.addIssue({ code: "custom", message: translate(LANGUAGE_NOT_A_CODE) });
  return code ?? z.NEVER;
});
