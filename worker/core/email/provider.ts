import { type AppConfig, readConfig } from "../config";
import { cloudflareEmailProvider } from "./cloudflare";
import { resendProvider } from "./resend";
import type { EmailProvider } from "./types";

export { EmailSendError } from "./send-error";

/** The configured provider, or null when e-mails stay in the local outbox (no EMAIL_PROVIDER). */
export function emailProviderFor(env: Env, config: AppConfig = readConfig(env)): EmailProvider | null {
  switch (config.EMAIL_PROVIDER) {
    case "resend":
      // config.ts refuses a resend provider without a key, so it is there.
      return resendProvider({ apiKey: config.EMAIL_API_KEY! });
    case "cloudflare":
      return cloudflareEmailProvider(config.SEND_EMAIL!);
    default:
      return null;
  }
}
