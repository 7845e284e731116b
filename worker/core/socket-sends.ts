import type { UiLanguage } from "./shared/languages";

/**
 * A `send` frame from a member's conversation socket. The ConversationRoom knows no feature: the
 * messages feature registers the handler here (worker/jobs.ts, loaded in every isolate), so a send
 * over the socket runs the same service code as the HTTP POST.
 */
export interface SocketSend {
  conversationId: string;
  memberId: string;
  /** The sender's name when the socket opened (the other member's bell names them). */
  memberName: string;
  sessionId?: string;
  language: UiLanguage;
  messageId: string;
  body: unknown;
}

/** What the sender's socket is answered: the stored message, or why not. */
export type SocketSendAnswer<M = unknown> = { type: "ack"; messageId: string; message: M } | { type: "error"; messageId: string; error: string };

/** Stores a message through `room` (the room itself, so the send is not a second call to it). */
export type SocketSendHandler = (
  env: Env,
  send: SocketSend,
  room: unknown,
  /** The follow-up (bell, e-mail, inbox pings): the room's waitUntil, so the next send does not wait for it. */
  afterResponse: (work: Promise<unknown>) => void,
) => Promise<SocketSendAnswer>;

let handler: SocketSendHandler | null = null;

/** Sets (or replaces, when a module is evaluated again in development) the handler of socket sends. */
export function registerSocketSend(next: SocketSendHandler): void {
  handler = next;
}

export function handleSocketSend(...args: Parameters<SocketSendHandler>): Promise<SocketSendAnswer> {
  if (!handler) throw new Error("No socket send handler is registered");
  return handler(...args);
}
