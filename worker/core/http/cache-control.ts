/**
 * True when a shared cache may store the response (media). Such a response must never carry a
 * Set-Cookie: a CDN or proxy could replay one member's cookie to everyone who fetches the URL.
 */
export function isPubliclyCacheable(response: Response): boolean {
  return /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");
}
