// Secrets and local-only settings are not in wrangler.toml, so `wrangler types` cannot see them.
// They are optional here and validated once by worker/core/config.ts.
interface OptionalSecrets {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_BOOKS_API_KEY?: string;
  DEV_SIGN_IN?: string;
  UPLOAD_SIGNING_SECRET?: string;
  INVITE_CODE_SECRET?: string;
  OPENAI_COMPATIBLE_URL?: string;
  OPENAI_COMPATIBLE_API_KEY?: string;
  OPENAI_COMPATIBLE_MODEL?: string;
  GEOCODER_URL?: string;
  GOOGLE_BOOKS_URL?: string;
  OPEN_LIBRARY_URL?: string;
  EMAIL_PROVIDER?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  APP_URL?: string;
  EMAIL_TOKEN_SECRET?: string;
  /** Voice search's OpenAI-compatible transcription endpoint (VOICE_TRANSCRIBER=openai-compatible); README "Voice search". */
  VOICE_OPENAI_URL?: string;
  VOICE_OPENAI_API_KEY?: string;
  VOICE_OPENAI_MODEL?: string;
  /** Web Push: the VAPID private key as a P-256 JWK (JSON); README "Web Push". */
  VAPID_PRIVATE_KEY?: string;
  /** Web Push: how push services may reach the operator, "mailto:..." or an https URL. */
  VAPID_SUBJECT?: string;
  /** Web Push: push service hosts beyond the known ones, comma-separated ("push.example.org", "*.example.org"). */
  PUSH_SERVICE_HOSTS?: string;
  /** Cloudflare's send_email binding, declared in wrangler.toml only by deployments that send with it (README "E-mail"). */
  SEND_EMAIL?: SendEmail;
}
interface Env extends OptionalSecrets {}
declare namespace Cloudflare {
  interface Env extends OptionalSecrets {}
}
