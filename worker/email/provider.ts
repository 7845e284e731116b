import { type AppConfig, readConfig } from "../config";
import { cloudflareEmailProvider } from "./cloudflare";
import { resendProvider } from "./resend";

export { EmailSendError } from "./send-error";

/** One e-mail, fully rendered; `headers` carries List-Unsubscribe and friends. */
export interface EmailMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface SendOptions {
  /** Lets a provider that supports it drop a repeat of the same e-mail (the outbox row's id). */
  idempotencyKey?: string;
}

/** Sends e-mail; throws EmailSendError (or any error) when the provider did not take it. */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage, options?: SendOptions): Promise<{ providerId?: string }>;
}

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
