import { directionOf, SOURCE_LANGUAGE, type UiLanguage } from "@worker/core/shared/languages";
import { asKey, type CompiledMessages, createTranslator, type Translate } from "@worker/core/shared/translate";
import { createContext, useContext, useMemo, useRef } from "react";
import { useMatches } from "react-router";

interface I18n {
  language: UiLanguage;
  dir: "ltr" | "rtl";
  /** The Intl locale for dates and numbers ("es-MX"). */
  locale: string;
  t: Translate;
}

// Outside the provider (nothing renders there): English, as its keys.
const I18nContext = createContext<I18n>({ language: SOURCE_LANGUAGE, dir: "ltr", locale: "en-GB", t: asKey });

interface RootI18n {
  language?: UiLanguage;
  reader?: { locale: string };
}

/**
 * Gives every component the page's translator: the root loader's language and the messages each
 * matched route's loader returned as `catalogue` (the shell's from the root). The translator reads
 * the latest messages, but keeps its identity while the language stays: an effect that lists `t`
 * (a toast after a save) must not run again because a revalidation brought fresh route data.
 */
export function I18nProvider({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const root = (matches[0]?.loaderData ?? {}) as RootI18n;
  const language = root.language ?? SOURCE_LANGUAGE;
  const locale = root.reader?.locale ?? "en-GB";
  const catalogues = matches.map((match) => (match.loaderData as { catalogue?: CompiledMessages } | undefined)?.catalogue).filter((c) => c !== undefined);
  const current = useRef<{ key: unknown[]; translate: Translate } | null>(null);
  const key = [language, locale, ...catalogues];
  if (!current.current || current.current.key.length !== key.length || current.current.key.some((part, at) => part !== key[at])) {
    const messages = catalogues.length === 1 ? catalogues[0]! : Object.assign({}, ...catalogues);
    current.current = { key, translate: createTranslator(language, messages, locale) };
  }
  const value = useMemo<I18n>(
    () => ({ language, dir: directionOf(language), locale, t: (id, values) => current.current!.translate(id, values) }),
    [language, locale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
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
