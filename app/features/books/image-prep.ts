import { JPEG_QUALITY, MAX_IMAGE_SIDE } from "@worker/core/shared/upload-rules";

/**
 * Shrinks a photo so its longest side is at most 1600 px and re-encodes it as JPEG at 0.8.
 * GIFs are left alone (re-encoding would drop animation), as are images already small enough
 * in a format we accept.
 */
export async function prepareImage(file: File): Promise<Blob> {
  if (file.type === "image/gif") return file;
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    return await canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
  } finally {
    bitmap.close();
  }
}
