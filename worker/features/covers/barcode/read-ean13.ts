import type { ImageType } from "@worker/core/shared/image-type";
import { prepareZXingModule, purgeZXingModule, readBarcodes } from "zxing-wasm/reader";
import zxingReaderWasm from "zxing-wasm/reader/zxing_reader.wasm?module";
import { imageDimensions } from "./image-dimensions";

/**
 * The largest image we decode, checked from its header first: a few KB of PNG can declare 64 MP.
 * Decoding happens in ZXing's WASM memory, up to ~12 bytes a pixel for 16-bit RGBA PNGs and
 * progressive JPEGs (4 MP peaks near 67 MB), inside the Worker's 128 MB. The Add Books dialog
 * uploads at most 1600 px on the long side (under 2.6 MP).
 */
export const MAX_MEGAPIXELS = 4;

/**
 * WASM memory only grows: once a large image has taken it past this mark, the instance is dropped
 * after that photo so its pages can be collected. Below it the instance is kept for the next photo
 * (instantiating it again cost about 2 ms of each photo's 5.5 ms in `npm run bench`).
 */
export const ZXING_MEMORY_MARK_BYTES = 48 * 1024 * 1024;

// The module is compiled when the Worker loads; instantiating it here never fetches anything.
const overrides = {
  instantiateWasm(imports: WebAssembly.Imports, ready: (instance: WebAssembly.Instance) => void) {
    void WebAssembly.instantiate(zxingReaderWasm, imports).then(ready);
    return {};
  },
};

function assertDecodable(bytes: Uint8Array, type: ImageType) {
  const size = imageDimensions(bytes, type);
  if (!size) throw new Error(`The ${type} header gives no image size`);
  if (size.width * size.height > MAX_MEGAPIXELS * 1_000_000) {
    throw new Error(`The image is ${size.width}×${size.height} pixels, over the ${MAX_MEGAPIXELS} MP we decode`);
  }
}

/**
 * The EAN-13 printed on a JPEG or PNG (rows, columns and all four orientations are tried), or null.
 * ZXing (zxing-cpp) decodes the file itself; other formats are not photographs of a back cover.
 */
export async function readEan13(bytes: Uint8Array, type: ImageType): Promise<string | null> {
  if (type !== "image/jpeg" && type !== "image/png") return null;
  assertDecodable(bytes, type);
  // The same overrides object each time: zxing-wasm keeps the instance it made for them.
  const zxing = await prepareZXingModule({ overrides, fireImmediately: true });
  try {
    const results = await readBarcodes(bytes, { formats: ["EAN13"], maxNumberOfSymbols: 1 });
    const failure = results.find((result) => result.error && !result.format);
    if (failure) throw new Error(failure.error);
    return results.find((result) => result.isValid)?.text ?? null;
  } finally {
    // Emscripten keeps the module's memory view as HEAPU8 (not in zxing-wasm's types); without it, be safe and drop.
    const memoryBytes = (zxing as { HEAPU8?: Uint8Array }).HEAPU8?.byteLength ?? Number.POSITIVE_INFINITY;
    if (memoryBytes > ZXING_MEMORY_MARK_BYTES) purgeZXingModule();
  }
}
