// URL helpers with no imports: safe for the Worker and the browser alike.

/** A percent-decoded URL path part, or null when its escapes are malformed (e.g. `%ZZ`, a cut UTF-8 sequence). */
export function decodePathOrNull(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}
