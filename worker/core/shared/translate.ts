import { setupI18n } from "@lingui/core";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_REGION_LOCALE, type UiLanguage } from "./languages";

/** A catalogue as it travels: English source text (the key) to its compiled ICU message. */
export type CompiledMessages = Record<string, CompiledMessage>;

export type MessageValues = Record<string, string | number | null | undefined>;

/** Writes one catalogue message: `t("You're number {position} on the waitlist", { position })`. */
export type Translate = (id: string, values?: MessageValues) => string;

/**
 * Marks a text for the catalogue without translating it here: for texts written down in one place
 * (a table of labels, a zod schema) and translated where they are shown.
 */
export const msg = <T extends string>(id: T): T => id;

/**
 * A translator over compiled messages (Lingui's runtime: no ICU parser in the browser). A key the
 * messages lack reads as its English source with plain `{name}` values filled in, so a missing
 * translation shows English rather than a key or a crash.
 */
export function createTranslator(language: UiLanguage, messages: CompiledMessages, locale = DEFAULT_REGION_LOCALE[language]): Translate {
  const i18n = setupI18n({ locale: language, locales: [locale], messages: { [language]: messages } });
  return (id, values) => {
    if (Object.hasOwn(messages, id)) return i18n._(id, values as Record<string, unknown>);
    return id.replace(/\{(\w+)\}/g, (whole, name: string) => (values && values[name] != null ? String(values[name]) : whole));
  };
}
