/**
 * The rate limiters count in wall-clock windows (Miniflare, like Cloudflare, uses fixed windows of 60 s
 * here). A burst that straddles a boundary is split over two windows and never reaches its 429, so a
 * test that spends a limit starts early in a window: it waits out the last 15 s of one if need be (well inside the 20 s test timeout).
 */
export async function startOfRateLimitWindow() {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 100));
}
