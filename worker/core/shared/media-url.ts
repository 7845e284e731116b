/** Public URL of an object in the MEDIA bucket. Keys are immutable, so the URL is too. */
export function mediaUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https:\/\//.test(key)) return key;
  return `/media/${key.split("/").map(encodeURIComponent).join("/")}`;
}
