import { useLocation, useMatches } from "react-router";
import { useI18n } from "~/core/i18n";
import { LANGUAGES, SOURCE_LANGUAGE } from "@worker/core/shared/languages";

/**
 * A public page's address in `language`: `?lang=` picks it (English, the default, has none), and
 * the page's other parameters stay, so page 2 of a search is page 2 in every language.
 */
export function addressIn(origin: string, pathname: string, search: string, language: string): string {
  const params = new URLSearchParams(search);
  params.delete("lang");
  if (language !== SOURCE_LANGUAGE) params.set("lang", language);
  const query = params.toString();
  return `${origin}${pathname}${query ? `?${query}` : ""}`;
}

/** The canonical address and one `hreflang` alternate per language (and x-default) on public pages. */
export function LanguageAlternates() {
  const matches = useMatches();
  const location = useLocation();
  const { language } = useI18n();
  const origin = (matches[0]?.loaderData as { origin?: string } | undefined)?.origin;
  const isPublic = matches.some((match) => (match.handle as { languageAlternates?: boolean } | undefined)?.languageAlternates);
  if (!origin || !isPublic) return null;
  const at = (lang: string) => addressIn(origin, location.pathname, location.search, lang);
  return (
    <>
      <link rel="canonical" href={at(language === "en-XA" ? SOURCE_LANGUAGE : language)} />
      {LANGUAGES.map((lang) => (
        <link key={lang} rel="alternate" hrefLang={lang} href={at(lang)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={at(SOURCE_LANGUAGE)} />
    </>
  );
}
