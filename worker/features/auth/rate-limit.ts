import { withinLimit } from "@worker/core/rate-limit";
import { msg } from "@worker/core/shared/translate";

/** Shown (and sent as the API error) when one address starts too many sign-ins in a minute. */
export const SIGN_IN_RATE_LIMITED = msg("Too many sign-in attempts. Please wait a minute and try again.");
export const SIGN_IN_RETRY_AFTER_SECONDS = 60;

/**
 * Counts one sign-in attempt (start Google, callback, local sign-in) for the caller's address
 * (SIGN_IN_LIMITER). A yes/no rather than `limit`'s thrown 429: the sign-in pages answer a refusal
 * with their own page or form error and a Retry-After header.
 */
export async function allowSignInAttempt(env: Env, request: Request): Promise<boolean> {
  // Cloudflare sets CF-Connecting-IP on every request it proxies; local runs without it share one bucket.
  return withinLimit(env.SIGN_IN_LIMITER, `sign-in:${request.headers.get("CF-Connecting-IP") ?? "local"}`);
}

export function rateLimitedHeaders(): HeadersInit {
  return { "Retry-After": String(SIGN_IN_RETRY_AFTER_SECONDS) };
}
