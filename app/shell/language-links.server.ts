import { LANGUAGES, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, type UiLanguage } from "@worker/core/shared/languages";

export interface LanguageLinks {
  canonical: string;
  /** [hreflang, address]: each language, then x-default. */
  alternates: [string, string][];
}

/**
 * A public page's address in `language`: `?lang=` picks it (English, the default, has none), and
 * the page's other parameters stay, so page 2 of a search is page 2 in every language.
 */
export function addressIn(url: URL, language: string): string {
  const params = new URLSearchParams(url.search);
  params.delete("lang");
  if (language !== SOURCE_LANGUAGE) params.set("lang", language);
  const query = params.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}

/** The page's addresses in every language, for its `<link rel="canonical">` and `hreflang` alternates. */
export function languageLinks(url: URL, language: UiLanguage): LanguageLinks {
  return {
    canonical: addressIn(url, language === PSEUDO_LANGUAGE ? SOURCE_LANGUAGE : language),
    alternates: [...LANGUAGES.map((lang): [string, string] => [lang, addressIn(url, lang)]), ["x-default", addressIn(url, SOURCE_LANGUAGE)]],
  };
}
