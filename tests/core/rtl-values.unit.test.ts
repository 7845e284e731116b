import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { namespaceMessages } from "@worker/core/i18n/catalogues";
import { isolateValues } from "@worker/core/i18n/isolate-values";
import { createTranslator } from "@worker/core/shared/translate";
import { describe, expect, it } from "vitest";

const FSI = "\u2068";
const PDI = "\u2069";

/** One message as the catalogue compiles it for a right-to-left language, then written by the browser's translator. */
const arabic = (source: string, translation: string, values: Record<string, string | number>) =>
  createTranslator("ar", { [source]: isolateValues(compileMessageOrThrow(translation)) }, "ar")(source, values);

describe("values in a right-to-left sentence", () => {
  it("isolates a member's Latin name, so its direction cannot reorder the sentence around it", () => {
    expect(arabic("Borrow from {owner}", "استعر من {owner}", { owner: "Bea Close." })).toBe(`استعر من ${FSI}Bea Close.${PDI}`);
  });

  it("leaves select and plural keys as they are, and isolates the values inside their branches", () => {
    const lent = "{state, select, lent {Lent to {name}} other {Free}}";
    const lentAr = "{state, select, lent {مُعار إلى {name}} other {متاح}}";
    expect(arabic(lent, lentAr, { state: "lent", name: "Ana" })).toBe(`مُعار إلى ${FSI}Ana${PDI}`);
    expect(arabic(lent, lentAr, { state: "available", name: "Ana" })).toBe("متاح");
    const byAuthor = "{count, plural, one {# book by {author}} other {# books by {author}}}";
    expect(arabic(byAuthor, "{count, plural, one {كتاب واحد لـ {author}} other {# كتب لـ {author}}}", { count: 3, author: "Le Guin" })).toBe(
      `3 كتب لـ ${FSI}Le Guin${PDI}`,
    );
  });

  it("is how the Arabic catalogues are compiled, for pages, bells and e-mails alike; other languages are left as written", async () => {
    const [ar, de] = await Promise.all([namespaceMessages("books", "ar"), namespaceMessages("books", "de")]);
    expect(createTranslator("ar", ar, "ar")("Lent to {name}", { name: "Bea" })).toContain(`${FSI}Bea${PDI}`);
    expect(createTranslator("de", de, "de")("Lent to {name}", { name: "Bea" })).not.toMatch(/[\u2068\u2069]/);
  });
});
