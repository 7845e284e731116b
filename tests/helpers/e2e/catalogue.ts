import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { isolateValues } from "../../../worker/core/i18n/isolate-values";
import { directionOf, type UiLanguage } from "../../../worker/core/shared/languages";

/**
 * A language's texts as the app writes them, read from the catalogues themselves, so a journey in
 * Spanish finds "Iniciar sesión" by its English key and fails if the page shows anything else. A
 * right-to-left language's values are isolated, as its compiled catalogue has them.
 */
export function catalogue(language: string): (key: string, values?: Record<string, string | number>) => string {
  const root = path.join(process.cwd(), "worker");
  const files = [path.join(root, "core", "messages", `${language}.json`)];
  for (const feature of readdirSync(path.join(root, "features"))) files.push(path.join(root, "features", feature, "messages", `${language}.json`));
  const messages: Record<string, string> = {};
  for (const file of files) if (existsSync(file)) Object.assign(messages, JSON.parse(readFileSync(file, "utf8")));
  const i18n = setupI18n({ locale: language, messages: { [language]: {} } });
  const rtl = directionOf(language as UiLanguage) === "rtl";
  return (key, values) => {
    const text = messages[key];
    if (text === undefined) throw new Error(`No ${language} text for ${JSON.stringify(key)}`);
    i18n.load(language, { [key]: rtl ? isolateValues(compileMessage(text)) : compileMessage(text) });
    return i18n._(key, values);
  };
}
