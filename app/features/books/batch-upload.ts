import { pauseBetweenUploads, RETRY_ATTEMPTS, retryDelay, UPLOAD_TIMEOUT_MS } from "@worker/core/shared/upload-rules";
import type { Book } from "@worker/features/books/book-columns";
import { apiFetch } from "~/core/api-client";
import { prepareImage } from "./image-prep";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one step up to three times, waiting 300 ms, then 600 ms, between tries. */
export async function withRetry<T>(step: () => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= RETRY_ATTEMPTS; attempt++) {
    try {
      return await step();
    } catch (error) {
      lastError = error;
      if (attempt < RETRY_ATTEMPTS) await sleep(retryDelay(attempt));
    }
  }
  throw lastError;
}

/** Upload one cover and create its book: signed URL, PUT (2-minute timeout), then POST /api/books. */
export async function addBookFromImage(file: File): Promise<Book> {
  const image = await prepareImage(file);
  const fileType = image.type || file.type;
  const target = await withRetry(() => apiFetch("/upload-url", { method: "POST", json: { fileType, fileName: file.name } }, "Failed to generate upload URL"));
  await withRetry(async () => {
    const response = await fetch(target.uploadUrl, {
      method: "PUT",
      body: image,
      headers: { "Content-Type": fileType },
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error ?? "Failed to upload one of the images");
    }
  });
  return withRetry(() =>
    apiFetch(
      "/books",
      { method: "POST", json: { coverImage: target.fileUrl, s3Bucket: "MEDIA", s3Key: target.fileKey, extractFromImage: true, status: "available" } },
      "Failed to create book",
    ),
  );
}

export interface BatchProgress {
  index: number;
  total: number;
  succeeded: number;
  failed: number;
}

/** One image at a time with the dialog's pauses (docs/product.md#add-books-dialog); a failed image is counted and the loop goes on. */
export async function uploadBatch(
  files: File[],
  onProgress: (progress: BatchProgress) => void,
  onBook: (book: Book) => void,
  onImageError: (file: File, error: unknown) => void,
): Promise<BatchProgress> {
  const progress: BatchProgress = { index: 0, total: files.length, succeeded: 0, failed: 0 };
  for (const [i, file] of files.entries()) {
    progress.index = i + 1;
    onProgress({ ...progress });
    try {
      onBook(await addBookFromImage(file));
      progress.succeeded++;
    } catch (error) {
      progress.failed++;
      onImageError(file, error);
    }
    onProgress({ ...progress });
    if (i < files.length - 1) await sleep(pauseBetweenUploads(files.length));
  }
  return progress;
}
