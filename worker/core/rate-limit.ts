import { tooManyRequests } from "./errors";

/**
 * Counts one use of each key against a Workers Rate Limiting binding (wrangler.toml `[[ratelimits]]`,
 * simulated by Miniflare locally) and says whether all of them are within their budget. Every key is
 * counted, even when another is already over. The binding is per Cloudflare location and eventually
 * consistent: it blunts floods and scripts, it is not an exact quota.
 */
export async function withinLimit(limiter: RateLimit, key: string | readonly string[]): Promise<boolean> {
  const keys = typeof key === "string" ? [key] : key;
  const results = await Promise.all(keys.map((one) => limiter.limit({ key: one })));
  return results.every((result) => result.success);
}

/** `withinLimit`, answering 429 with `message` (the text the member sees) past the budget. */
export async function limit(limiter: RateLimit, key: string | readonly string[], message: string): Promise<void> {
  if (!(await withinLimit(limiter, key))) throw tooManyRequests(message);
}
