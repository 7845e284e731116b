// The page's side of the share target: the photos the service worker kept (app/features/pwa/sw/shared-covers.ts),
// read back as files for Add Books, and dropped once uploaded or set aside.
import { CACHE_NAMES } from "@worker/core/shared/offline";

export async function readSharedCovers(): Promise<File[]> {
  if (!("caches" in window)) return [];
  const cache = await caches.open(CACHE_NAMES.shared);
  const keys = await cache.keys();
  const files = await Promise.all(
    keys.map(async (request) => {
      const response = await cache.match(request);
      if (!response) return null;
      const name = decodeURIComponent(response.headers.get("X-File-Name") ?? "shared-photo");
      const lastModified = Number(response.headers.get("X-Last-Modified")) || Date.now();
      return new File([await response.blob()], name, { type: response.headers.get("Content-Type") ?? "", lastModified });
    }),
  );
  // Keys come back in the order they were stored: the order they were shared in.
  return files.filter((file): file is File => file !== null);
}

export async function dropSharedCovers(): Promise<void> {
  if ("caches" in window) await caches.delete(CACHE_NAMES.shared);
}
