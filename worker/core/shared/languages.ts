/**
 * The languages the app speaks. Client-safe: the footer's switch and <html lang dir> read it too.
 * English is the source language: its texts are the catalogue's keys (docs/decisions/015-message-catalogue.md).
 */
export const LANGUAGES = ["en", "es", "fr", "de", "ar", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Accented and 30% longer English, for finding untranslated strings and overflow; offered only where local sign-in is. */
export const PSEUDO_LANGUAGE = "en-XA";
export type UiLanguage = Language | typeof PSEUDO_LANGUAGE;

export const SOURCE_LANGUAGE: Language = "en";

/** Each language in its own name, so a reader finds theirs whatever the page is in. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  ar: "العربية",
  ja: "日本語",
  "en-XA": "[Ƥşḗŭḓǿ-Ḗƞɠŀīşħ]",
};

/** The cookie a visitor's choice (the footer's switch) is kept in. */
export const LANGUAGE_COOKIE = "lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isUiLanguage(value: unknown): value is UiLanguage {
  return value === PSEUDO_LANGUAGE || isLanguage(value);
}

export function directionOf(language: string): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/**
 * The Intl locale a language writes dates and numbers in when the browser names no region:
 * English keeps day-month-year ("25 Nov 2026"), which reads unambiguously worldwide.
 */
export const DEFAULT_REGION_LOCALE: Record<UiLanguage, string> = {
  en: "en-GB",
  es: "es-ES",
  fr: "fr-FR",
  de: "de-DE",
  ar: "ar",
  ja: "ja-JP",
  "en-XA": "en-GB",
};
