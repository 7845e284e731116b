import type { ImageType } from "@worker/core/shared/image-type";

export interface Dimensions {
  width: number;
  height: number;
}

/** PNG: the IHDR chunk must come first, right after the 8-byte signature. */
function pngDimensions(view: DataView): Dimensions | null {
  if (view.byteLength < 24 || view.getUint32(12) !== 0x49484452 /* "IHDR" */) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** JPEG: walks the marker segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegDimensions(view: DataView): Dimensions | null {
  let offset = 2;
  while (offset + 9 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    // Fill bytes, and standalone markers (TEM, RSTn) that carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    if (marker === 0xda || marker === 0xd9) return null; // scan data or the end before any frame header
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}

/** The size a JPEG or PNG declares in its header, read without decoding; null when none is found. */
export function imageDimensions(bytes: Uint8Array, type: ImageType): Dimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === "image/png") return pngDimensions(view);
  if (type === "image/jpeg") return jpegDimensions(view);
  return null;
}
