import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const DEFAULT_MAP_TILE_ATTRIBUTION = "© OpenStreetMap contributors";
/** Where the map's tiles come from when MAP_TILE_URL points at the Worker itself. */
export const DEV_TILES_PREFIX = "/dev-tiles/";

const configSchema = z
  .object({
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_BOOKS_API_KEY: optionalText,
    DEV_SIGN_IN: z
      .string()
      .optional()
      .transform((value) => value === "true"),
    COVER_ANALYZER: z.enum(["workers-ai", "openai-compatible", "local"]).default("workers-ai"),
    WORKERS_AI_MODEL: z.string().min(1).default("@cf/meta/llama-4-scout-17b-16e-instruct"),
    OPENAI_COMPATIBLE_URL: z.url({ message: "OPENAI_COMPATIBLE_URL must be a URL" }).optional(),
    OPENAI_COMPATIBLE_API_KEY: optionalText,
    OPENAI_COMPATIBLE_MODEL: optionalText,
    UPLOAD_SIGNING_SECRET: optionalText,
    INVITE_CODE_SECRET: optionalText,
    /** Reverse-geocoding endpoint (Nominatim jsonv2 style); the public OpenStreetMap one when unset. */
    GEOCODER_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "GEOCODER_URL must be an http(s) URL" }).optional()),
    /** Google Books' volumes endpoint and Open Library's search.json; the public ones when unset (a mirror or a test double otherwise). */
    GOOGLE_BOOKS_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "GOOGLE_BOOKS_URL must be an http(s) URL" }).optional()),
    OPEN_LIBRARY_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "OPEN_LIBRARY_URL must be an http(s) URL" }).optional()),
    /**
     * The library map's tiles: a slippy-map URL template with {z}, {x} and {y} (wrangler.toml sets OpenStreetMap's).
     * "/dev-tiles/{z}/{x}/{y}.png" is the Worker's own recorded tile, for local runs and tests (no network).
     */
    MAP_TILE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^(https:\/\/|\/dev-tiles\/)\S*\{z\}\S*\{x\}\S*\{y\}\S*$/, {
          message: "MAP_TILE_URL must be an https URL template with {z}, {x} and {y}, or /dev-tiles/{z}/{x}/{y}.png",
        })
        .optional(),
    ),
    /** Credit the tiles' provider asks for, shown on the map. */
    MAP_TILE_ATTRIBUTION: optionalText,
    /** Who sends e-mail: an HTTP API ("resend") or Cloudflare's send_email binding; unset, e-mails stay in the local outbox. */
    EMAIL_PROVIDER: optionalText.pipe(z.enum(["resend", "cloudflare"], { message: 'EMAIL_PROVIDER must be "resend" or "cloudflare"' }).optional()),
    EMAIL_API_KEY: optionalText,
    /** The From header, e.g. "BookClub <books@example.org>"; its domain must be verified with the provider. */
    EMAIL_FROM: optionalText,
    /** The public origin for links in e-mails (jobs run without a request to take it from). */
    APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "APP_URL must be an http(s) URL" }).optional()),
    /** Signs unsubscribe links. */
    EMAIL_TOKEN_SECRET: optionalText,
    SEND_EMAIL: z.custom<SendEmail>((value) => typeof value === "object" && value !== null).optional(),
    /** Who turns voice searches into text on the server; "off" (or unset) leaves only the browser's own recogniser. */
    VOICE_TRANSCRIBER: optionalText.pipe(
      z.enum(["workers-ai", "openai-compatible", "off"], { message: 'VOICE_TRANSCRIBER must be "workers-ai", "openai-compatible" or "off"' }).optional(),
    ),
    /** An OpenAI-style API base (".../v1") or its full /audio/transcriptions URL. */
    VOICE_OPENAI_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "VOICE_OPENAI_URL must be an http(s) URL" }).optional()),
    VOICE_OPENAI_API_KEY: optionalText,
    /** The model name the endpoint expects; "whisper-1" when unset. */
    VOICE_OPENAI_MODEL: optionalText,
    /** Web Push's VAPID key (RFC 8292): a P-256 private key as a JWK; unset, devices cannot be offered push. */
    VAPID_PRIVATE_KEY: optionalText,
    /** The VAPID `sub` claim: a mailto: or https: contact for push services; the From address's when unset. */
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)\S+$/, { message: "VAPID_SUBJECT must be a mailto: or https: URL" })
        .optional(),
    ),
    /** Push service hosts accepted beyond the known ones (worker/features/push/push-services.ts), comma-separated. */
    PUSH_SERVICE_HOSTS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .optional(),
    /** Who reviews reports at /moderation: members' e-mail addresses, comma-separated (empty: nobody). */
    MODERATORS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: "MODERATORS must be e-mail addresses separated by commas" })))
      .optional(),
  })
  .superRefine((config, issues) => {
    // With a provider, mail really leaves: what it needs must be set, not defaulted.
    const missing = (name: string, why: string) => issues.addIssue({ code: "custom", path: [name], message: `${name} is required ${why}` });
    if (config.EMAIL_PROVIDER === "resend" && !config.EMAIL_API_KEY) missing("EMAIL_API_KEY", "when EMAIL_PROVIDER is resend");
    if (config.EMAIL_PROVIDER === "cloudflare" && !config.SEND_EMAIL) missing("SEND_EMAIL", "(a [[send_email]] binding) when EMAIL_PROVIDER is cloudflare");
    if (config.EMAIL_PROVIDER && !config.EMAIL_FROM) missing("EMAIL_FROM", "when EMAIL_PROVIDER is set");
    if (config.EMAIL_PROVIDER && !config.APP_URL) missing("APP_URL", "when EMAIL_PROVIDER is set");
    if (config.VOICE_TRANSCRIBER === "openai-compatible" && !config.VOICE_OPENAI_URL)
      missing("VOICE_OPENAI_URL", "when VOICE_TRANSCRIBER is openai-compatible");
  });
export type AppConfig = z.output<typeof configSchema>;

const cache = new WeakMap<object, AppConfig>();

/** The Worker's settings, validated once per env object with messages that name what is wrong. */
export function readConfig(env: Env): AppConfig {
  let config = cache.get(env);
  if (!config) {
    const result = configSchema.safeParse(env);
    if (!result.success) {
      const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      throw new Error(`Invalid Worker configuration: ${problems.join("; ")}`);
    }
    config = result.data;
    cache.set(env, config);
  }
  return config;
}

/** Links in the local outbox's e-mails point at the dev server when no public origin is set. */
export const LOCAL_APP_URL = "http://localhost:5173";
export const DEFAULT_EMAIL_FROM = "BookClub <books@example.org>";

/** Where e-mail links point, without a trailing slash. */
export function appUrl(config: AppConfig): string {
  return (config.APP_URL ?? LOCAL_APP_URL).replace(/\/+$/, "");
}

/** Whether the member with this e-mail is one of the MODERATORS. */
export function isModerator(config: AppConfig, email: string | null | undefined): boolean {
  return Boolean(email && config.MODERATORS?.includes(email.toLowerCase()));
}

/** The library map's tile template and credit: OpenStreetMap's unless configured. */
export function mapTileSettings(config: AppConfig): { url: string; attribution: string } {
  return { url: config.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION ?? DEFAULT_MAP_TILE_ATTRIBUTION };
}

export function googleSignInConfigured(config: AppConfig): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}
