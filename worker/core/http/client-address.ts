/**
 * The caller's IP address as Cloudflare saw it, for per-client rate limits. Null when nothing set it
 * (local runs without a proxy in front), where callers share one bucket.
 */
export function clientAddress(request: Request): string | null {
  return request.headers.get("CF-Connecting-IP");
}
