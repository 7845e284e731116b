/**
 * The catalogue's rules, as pure functions over source texts and catalogue files, so the vitest check
 * (tests/core/catalogues.unit.test.ts) and the CLI (`node scripts/i18n/check.ts`) judge alike.
 *
 * English is the source language: a text's English is its key. A key is "used" when a string literal
 * is passed to one of the marking calls below in a file of the catalogue's namespace.
 */

/** Calls whose string-literal arguments are catalogue texts. */
export const MARKERS = [
  "t",
  "msg",
  "translate",
  "translateText",
  "badRequest",
  "badField",
  "unauthorized",
  "forbidden",
  "notFound",
  "conflict",
  "tooLarge",
  "tooManyRequests",
  "badGateway",
  "unavailable",
  "gatewayTimeout",
  "limit",
  "withinLimitOr",
];

/** The namespace (catalogue) a source file's texts belong to: its feature, or "core". */
export function namespaceOfSource(path: string): string | null {
  const clean = path.replace(/^\/+/, "");
  if (/\.d\.ts$/.test(clean) || /\/messages\/[^/]*\.json$/.test(clean)) return null;
  const feature = clean.match(/^(?:app|worker)\/features\/([^/]+)\//);
  if (feature) return feature[1]!;
  if (/^(app|worker|durable-objects)\//.test(clean)) return "core";
  return null;
}

/** The namespace and language of a catalogue file (worker/features/<f>/messages/<lang>.json, worker/core/messages/<lang>.json). */
export function catalogueOf(path: string): { namespace: string; language: string } | null {
  const match = path.match(/(?:features\/([^/]+)|core)\/messages\/([^/]+)\.json$/);
  return match ? { namespace: match[1] ?? "core", language: match[2]! } : null;
}

/** Reads a JS string literal starting at `at` (a quote); returns its value and where it ends, or null for a template with `${`. */
function readString(source: string, at: number): { value: string; end: number } | null {
  const quote = source[at]!;
  let out = "";
  let i = at + 1;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      const next = source[i + 1]!;
      const escapes: Record<string, string> = { n: "\n", t: "\t", r: "\r", "'": "'", '"': '"', "\\": "\\", "`": "`" };
      if (next === "u") {
        const hex = source.slice(i + 2, i + 6);
        out += String.fromCharCode(Number.parseInt(hex, 16));
        i += 6;
        continue;
      }
      out += escapes[next] ?? next;
      i += 2;
      continue;
    }
    if (quote === "`" && c === "$" && source[i + 1] === "{") return null;
    if (c === quote) return { value: out, end: i + 1 };
    out += c;
    i += 1;
  }
  return null;
}

export interface ExtractedCall {
  key: string;
  line: number;
}

export interface Extraction {
  keys: ExtractedCall[];
  /** Marking calls whose text is built at run time (a template with `${}`, or concatenation): never allowed. */
  dynamic: ExtractedCall[];
}

const CALL = new RegExp(`(?<![\\w.$])(${MARKERS.join("|")})\\(`, "g");

/**
 * The source with its comments blanked out (lines kept, so line numbers stay true): an example call
 * in a comment is not a use. Strings, templates and regular expressions are left alone.
 */
export function withoutComments(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === "\\" ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && next === "/" && source[i - 1] !== "\\") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? source.length : end;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const comment = source.slice(i, end < 0 ? source.length : end + 2);
      out += comment.replace(/[^\n]/g, " ");
      i += comment.length;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Every catalogue text passed as a string literal to a marking call, at any argument position of that call's own argument list. */
export function extractKeys(code: string): Extraction {
  const source = withoutComments(code);
  const keys: ExtractedCall[] = [];
  const dynamic: ExtractedCall[] = [];
  const lineAt = (index: number) => source.slice(0, index).split("\n").length;
  for (const match of source.matchAll(CALL)) {
    let i = match.index! + match[0].length;
    let depth = 0;
    // Walk the call's arguments; only literals at depth 0 (its own arguments) count.
    while (i < source.length) {
      const c = source[i]!;
      if (c === '"' || c === "'" || c === "`") {
        const read = readString(source, i);
        if (!read) {
          // Skip the template by its closing backtick (no nested templates in keys).
          const close = source.indexOf("`", i + 1);
          const template = source.slice(i, close < 0 ? source.length : close + 1);
          // A template of words is a text built at run time; one without spaces is an id (a limiter key).
          if (depth === 0 && /\s/.test(template.replace(/\$\{[^}]*\}/g, ""))) dynamic.push({ key: template.slice(0, 80), line: lineAt(i) });
          i = close < 0 ? source.length : close + 1;
          continue;
        }
        if (depth === 0) {
          const after = source.slice(read.end).trimStart();
          if (after.startsWith("+")) dynamic.push({ key: read.value, line: lineAt(i) });
          else keys.push({ key: read.value, line: lineAt(i) });
        }
        i = read.end;
        continue;
      }
      if (c === "(" || c === "[" || c === "{") depth += 1;
      else if (c === ")" || c === "]" || c === "}") {
        if (depth === 0) break;
        depth -= 1;
      }
      i += 1;
    }
  }
  return { keys, dynamic };
}

/** Texts a marking call takes that are not words for people: ids, paths, limiter keys. */
export function isCatalogueText(key: string): boolean {
  return /[A-Za-z]{2,}/.test(key) && !/^[a-z0-9_.:/-]+$/.test(key) && !/^[A-Z0-9_]+$/.test(key);
}

/** The argument names of an ICU message, from Lingui's compiled form (plural `#` aside). */
export function argumentNames(compiled: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (typeof token === "string") continue;
    if (!Array.isArray(token)) continue;
    const [name, , format] = token as [string, string?, unknown?];
    into.add(name);
    if (format && typeof format === "object" && !Array.isArray(format)) {
      for (const [branch, value] of Object.entries(format as Record<string, unknown>)) if (branch !== "offset") argumentNames(value, into);
    }
  }
  return into;
}

export interface CatalogueProblem {
  kind: "missing" | "unused" | "extra" | "placeholders" | "invalid" | "dynamic" | "english";
  namespace: string;
  language?: string;
  key: string;
  detail?: string;
}

/**
 * Judges the catalogues against the sources: every used text is in the English catalogue, every
 * English key is used, every language has exactly the English keys, each translation has the same
 * placeholders, and no marking call builds its text at run time.
 */
export function checkCatalogues(
  sources: Record<string, string>,
  catalogues: Record<string, Record<string, string>>,
  compile: (message: string) => unknown,
  languages: readonly string[],
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const used = new Map<string, Set<string>>();
  for (const [path, source] of Object.entries(sources)) {
    const namespace = namespaceOfSource(path);
    if (!namespace) continue;
    const { keys, dynamic } = extractKeys(source);
    for (const call of dynamic) problems.push({ kind: "dynamic", namespace, key: call.key, detail: `${path}:${call.line}` });
    const set = used.get(namespace) ?? new Set<string>();
    for (const { key } of keys) if (isCatalogueText(key)) set.add(key);
    used.set(namespace, set);
  }
  const byNamespace = new Map<string, Map<string, Record<string, string>>>();
  for (const [path, catalogue] of Object.entries(catalogues)) {
    const where = catalogueOf(path);
    if (!where) continue;
    const languagesOf = byNamespace.get(where.namespace) ?? new Map();
    languagesOf.set(where.language, catalogue);
    byNamespace.set(where.namespace, languagesOf);
  }
  for (const [namespace, keys] of used) {
    const english = byNamespace.get(namespace)?.get("en") ?? {};
    for (const key of keys) if (!Object.hasOwn(english, key)) problems.push({ kind: "missing", namespace, language: "en", key });
  }
  for (const [namespace, languagesOf] of byNamespace) {
    const english = languagesOf.get("en") ?? {};
    const usedHere = used.get(namespace) ?? new Set();
    for (const key of Object.keys(english)) {
      if (!usedHere.has(key)) problems.push({ kind: "unused", namespace, language: "en", key });
      if (english[key] !== key) problems.push({ kind: "english", namespace, language: "en", key, detail: "the English text must be its key" });
    }
    for (const language of languages) {
      const catalogue = languagesOf.get(language) ?? {};
      for (const key of Object.keys(english)) {
        if (!Object.hasOwn(catalogue, key)) {
          problems.push({ kind: "missing", namespace, language, key });
          continue;
        }
        let source: Set<string>;
        let translated: Set<string>;
        try {
          source = argumentNames(compile(key));
          translated = argumentNames(compile(catalogue[key]!));
        } catch (error) {
          problems.push({ kind: "invalid", namespace, language, key, detail: String(error) });
          continue;
        }
        const a = [...source].sort().join(",");
        const b = [...translated].sort().join(",");
        if (a !== b) problems.push({ kind: "placeholders", namespace, language, key, detail: `English {${a}} but ${language} {${b}}` });
      }
      for (const key of Object.keys(catalogue)) if (!Object.hasOwn(english, key)) problems.push({ kind: "extra", namespace, language, key });
    }
  }
  return problems;
}
