const languageNames = new Map<string, Intl.DisplayNames>();

/** "fr" reads "French" (in the page's language): the codes the metadata and the cover reading give are for machines. */
export function languageName(code: string, locale: string): string {
  try {
    let names = languageNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: "language", fallback: "code" });
      languageNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    // Not a well-formed language tag: show what was given rather than nothing.
    return code;
  }
}
