import { convertIndexedToRgb, decode as decodePng } from "fast-png";
import type { ImageType } from "../../shared/image-type";

/** One byte of brightness per pixel, row-major. */
export interface Luminance {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Bounds memory in the Worker (128 MB) for every format: a 1600 px cover is under 3 MP; phone
 * originals are ~12 MP. Checked from the file's header before decoding, since a few KB of
 * compressed PNG or JPEG can declare tens of megapixels.
 */
const MAX_MEGAPIXELS = 16;
const MAX_PIXELS = MAX_MEGAPIXELS * 1_000_000;
const MAX_DECODER_MEMORY_MB = 96;

function fromChannels(width: number, height: number, data: ArrayLike<number>, channels: number, scale: number): Luminance {
  const out = new Uint8Array(width * height);
  const hasAlpha = channels === 2 || channels === 4;
  for (let p = 0, i = 0; p < out.length; p++, i += channels) {
    let y =
      channels >= 3
        ? (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000
        : data[i]!;
    y *= scale;
    // Transparent pixels are shown on white, so read them as white.
    if (hasAlpha) {
      const alpha = (data[i + channels - 1]! * scale) / 255;
      y = y * alpha + 255 * (1 - alpha);
    }
    out[p] = y;
  }
  return { width, height, data: out };
}

function unpackLowDepthGray(width: number, height: number, data: ArrayLike<number>, depth: number): Luminance {
  const out = new Uint8Array(width * height);
  const bytesPerRow = Math.ceil((width * depth) / 8);
  const levels = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const byte = data[y * bytesPerRow + (bit >> 3)]!;
      const value = (byte >> (8 - depth - (bit & 7))) & levels;
      out[y * width + x] = Math.round((value * 255) / levels);
    }
  }
  return { width, height, data: out };
}

/** Samples per pixel by PNG colour type; a palette image is expanded to RGBA before reading it. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 4, 4: 2, 6: 4 };

/** Refuses, from the IHDR chunk (which must come first), a PNG too large to decode in the Worker. */
function assertPngDecodable(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isIhdr = bytes.length >= 33 && view.getUint32(12) === 0x49484452; // "IHDR"
  if (!isIhdr) throw new Error("The PNG does not start with an IHDR chunk");
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitDepth = bytes[24]!;
  const channels = PNG_CHANNELS[bytes[25]!] ?? 4;
  if (width * height > MAX_PIXELS) {
    throw new Error(`The PNG is ${width}×${height} pixels, over the ${MAX_MEGAPIXELS} MP we decode`);
  }
  const decodedMb = (width * height * channels * Math.max(1, bitDepth / 8)) / (1024 * 1024);
  if (decodedMb > MAX_DECODER_MEMORY_MB) {
    throw new Error(`The PNG would take ${Math.round(decodedMb)} MB to decode, over the ${MAX_DECODER_MEMORY_MB} MB we allow`);
  }
}

function pngLuminance(bytes: Uint8Array): Luminance {
  assertPngDecodable(bytes);
  const png = decodePng(bytes);
  if (png.palette) {
    const rgb = convertIndexedToRgb(png);
    return fromChannels(png.width, png.height, rgb, png.palette[0]!.length, 1);
  }
  if (png.depth < 8) return unpackLowDepthGray(png.width, png.height, png.data, png.depth);
  return fromChannels(png.width, png.height, png.data, png.channels, png.depth === 16 ? 1 / 257 : 1);
}

async function jpegLuminance(bytes: Uint8Array): Promise<Luminance> {
  // Loaded on first use: deployments that read covers with a vision model never parse the decoder.
  const jpegJs = await import("jpeg-js");
  // jpeg-js is CommonJS: bundlers expose its exports as named exports, a default export, or both.
  const decodeJpeg = jpegJs.decode ?? (jpegJs as unknown as { default: typeof jpegJs }).default.decode;
  const jpeg = decodeJpeg(bytes, {
    useTArray: true,
    formatAsRGBA: false,
    maxResolutionInMP: MAX_MEGAPIXELS,
    maxMemoryUsageInMB: MAX_DECODER_MEMORY_MB,
  });
  return fromChannels(jpeg.width, jpeg.height, jpeg.data, 3, 1);
}

/** Decodes JPEG or PNG in plain JavaScript (no WASM, no network); other formats give null. */
export async function toLuminance(bytes: Uint8Array, type: ImageType): Promise<Luminance | null> {
  if (type === "image/jpeg") return jpegLuminance(bytes);
  if (type === "image/png") return pngLuminance(bytes);
  return null;
}
