import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const configSchema = z.object({
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

export function googleSignInConfigured(config: AppConfig): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}
