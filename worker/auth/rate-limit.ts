/** Shown (and sent as the API error) when one address starts too many sign-ins in a minute. */
export const SIGN_IN_RATE_LIMITED = "Too many sign-in attempts. Please wait a minute and try again.";
export const SIGN_IN_RETRY_AFTER_SECONDS = 60;

/**
 * Counts one sign-in attempt (start Google, callback, local sign-in) for the caller's address with the
 * Workers Rate Limiting binding (wrangler.toml `[[ratelimits]]`, simulated by Miniflare locally).
 * The binding is per Cloudflare location and eventually consistent: it blunts floods and scripted
 * retries, it is not an exact quota.
 */
export async function allowSignInAttempt(env: Env, request: Request): Promise<boolean> {
  // Cloudflare sets CF-Connecting-IP on every request it proxies; local runs without it share one bucket.
  const key = `sign-in:${request.headers.get("CF-Connecting-IP") ?? "local"}`;
  const { success } = await env.SIGN_IN_LIMITER.limit({ key });
  return success;
}

export function rateLimitedHeaders(): HeadersInit {
  return { "Retry-After": String(SIGN_IN_RETRY_AFTER_SECONDS) };
}
