/** A language tag's shape: a 2–3 letter language, then subtags (pt-BR, zh-Hant, sr-Latn-RS). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;

/** Longest code a book keeps (the metadata's field is bounded the same). */
export const BOOK_LANGUAGE_MAX = 16;

/**
 * A book's language as books store it and the library filters by it: the tag in its canonical form
 * (EN → en, pt-br → pt-BR, iw → he), or null when it is no language tag. Writes and the filter both
 * pass through here, so a code found on a book is the code that finds it.
 */
export function bookLanguage(code: string | null | undefined): string | null {
  const tag = code?.trim();
  if (!tag || tag.length > BOOK_LANGUAGE_MAX || !LANGUAGE_TAG.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}
