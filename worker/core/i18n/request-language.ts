import { AsyncLocalStorage } from "node:async_hooks";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_REGION_LOCALE, SOURCE_LANGUAGE, type UiLanguage } from "../shared/languages";
import { createTranslator, installRequestWriter, type Translate } from "../shared/translate";
import { allMessages } from "./catalogues";

/**
 * The language of the request being answered, so a refusal a service throws ("Book not found") is
 * written in the reader's language wherever it is thrown, without every service taking a language.
 * Work no reader asked for (jobs, queues) has none and writes English; e-mails and notifications
 * pick their recipient's language themselves (translatorFor).
 */
interface RequestLanguage {
  language: UiLanguage;
  t: Translate;
}

const storage = new AsyncLocalStorage<RequestLanguage>();

const translators = new Map<UiLanguage, Promise<Translate>>();

/** Every server text in one language (all catalogues; compiled once per isolate). */
export function translatorFor(language: UiLanguage): Promise<Translate> {
  let translator = translators.get(language);
  if (!translator) {
    translator = allMessages(language).then((messages) => createTranslator(language, messages, DEFAULT_REGION_LOCALE[language]));
    translator.catch(() => translators.delete(language));
    translators.set(language, translator);
  }
  return translator;
}

/** Each language's translator, loaded once for all the recipients who read it: what a fan-out writes with. */
export async function translatorsFor(languages: Iterable<UiLanguage>): Promise<Map<UiLanguage, Translate>> {
  const distinct = [...new Set(languages)];
  return new Map(await Promise.all(distinct.map(async (language) => [language, await translatorFor(language)] as const)));
}

/** Runs `work` with `language` as the request's language. */
export async function inLanguage<T>(language: UiLanguage, work: () => Promise<T>): Promise<T> {
  const t = await translatorFor(language);
  return storage.run({ language, t }, work);
}

/** The request's language, or English outside a request. */
export function currentLanguage(): UiLanguage {
  return storage.getStore()?.language ?? SOURCE_LANGUAGE;
}

// Work outside a request is rare (a job's refusal): its English is compiled from the source each time.
const english = setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: {} } }).setMessagesCompiler(compileMessage);

/**
 * Writes a catalogue text in the request's language. Outside a request (or before the English
 * catalogue has loaded) it formats the English source itself.
 */
export function translate(id: string, values?: Record<string, string | number | null | undefined>): string {
  const store = storage.getStore();
  if (store) return store.t(id, values);
  return english._(id, values);
}

// Pure modules shared with the browser write their texts through translateText (worker/core/shared/translate.ts).
installRequestWriter(translate);
