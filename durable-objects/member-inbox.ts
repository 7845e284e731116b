import { DurableObject } from "cloudflare:workers";

/**
 * What a member's inbox socket receives: `dm` when a message was written in one of their
 * conversations, `notification` when their bell changed (its count, when the sender knows it; the
 * conversation, when the change is that conversation's new messages).
 */
export type InboxEvent =
  | { type: "ready" }
  | { type: "dm"; conversationId: string; fromUserId: string }
  | { type: "notification"; unread?: number; conversationId?: string }
  /** The session this socket was opened in has ended (signed out, here or everywhere, suspended, account deleted). */
  | { type: "signed-out" };

/** The close code of a socket whose session was ended: the tab signs in again rather than reconnecting. */
export const SIGNED_OUT_CLOSE_CODE = 4401;

/**
 * The close code of a socket whose session this browser replaced by signing in again: the tab is
 * not told to sign in (its next requests carry the new session), it simply reconnects, as after any
 * drop, and the new socket belongs to the new session.
 */
export const SESSION_REPLACED_CLOSE_CODE = 4001;

/** Answered by the runtime itself, so a keep-alive ping never wakes a hibernating inbox. */
export const INBOX_PING = JSON.stringify({ type: "ping" });
export const INBOX_PONG = JSON.stringify({ type: "pong" });

/**
 * One member's live connection to "something changed in your conversations", named by the member's
 * id. It keeps nothing but the member's hibernating WebSockets (one per open tab): conversations
 * themselves live in their rooms and the D1 mirror, so the badge and the list re-read those when
 * told. Without it a member on any page other than the open thread would only learn of a new
 * message from the 60-second badge refresh.
 */
export class MemberInbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(INBOX_PING, INBOX_PONG));
  }

  /** The WebSocket upgrade, already authenticated by the Worker (session and Origin). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Not found", { status: 404 });
    const { 0: client, 1: server } = new WebSocketPair();
    // Tagged with the session it was opened in, so ending one session closes only that session's sockets.
    const sessionId = request.headers.get("X-Session-Id");
    this.ctx.acceptWebSocket(server, sessionId ? [sessionId] : []);
    server.send(JSON.stringify({ type: "ready" } satisfies InboxEvent));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Tells every open tab of the member; returns how many sockets were told. */
  notify(event: InboxEvent): number {
    let told = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(JSON.stringify(event));
        told++;
      } catch {
        // Closed meanwhile: that tab reconnects and re-reads when it comes back.
      }
    }
    return told;
  }

  /**
   * Sessions of the member ended: their open tabs are told and their sockets closed (4401) at once,
   * instead of at their next request. All of them when every session ended (signed out everywhere,
   * suspended, deleted), or only those opened in `sessionId` (one sign-out). None is spared, not
   * even the asking tab's: keep-alive pings are answered by the runtime, so a socket opened with a
   * copy of that session would otherwise keep hearing who writes to the member. The asking tab
   * ignores the notice itself (app/core/session-events.ts). When the browser `replaced` the session
   * by signing in again, its sockets are closed without a notice (see SESSION_REPLACED_CLOSE_CODE):
   * telling its other tabs to sign in again would make them sign the new session out. Returns how
   * many were closed.
   */
  signOut({ sessionId, replaced = false }: { sessionId?: string; replaced?: boolean } = {}): number {
    let closed = 0;
    for (const socket of this.ctx.getWebSockets(sessionId)) {
      try {
        if (replaced) {
          socket.close(SESSION_REPLACED_CLOSE_CODE, "Signed in again");
        } else {
          socket.send(JSON.stringify({ type: "signed-out" } satisfies InboxEvent));
          socket.close(SIGNED_OUT_CLOSE_CODE, "Signed out");
        }
        closed++;
      } catch {
        // Already closed.
      }
    }
    return closed;
  }

  async webSocketMessage(): Promise<void> {
    // Nothing to answer: pings are auto-responded, and the inbox takes no commands.
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005/1006 carry no close frame to echo; anything else is answered in kind.
    if (code !== 1005 && code !== 1006) socket.close(code, "closing");
  }
}
