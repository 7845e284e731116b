import { describe, expect, it } from "vitest";
import { readEan13FromLine } from "../../worker/covers/barcode/ean13";
import { toLuminance } from "../../worker/covers/barcode/luminance";
import { findEan13 } from "../../worker/covers/barcode/scan";
import { PermanentError } from "../../worker/covers/errors";
import { isbn10To13, isbn13To10, normalizeIsbn } from "../../worker/covers/isbn";
import { NO_BARCODE_MESSAGE, localAnalyzer } from "../../worker/covers/providers/local";
import { blankPng, fixtures } from "./helpers";

const signal = () => AbortSignal.timeout(5_000);

/** Draws an EAN-13 into one scan line, from the standard's tables (independent of the reader). */
function drawEan13(code: string, moduleWidth: number): Uint8Array {
  const L = ["3211", "2221", "2122", "1411", "1132", "1231", "1114", "1312", "1213", "3112"];
  const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];
  const digits = [...code].map(Number);
  const widths: number[] = [1, 1, 1];
  for (let i = 1; i <= 6; i++) {
    const pattern = PARITY[digits[0]!]![i - 1] === "L" ? L[digits[i]!]! : [...L[digits[i]!]!].reverse().join("");
    widths.push(...[...pattern].map(Number));
  }
  widths.push(1, 1, 1, 1, 1);
  for (let i = 7; i <= 12; i++) widths.push(...[...L[digits[i]!]!].map(Number));
  widths.push(1, 1, 1);
  const quiet = 12 * moduleWidth;
  const line = new Uint8Array(quiet * 2 + 95 * moduleWidth).fill(240);
  let x = quiet;
  widths.forEach((width, i) => {
    // Runs alternate bar/space from the first guard bar, so bars sit at even positions.
    if (i % 2 === 0) line.fill(20, x, x + width * moduleWidth);
    x += width * moduleWidth;
  });
  return line;
}

describe("EAN-13 reader", () => {
  it("reads clean lines at several module widths", () => {
    for (const code of ["9780141439471", "9791032305690", "5012345678900", "0036000291452"]) {
      for (const moduleWidth of [2, 3, 5]) {
        expect(readEan13FromLine(drawEan13(code, moduleWidth))).toBe(code);
      }
    }
  });

  it("reads left to right only: a mirrored symbol has an impossible parity (the scanner flips lines)", () => {
    expect(readEan13FromLine(drawEan13("9780141439471", 3).reverse())).toBeNull();
  });

  it("refuses a line whose check digit is wrong, and lines without a barcode", () => {
    const line = drawEan13("9780141439471", 3);
    // Well-formed symbol, wrong check digit.
    expect(readEan13FromLine(drawEan13("9780141439472", 3))).toBeNull();
    expect(readEan13FromLine(new Uint8Array(600).fill(200))).toBeNull();
    expect(readEan13FromLine(line.subarray(0, line.length / 2))).toBeNull();
  });

  it("finds the ISBN on the greyscale PNG back cover photographed sideways, and upside down", async () => {
    const image = (await toLuminance(fixtures.barcodePng, "image/png"))!;
    expect(findEan13(image)).toBe("9780141439471");
    const upsideDown = { ...image, data: image.data.slice().reverse() };
    expect(findEan13(upsideDown)).toBe("9780141439471");
  });

  it("finds nothing on a front cover without a barcode", async () => {
    const image = (await toLuminance(fixtures.frontCoverPng, "image/png"))!;
    expect(findEan13(image)).toBeNull();
  });
});

describe("local analyzer", () => {
  it("returns the barcode's ISBN and no title or author candidates", async () => {
    const result = await localAnalyzer().analyze({ bytes: fixtures.barcodePng, type: "image/png" }, signal());
    expect(result.source).toBe("local-barcode");
    expect(result.answer).toMatchObject({ isbn: "9780141439471", title_candidates: [], author_candidates: [] });
  });

  it("without a barcode explains why nothing was read", async () => {
    const result = await localAnalyzer().analyze({ bytes: fixtures.frontCoverPng, type: "image/png" }, signal());
    expect(result.answer.isbn).toBeNull();
    expect(result.notice).toBe(NO_BARCODE_MESSAGE);
  });

  it("refuses, before decoding, a small PNG that declares more pixels than the Worker can hold", async () => {
    const png = await blankPng(8000, 8000);
    expect(png.length).toBeLessThan(100_000); // 64 million pixels in under 100 KB
    const analysis = localAnalyzer().analyze({ bytes: png, type: "image/png" }, signal());
    await expect(analysis).rejects.toBeInstanceOf(PermanentError);
    await expect(analysis).rejects.toThrow("8000×8000 pixels");
  });

  it("still decodes a blank PNG just under the limit, and finds no barcode on it", async () => {
    const result = await localAnalyzer().analyze({ bytes: await blankPng(4000, 3900), type: "image/png" }, signal());
    expect(result.answer.isbn).toBeNull();
  });

  it("does not decode GIFs (no barcode) and treats an undecodable file as permanent", async () => {
    const gif = Uint8Array.from(atob("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="), (c) => c.charCodeAt(0));
    expect((await localAnalyzer().analyze({ bytes: gif, type: "image/gif" }, signal())).answer.isbn).toBeNull();
    const brokenPng = fixtures.barcodePng.slice();
    brokenPng.fill(7, 40, 400);
    await expect(localAnalyzer().analyze({ bytes: brokenPng, type: "image/png" }, signal())).rejects.toBeInstanceOf(PermanentError);
  });
});

describe("ISBN helpers", () => {
  it("validates and converts between ISBN-10 and ISBN-13", () => {
    expect(normalizeIsbn("ISBN 978-0-14-143947-1")).toEqual({ isbn13: "9780141439471", isbn10: "0141439475" });
    expect(normalizeIsbn("0-8044-2957-X")).toEqual({ isbn10: "080442957X", isbn13: "9780804429573" });
    expect(normalizeIsbn("9791032305690")).toEqual({ isbn13: "9791032305690", isbn10: null });
    expect(normalizeIsbn("9780141439472")).toBeNull();
    expect(normalizeIsbn("5012345678900")).toBeNull();
    expect(isbn13To10("9780261102217")).toBe("0261102214");
    expect(isbn10To13("0261102214")).toBe("9780261102217");
  });
});
