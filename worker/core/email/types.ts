// What every e-mail provider takes and answers; apart from provider.ts (which picks the configured
// provider) so that the providers need not import the module that imports them.

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
