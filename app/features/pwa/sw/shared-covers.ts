/// <reference lib="webworker" />
// Photos shared from the phone's gallery stay on the device (Cache Storage) until the member
// uploads them from Add Books; the page reads them back with readSharedCovers (app/features/pwa/shared-covers.ts).
import { CACHE_NAMES } from "@worker/core/shared/offline";

/** Keeps the shared images (anything else is dropped), replacing an earlier share. */
export async function keepSharedCovers(form: FormData): Promise<number> {
  await caches.delete(CACHE_NAMES.shared);
  const cache = await caches.open(CACHE_NAMES.shared);
  const files = form.getAll("covers").filter((value): value is File => value instanceof File && value.type.startsWith("image/"));
  await Promise.all(
    files.map((file, index) =>
      cache.put(
        `/shared-covers/${index}`,
        new Response(file, {
          headers: { "Content-Type": file.type, "X-File-Name": encodeURIComponent(file.name), "X-Last-Modified": String(file.lastModified) },
        }),
      ),
    ),
  );
  return files.length;
}
