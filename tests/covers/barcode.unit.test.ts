import { env } from "cloudflare:workers";
import type { ImageType } from "@worker/core/shared/image-type";
import { isbn10To13, isbn13To10, normalizeIsbn } from "@worker/core/shared/isbn";
import { imageDimensions } from "@worker/features/covers/barcode/image-dimensions";
import { MAX_MEGAPIXELS } from "@worker/features/covers/barcode/read-ean13";
import { PermanentError, TransientError } from "@worker/features/covers/errors";
import { localAnalyzer, NO_BARCODE_MESSAGE } from "@worker/features/covers/providers/local";
import { decode as decodePng, encode as encodePng } from "fast-png";
import { describe, expect, it } from "vitest";
import { blankPng, fixtures } from "./helpers";

const signal = () => AbortSignal.timeout(5_000);

/** Through the BARCODE service binding: the built barcode Worker reads, as it does for the page Worker. */
async function readEan13(bytes: Uint8Array, type: ImageType): Promise<string | null> {
  const reading = await env.BARCODE.readEan13(bytes, type);
  if ("undecodable" in reading) throw new Error(reading.undecodable);
  return reading.ean13;
}

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

/** A white PNG with the barcode drawn across `rows` rows: a clean print, as a scanner would see it. */
function barcodePng(code: string, moduleWidth: number, rows = 60): Uint8Array {
  const line = drawEan13(code, moduleWidth);
  const data = new Uint8Array(line.length * (rows + 40)).fill(240);
  for (let y = 20; y < rows + 20; y++) data.set(line, y * line.length);
  return encodePng({ width: line.length, height: rows + 40, data, channels: 1, depth: 8 });
}

/** The same image turned 180°: a greyscale PNG's pixels in reverse order. */
function upsideDown(png: Uint8Array): Uint8Array {
  const image = decodePng(png);
  return encodePng({ width: image.width, height: image.height, data: image.data.slice().reverse(), channels: 1, depth: 8 });
}

describe("EAN-13 reader", () => {
  it("reads the ISBN on the JPEG back cover, on the PNG photographed sideways, and upside down", async () => {
    expect(await readEan13(fixtures.barcodeJpeg, "image/jpeg")).toBe("9780141439471");
    expect(await readEan13(fixtures.barcodePng, "image/png")).toBe("9780141439471");
    expect(await readEan13(upsideDown(fixtures.barcodePng), "image/png")).toBe("9780141439471");
  });

  it("reads clean barcodes at several module widths, ISBNs and other EAN-13s alike", async () => {
    for (const code of ["9780141439471", "9791032305690", "5012345678900"]) {
      for (const moduleWidth of [2, 3, 5]) {
        expect(await readEan13(barcodePng(code, moduleWidth), "image/png")).toBe(code);
      }
    }
  });

  it("refuses a barcode whose check digit is wrong, and finds nothing on front covers", async () => {
    expect(await readEan13(barcodePng("9780141439472", 3), "image/png")).toBeNull();
    expect(await readEan13(fixtures.frontCoverJpeg, "image/jpeg")).toBeNull();
    expect(await readEan13(fixtures.frontCoverPng, "image/png")).toBeNull();
  });

  it("reads JPEG and PNG sizes from their headers", () => {
    expect(imageDimensions(fixtures.barcodeJpeg, "image/jpeg")).toEqual({ width: 480, height: 640 });
    expect(imageDimensions(fixtures.barcodePng, "image/png")).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(fixtures.barcodePng.subarray(0, 20), "image/png")).toBeNull();
  });

  it(`refuses, before decoding, a JPEG whose frame header declares more than ${MAX_MEGAPIXELS} MP`, async () => {
    const jpeg = fixtures.barcodeJpeg.slice();
    const view = new DataView(jpeg.buffer);
    let sof = 2;
    while (jpeg[sof + 1] !== 0xc0) sof += 2 + view.getUint16(sof + 2);
    view.setUint16(sof + 5, 30_000); // height
    view.setUint16(sof + 7, 20_000); // width
    await expect(readEan13(jpeg, "image/jpeg")).rejects.toThrow("20000×30000 pixels");
  });
});

describe("local analyzer", () => {
  it("returns the barcode's ISBN and no title or author candidates", async () => {
    const result = await localAnalyzer(env.BARCODE).analyze({ bytes: fixtures.barcodePng, type: "image/png" }, signal());
    expect(result.source).toBe("local-barcode");
    expect(result.answer).toMatchObject({ isbn: "9780141439471", title_candidates: [], author_candidates: [] });
  });

  it("ignores an EAN-13 that is not an ISBN", async () => {
    const result = await localAnalyzer(env.BARCODE).analyze({ bytes: barcodePng("5012345678900", 3), type: "image/png" }, signal());
    expect(result.answer.isbn).toBeNull();
  });

  it("without a barcode explains why nothing was read", async () => {
    const result = await localAnalyzer(env.BARCODE).analyze({ bytes: fixtures.frontCoverPng, type: "image/png" }, signal());
    expect(result.answer.isbn).toBeNull();
    expect(result.notice).toBe(NO_BARCODE_MESSAGE);
  });

  it("refuses, before decoding, a small PNG that declares more pixels than the Worker can hold", async () => {
    const png = await blankPng(8000, 8000);
    expect(png.length).toBeLessThan(100_000); // 64 million pixels in under 100 KB
    const analysis = localAnalyzer(env.BARCODE).analyze({ bytes: png, type: "image/png" }, signal());
    await expect(analysis).rejects.toBeInstanceOf(PermanentError);
    await expect(analysis).rejects.toThrow("8000×8000 pixels");
  });

  it("still decodes a blank PNG just under the limit, and finds no barcode on it", async () => {
    const result = await localAnalyzer(env.BARCODE).analyze({ bytes: await blankPng(2000, 1990), type: "image/png" }, signal());
    expect(result.answer.isbn).toBeNull();
  });

  it("counts a failure of the binding itself (not the file) as worth retrying", async () => {
    const unreachable = { readEan13: () => Promise.reject(new Error("Network connection lost.")) } as unknown as Env["BARCODE"];
    const analysis = localAnalyzer(unreachable).analyze({ bytes: fixtures.barcodePng, type: "image/png" }, signal());
    await expect(analysis).rejects.toBeInstanceOf(TransientError);
    await expect(analysis).rejects.toThrow("Network connection lost.");
  });

  it("does not decode GIFs (no barcode) and treats an undecodable file as permanent", async () => {
    const gif = Uint8Array.from(atob("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="), (c) => c.charCodeAt(0));
    expect((await localAnalyzer(env.BARCODE).analyze({ bytes: gif, type: "image/gif" }, signal())).answer.isbn).toBeNull();
    const brokenPng = fixtures.barcodePng.slice();
    brokenPng.fill(7, 40, 400);
    await expect(localAnalyzer(env.BARCODE).analyze({ bytes: brokenPng, type: "image/png" }, signal())).rejects.toBeInstanceOf(PermanentError);
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
