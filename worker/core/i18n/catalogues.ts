import { type CompiledMessage, compileMessage } from "@lingui/message-utils/compileMessage";
import { directionOf, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, type UiLanguage } from "../shared/languages";
import type { CompiledMessages } from "../shared/translate";
import { isolateValues } from "./isolate-values";
import { pseudoText } from "./pseudo";

/**
 * The message catalogues: one per feature (worker/features/<f>/messages/<lang>.json, shared by the
 * feature's pages and its services) and one for what no feature owns (worker/core/messages). Each is
 * a flat map from the English source text to its translation, written in ICU MessageFormat.
 * Loaded on first use per isolate and compiled once: pages and e-mails then only interpolate.
 */
type Catalogue = Record<string, string>;

const files = import.meta.glob<Catalogue>(["/worker/features/*/messages/*.json", "/worker/core/messages/*.json"], { import: "default" });

/** The namespace of each catalogue file: the feature's folder name, or "core". */
export function namespaceOf(path: string): { namespace: string; language: string } {
  const match = path.match(/\/(?:features\/([^/]+)|core)\/messages\/([^/]+)\.json$/);
  if (!match) throw new Error(`Not a catalogue: ${path}`);
  return { namespace: match[1] ?? "core", language: match[2]! };
}

const byKey = new Map<string, () => Promise<Catalogue>>();
for (const [path, load] of Object.entries(files)) {
  const { namespace, language } = namespaceOf(path);
  byKey.set(`${namespace}/${language}`, load);
}

export const NAMESPACES: readonly string[] = [...new Set([...byKey.keys()].map((key) => key.split("/")[0]!))].sort();

const compiled = new Map<string, CompiledMessages>();

async function compileCatalogue(namespace: string, language: UiLanguage): Promise<CompiledMessages> {
  const pseudo = language === PSEUDO_LANGUAGE;
  const rtl = directionOf(language) === "rtl";
  const load = byKey.get(`${namespace}/${pseudo ? SOURCE_LANGUAGE : language}`);
  if (!load) return {};
  const catalogue = await load();
  const out: CompiledMessages = {};
  for (const [id, text] of Object.entries(catalogue)) {
    const message: CompiledMessage = pseudo ? compileMessage(text, pseudoText) : compileMessage(text);
    // English needs only what its key cannot say by itself (plurals, selects, numbers, quoting):
    // the translator writes any other key as it stands, so English pages carry almost no catalogue.
    if (language === SOURCE_LANGUAGE && readsAsItsKey(id, message)) continue;
    out[id] = pseudo ? ["[", ...message, "]"] : rtl ? isolateValues(message) : message;
  }
  return out;
}

/** Whether a compiled message is its key with `{name}` values filled in: what createTranslator does for a key it lacks. */
function readsAsItsKey(id: string, message: CompiledMessage): boolean {
  let text = "";
  for (const token of message) {
    if (typeof token === "string") text += token;
    else if (token.length === 1) text += `{${token[0]}}`;
    else return false;
  }
  return text === id;
}

/** One namespace's compiled messages in one language (cached for the isolate). */
export async function namespaceMessages(namespace: string, language: UiLanguage): Promise<CompiledMessages> {
  const key = `${namespace}/${language}`;
  const done = compiled.get(key);
  if (done) return done;
  // Only finished catalogues are shared: a pending load belongs to the request that began it, and
  // workerd cancels another request that awaits it as hung. A failed load is not kept.
  const messages = await compileCatalogue(namespace, language);
  compiled.set(key, messages);
  return messages;
}

/** Several namespaces' messages merged, e.g. what one page needs. */
export async function catalogueMessages(language: UiLanguage, namespaces: readonly string[]): Promise<CompiledMessages> {
  const parts = await Promise.all(namespaces.map((namespace) => namespaceMessages(namespace, language)));
  return parts.length === 1 ? parts[0]! : Object.assign({}, ...parts);
}

/** Every namespace: what the server's own texts (errors, e-mails, notifications) are written from. */
export function allMessages(language: UiLanguage): Promise<CompiledMessages> {
  return catalogueMessages(language, NAMESPACES);
}
