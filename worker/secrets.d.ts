// Secrets and local-only settings are not in wrangler.toml, so `wrangler types` cannot see them.
// They are optional here and validated once by worker/config.ts.
interface OptionalSecrets {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_BOOKS_API_KEY?: string;
  DEV_SIGN_IN?: string;
  UPLOAD_SIGNING_SECRET?: string;
  OPENAI_COMPATIBLE_URL?: string;
  OPENAI_COMPATIBLE_API_KEY?: string;
  OPENAI_COMPATIBLE_MODEL?: string;
}
// Bindings already in wrangler.toml that worker-configuration.d.ts lists only after the next
// `npm run cf-typegen`; the same declaration twice is harmless, so this can go after that.
interface PendingBindings {
  INTEREST_LIMITER: RateLimit;
}
interface Env extends OptionalSecrets, PendingBindings {}
declare namespace Cloudflare {
  interface Env extends OptionalSecrets, PendingBindings {}
}
