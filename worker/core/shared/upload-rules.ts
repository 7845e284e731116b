// The Add Books dialog's limits and pacing (docs/product.md#add-books-dialog). No imports: used in the browser.

export const MAX_IMAGES_PER_DIALOG = 10;
export const DEFAULT_MAX_IMAGES = 25;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 1600;
export const JPEG_QUALITY = 0.8;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const RETRY_ATTEMPTS = 3;
export const RETRY_BASE_MS = 300;
export const RETRY_CAP_MS = 2000;

/** Pause between images: 200 ms for up to 3 images, 600 ms up to 7, 1000 ms beyond. */
export function pauseBetweenUploads(total: number): number {
  if (total <= 3) return 200;
  if (total <= 7) return 600;
  return 1000;
}

/** Delay before retry n (1-based): 300 ms doubling, capped at 2000 ms. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (attempt - 1));
}

export function isHeic(file: { name: string; type: string }): boolean {
  return /image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
}
