import type { AppConfig } from "../config";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Local sign-in needs both DEV_SIGN_IN=true (which lives only in .dev.vars, never in
 * wrangler.toml, so `wrangler deploy` does not upload it) and a request to a loopback host,
 * which a deployed Worker never receives. Either guard alone keeps it off in production.
 */
export function devSignInAllowed(config: AppConfig, url: URL): boolean {
  return config.DEV_SIGN_IN && LOCAL_HOSTS.has(url.hostname);
}
