import { createContext, useContext, useRef } from "react";
import { useMatches } from "react-router";
import { directionOf, SOURCE_LANGUAGE, type UiLanguage } from "@worker/core/shared/languages";
import { createTranslator, type CompiledMessages, type Translate } from "@worker/core/shared/translate";

interface I18n {
  language: UiLanguage;
  dir: "ltr" | "rtl";
  /** The Intl locale for dates and numbers ("es-MX"). */
  locale: string;
  t: Translate;
}

const english: I18n = { language: SOURCE_LANGUAGE, dir: "ltr", locale: "en-GB", t: createTranslator(SOURCE_LANGUAGE, {}, "en-GB") };
const I18nContext = createContext<I18n>(english);

interface RootI18n {
  language?: UiLanguage;
  reader?: { locale: string };
}

/**
 * Gives every component the page's translator: the root loader's language and the messages each
 * matched route's loader returned as `catalogue` (the shell's from the root). Rebuilt only when a
 * route's data changes.
 */
export function I18nProvider({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const root = (matches[0]?.loaderData ?? {}) as RootI18n;
  const language = root.language ?? SOURCE_LANGUAGE;
  const locale = root.reader?.locale ?? english.locale;
  const catalogues = matches.map((match) => (match.loaderData as { catalogue?: CompiledMessages } | undefined)?.catalogue).filter((c) => c !== undefined);
  const cache = useRef<{ key: unknown[]; value: I18n } | null>(null);
  const key = [language, locale, ...catalogues];
  if (!cache.current || cache.current.key.length !== key.length || cache.current.key.some((part, at) => part !== key[at])) {
    const messages = catalogues.length === 1 ? catalogues[0]! : Object.assign({}, ...catalogues);
    cache.current = { key, value: { language, dir: directionOf(language), locale, t: createTranslator(language, messages, locale) } };
  }
  return <I18nContext.Provider value={cache.current.value}>{children}</I18nContext.Provider>;
}

/** The page's translator: `const t = useT(); t("Add a book")`. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

/** The page's language, direction and Intl locale. */
export function useI18n(): I18n {
  return useContext(I18nContext);
}

/** What a public route's module exports as `handle` so search engines find each language of it (app/shell/language-alternates.tsx). */
export const PUBLIC_PAGE_HANDLE = { languageAlternates: true } as const;
