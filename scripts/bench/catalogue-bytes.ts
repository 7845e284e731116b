// Bytes of messages each language adds to a page: what /library's data carries (the root's
// namespaces and the library route's, read from their pageMessages calls), compiled as the Worker
// compiles them and serialized as JSON, raw and gzip. English sends only what its keys cannot say.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LANGUAGES } from "../../worker/core/shared/languages.ts";

const root = path.join(import.meta.dirname, "../..");
const namespacesOf = (file: string) => {
  const call = readFileSync(path.join(root, file), "utf8").match(/pageMessages\(context,([^)]*)\)/);
  if (!call) throw new Error(`No pageMessages call in ${file}`);
  return [...call[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
};
const pages = {
  "/library": [...namespacesOf("app/root.tsx"), ...namespacesOf("app/features/books/routes/library.tsx")],
  "a book page": [...namespacesOf("app/root.tsx"), ...namespacesOf("app/features/books/routes/book-detail.tsx")],
};

function catalogue(namespace: string, language: string): Record<string, string> {
  const dir = namespace === "core" ? "worker/core/messages" : `worker/features/${namespace}/messages`;
  return JSON.parse(readFileSync(path.join(root, dir, `${language}.json`), "utf8"));
}

/** As worker/core/i18n/catalogues.ts: English drops what reads as its key. */
function compiled(namespaces: string[], language: string) {
  const out: Record<string, unknown> = {};
  for (const namespace of namespaces)
    for (const [id, text] of Object.entries(catalogue(namespace, language))) {
      const message = compileMessage(text);
      const plain = message.every((token) => typeof token === "string" || token.length === 1);
      const asKey = message.map((token) => (typeof token === "string" ? token : `{${token[0]}}`)).join("");
      if (language === "en" && plain && asKey === id) continue;
      out[id] = message;
    }
  return out;
}

for (const [page, namespaces] of Object.entries(pages)) {
  console.log(`${page} (${namespaces.join(", ")}): messages per language, raw / gzip`);
  for (const language of LANGUAGES) {
    const json = JSON.stringify(compiled(namespaces, language));
    console.log(`  ${language}: ${(json.length / 1024).toFixed(1)} KiB / ${(gzipSync(json).byteLength / 1024).toFixed(1)} KiB`);
  }
}
