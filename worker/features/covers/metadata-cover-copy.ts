import { readConfig } from "@worker/core/config";
import { readBodyWithLimit } from "@worker/core/http/body-limit";
import { checkImage, IMAGE_EXTENSIONS } from "@worker/core/shared/image-type";

/** A thumbnail from a metadata service is a few tens of KB; anything near this is not one. */
export const MAX_METADATA_COVER_BYTES = 2 * 1024 * 1024;
/** The book is being added while the member waits: a slow image host gives no cover, not a slow answer. */
export const METADATA_COVER_TIMEOUT_MS = 5_000;

/** The origins of configured metadata mirrors, whose thumbnails may be fetched over http. */
export function metadataMirrorOrigins(env: Env): string[] {
  const config = readConfig(env);
  return [config.GOOGLE_BOOKS_URL, config.OPEN_LIBRARY_URL].flatMap((url) => (url ? [new URL(url).origin] : []));
}

/**
 * Which links may be fetched: https only, except the configured metadata mirrors' own origins (a
 * self-hosted mirror or the e2e test double, which serve their thumbnails over http).
 */
export function coverLinkAllowed(link: string, trustedOrigins: readonly string[]): URL | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol === "https:") return url;
  return url.protocol === "http:" && trustedOrigins.includes(url.origin) ? url : null;
}

/**
 * Copies a metadata record's cover into R2 under the owner's covers prefix, so the book keeps its
 * cover when the link changes and pages never load images from elsewhere. Any failure (refused
 * link, timeout, error status, too large, not a JPEG/PNG/GIF) gives no cover: the page draws the
 * placeholder, and the book is added all the same.
 */
export async function copyMetadataCover(env: Env, ownerId: string, link: string | undefined, trustedOrigins: readonly string[] = []): Promise<string | null> {
  const url = link ? coverLinkAllowed(link, trustedOrigins) : null;
  if (!url) return null;
  try {
    const response = await fetch(url, {
      headers: { Accept: "image/jpeg, image/png, image/gif" },
      signal: AbortSignal.timeout(METADATA_COVER_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const declared = Number(response.headers.get("Content-Length") ?? "0");
    if (declared > MAX_METADATA_COVER_BYTES) {
      await response.body?.cancel();
      return null;
    }
    const bytes = await readBodyWithLimit(response.body, MAX_METADATA_COVER_BYTES, () => new Error("The cover is too large"));
    const image = checkImage(bytes);
    if (!image.ok) return null;
    const key = `covers/${ownerId}/${crypto.randomUUID()}.${IMAGE_EXTENSIONS[image.type]}`;
    await env.MEDIA.put(key, bytes, {
      httpMetadata: { contentType: image.type, cacheControl: "public, max-age=31536000, immutable" },
    });
    return key;
  } catch {
    // Network errors, timeouts, oversized bodies and a failed store all mean the same here: no cover.
    return null;
  }
}
