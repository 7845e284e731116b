import { EmailSendError } from "./send-error";
import type { EmailMessage, EmailProvider } from "./types";

/** "BookClub <books@example.org>" as the binding's { name, email }; a bare address stays a string. */
export function parseMailbox(from: string): string | { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  return match?.[1] ? { name: match[1], email: match[2]! } : (match?.[2] ?? from.trim());
}

/**
 * Cloudflare Email Service through a `send_email` binding (wrangler.toml `[[send_email]] name =
 * "SEND_EMAIL"`): the structured send, so no MIME is built here. The binding throws when it refuses
 * (an unverified sender, a header it does not allow); that is reported for a retry like any failure.
 */
export function cloudflareEmailProvider(binding: SendEmail): EmailProvider {
  return {
    name: "cloudflare",
    async send(message: EmailMessage) {
      try {
        const result = await binding.send({
          from: parseMailbox(message.from),
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
        return { providerId: result?.messageId };
      } catch (error) {
        throw new EmailSendError(`Cloudflare Email Service refused: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500));
      }
    },
  };
}
