import { setupI18n } from "@lingui/core";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import type { UiLanguage } from "./languages";

/** A catalogue as it travels: English source text (the key) to its compiled ICU message. */
export type CompiledMessages = Record<string, CompiledMessage>;

export type MessageValues = Record<string, string | number | null | undefined>;

/** Writes one catalogue message: `t("You're number {position} on the waitlist", { position })`. */
export type Translate = (id: string, values?: MessageValues) => string;

/**
 * Marks a text for the catalogue without translating it here: for texts written down in one place
 * (a table of labels, a zod schema) and translated where they are shown.
 */
// Pure, so a bundle drops a marked text nobody reads.
/*@__NO_SIDE_EFFECTS__*/
export function msg(id: string): string {
  return id;
}

/** A key with its `{name}` values filled in: what a text reads as where no catalogue is loaded. */
export function asKey(id: string, values?: MessageValues): string {
  // Most texts have no values: an English page writes hundreds of them per render.
  if (!values || !id.includes("{")) return id;
  return id.replace(/\{(\w+)\}/g, (whole, name: string) => (values && values[name] != null ? String(values[name]) : whole));
}

let requestWriter: Translate = asKey;

/**
 * Writes a text in the language of the request being answered, for pure modules shared with the
 * browser (zod messages in worker/core/shared). On the Worker, worker/core/i18n/request-language.ts
 * installs the request-scoped writer when it loads; elsewhere the text reads as its key, and pages
 * translate what they show with useT().
 */
export function translateText(id: string, values?: MessageValues): string {
  return requestWriter(id, values);
}

export function installRequestWriter(writer: Translate): void {
  requestWriter = writer;
}

/**
 * A translator over compiled messages (Lingui's runtime: no ICU parser in the browser). A key the
 * messages lack reads as its English source with plain `{name}` values filled in, so a missing
 * translation shows English rather than a key or a crash.
 */
export function createTranslator(language: UiLanguage, messages: CompiledMessages, locale: string): Translate {
  const i18n = setupI18n({ locale: language, locales: [locale], messages: { [language]: messages } });
  return (id, values) => {
    if (Object.hasOwn(messages, id)) return i18n._(id, values as Record<string, unknown>);
    return asKey(id, values);
  };
}
