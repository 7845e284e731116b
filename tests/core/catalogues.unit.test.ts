import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { CATALOGUE_NAMES } from "@worker/core/i18n/catalogue-names";
import { NAMESPACES } from "@worker/core/i18n/catalogues";
import { LANGUAGES } from "@worker/core/shared/languages";
import { describe, expect, it } from "vitest";
import { checkCatalogues, extractKeys } from "../helpers/catalogue-rules";

// The sources and catalogues as text, read by Vite at bundle time (the Workers runtime has no file system).
const sources = import.meta.glob<string>(["/app/**/*.{ts,tsx}", "/worker/**/*.ts", "/durable-objects/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const catalogues = import.meta.glob<Record<string, string>>(["/worker/features/*/messages/*.json", "/worker/core/messages/*.json"], {
  import: "default",
  eager: true,
});

describe("the message catalogues", () => {
  const problems = checkCatalogues(
    sources,
    catalogues,
    (message) => compileMessageOrThrow(message),
    LANGUAGES.filter((language) => language !== "en"),
  );
  const of = (kind: string) => problems.filter((problem) => problem.kind === kind).map((p) => `${p.namespace}/${p.language ?? ""}: ${p.key} ${p.detail ?? ""}`);

  it("has every text the code uses, in English and in every language", () => {
    expect(of("missing")).toEqual([]);
  });

  it("has no key the code no longer uses, and none a language adds", () => {
    expect(of("unused")).toEqual([]);
    expect(of("extra")).toEqual([]);
  });

  it("gives each translation the English text's placeholders, in valid ICU", () => {
    expect(of("placeholders")).toEqual([]);
    expect(of("invalid")).toEqual([]);
  });

  it("names every catalogue in the list pages are type-checked against (pageMessages)", () => {
    expect([...CATALOGUE_NAMES].sort()).toEqual([...NAMESPACES]);
  });

  it("keeps English as its own key and never builds a text at run time", () => {
    expect(of("english")).toEqual([]);
    expect(of("dynamic")).toEqual([]);
  });
});

describe("the extractor", () => {
  it("finds texts in any argument of a marking call, and refuses built ones", () => {
    const source = `
      t("Add a book");
      await limit(env.X, \`loans:\${id}\`, "Too many requests.");
      badRequest("Only {count} left", { count: n });
      t(\`Hello \${name}\`);
      notFound("Book " + title);
      other("Not a text");
      // t("Only an example in a comment")
      const path = /^\\/users\\//; t("After a regular expression");`;
    const { keys, dynamic } = extractKeys(source);
    expect(keys.map((k) => k.key)).toEqual(["Add a book", "Too many requests.", "Only {count} left", "After a regular expression"]);
    expect(dynamic).toHaveLength(2);
  });
});
