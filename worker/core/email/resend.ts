import { z } from "zod";
import { EmailSendError } from "./send-error";
import type { EmailMessage, EmailProvider, SendOptions } from "./types";

/** Resend's send endpoint (https://resend.com/docs/api-reference/emails/send-email). */
export const RESEND_SEND_URL = "https://api.resend.com/emails";
export const RESEND_TIMEOUT_MS = 10_000;
/** An answer is a small JSON object; more than this is not one of Resend's. */
const MAX_ANSWER_CHARS = 16 * 1024;

const successSchema = z.object({ id: z.string().min(1) });
const errorSchema = z.object({ name: z.string().optional(), message: z.string().optional() });

export interface ResendOptions {
  apiKey: string;
  /** Injected in tests; the platform's fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** What a refusal says, in one line for the outbox row: "422 validation_error: Invalid `to` field." */
function describeRefusal(status: number, body: string): string {
  let detail = "";
  try {
    const parsed = errorSchema.safeParse(JSON.parse(body));
    if (parsed.success) detail = [parsed.data.name, parsed.data.message].filter(Boolean).join(": ");
  } catch {
    // Not JSON (a proxy's HTML error page, say): the status says enough.
  }
  return `Resend answered ${status}${detail ? ` ${detail}` : ""}`.slice(0, 500);
}

/**
 * Resend's HTTP API. A 2xx means Resend took the e-mail, even if its answer cannot be read (the id
 * is only for the record); 400/422 mean this e-mail can never be sent as it is; anything else
 * (401/403 until the key is fixed, 429, 5xx, the network) is worth trying again later. The
 * Idempotency-Key makes a retry of an e-mail Resend did take (a lost answer) a no-op on their side.
 */
export function resendProvider({ apiKey, fetch: fetchFn = globalThis.fetch, timeoutMs = RESEND_TIMEOUT_MS }: ResendOptions): EmailProvider {
  return {
    name: "resend",
    async send(message: EmailMessage, options: SendOptions = {}) {
      let response: Response;
      try {
        response = await fetchFn(RESEND_SEND_URL, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${apiKey}`,
            "Content-Type": "application/json",
            ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}),
          },
          body: JSON.stringify({
            from: message.from,
            to: [message.to],
            subject: message.subject,
            text: message.text,
            html: message.html,
            headers: message.headers,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new EmailSendError(`Resend could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      const body = (await response.text().catch(() => "")).slice(0, MAX_ANSWER_CHARS);
      if (response.ok) {
        let id: string | undefined;
        try {
          const parsed = successSchema.safeParse(JSON.parse(body));
          if (parsed.success) id = parsed.data.id;
        } catch {
          // Taken, but the answer is unreadable: still sent, just without Resend's id.
        }
        return { providerId: id };
      }
      throw new EmailSendError(describeRefusal(response.status, body), response.status === 400 || response.status === 422);
    },
  };
}
