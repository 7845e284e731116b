import { cleanText, hasVisibleCharacter, isPlainText, sanitizeText } from "@worker/core/shared/text";
import { describe, expect, it } from "vitest";

const required = cleanText({ max: 10, tooLong: "Too long", required: "Name is required" });
const multiline = cleanText({ max: 50, tooLong: "Too long", multiline: true });
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("sanitizeText", () => {
  it("strips NUL and the other C0 and C1 controls", () => {
    expect(sanitizeText("Ti\u0000tle\u0007\u001B[31m\u007F\u0085\u009B")).toBe("Title[31m");
  });

  it("keeps tabs and line breaks only in multi-line text, with CRLF as LF", () => {
    expect(sanitizeText("one\r\ntwo\rthree\tfour", { multiline: true })).toBe("one\ntwo\nthree\tfour");
    expect(sanitizeText("one\r\ntwo\tthree")).toBe("one two three");
  });

  it("replaces lone surrogates and keeps real pairs", () => {
    expect(sanitizeText("a\uD800b\uDC00c")).toBe("a\uFFFDb\uFFFDc");
    expect(sanitizeText("book \uD83D\uDCDA")).toBe("book 📚");
    expect(sanitizeText("end\uD83D")).toBe("end\uFFFD");
  });

  it("strips bidi embeddings, overrides and isolates", () => {
    expect(sanitizeText("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(sanitizeText("\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069x")).toBe("x");
    // Ordinary right-to-left text and its marks are left alone.
    expect(sanitizeText("שלום\u200F עולם")).toBe("שלום\u200F עולם");
  });

  it("normalises to NFC, also when a removed character separated a letter from its accent", () => {
    expect(sanitizeText("Cafe\u0301")).toBe("Café");
    expect(sanitizeText("e\u0000\u0301")).toBe("\u00E9");
  });

  it("keeps emoji sequences whole", () => {
    expect(sanitizeText("I ❤️ 👩‍👩‍👧")).toBe("I ❤️ 👩‍👩‍👧");
  });
});

describe("hasVisibleCharacter", () => {
  it.each(["", "   ", "\u200B", "\u200C\u200D", "\u2060", "\uFEFF", "\u00AD", "\u3000\u200B"])("is false for %j", (text) => {
    expect(hasVisibleCharacter(text)).toBe(false);
  });
  it.each(["a", "\u200Bx", "📚", "日本", "."])("is true for %j", (text) => {
    expect(hasVisibleCharacter(text)).toBe(true);
  });
});

describe("cleanText", () => {
  it("returns the cleaned text", () => {
    expect(required.parse("  Ada\u0000 \u202ELove\u202C ")).toBe("Ada Love");
  });

  it("demands a visible character when required, with the field's own message", () => {
    for (const text of ["", "  ", "\u200B\u200B", "\u0000", "\u202E", "\uFEFF\u2060"]) {
      expect(firstMessage(required.safeParse(text)), JSON.stringify(text)).toBe("Name is required");
    }
  });

  it("counts the length after cleaning, with the field's own message", () => {
    expect(required.safeParse(`${"\u0000".repeat(20)}short`).success).toBe(true);
    expect(firstMessage(required.safeParse("x".repeat(11)))).toBe("Too long");
  });

  it("lets optional text be empty, and keeps line breaks where allowed", () => {
    expect(multiline.parse("   ")).toBe("");
    expect(multiline.parse("line one\r\nline two")).toBe("line one\nline two");
  });

  it("refuses what is not a string", () => {
    expect(required.safeParse(42).success).toBe(false);
    expect(required.safeParse(null).success).toBe(false);
  });
});

describe("isPlainText", () => {
  it("accepts clean text and refuses anything cleaning would change or that hides characters", () => {
    expect(isPlainText("kim@example.com")).toBe(true);
    for (const text of ["kim\u0000@example.com", "kim\u202E@example.com", "kim\u200B@example.com", "k\uD800@example.com", "kim@example.com\u0085"]) {
      expect(isPlainText(text), JSON.stringify(text)).toBe(false);
    }
  });
});
