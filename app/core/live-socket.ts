// Browser-only: a WebSocket to our own API that stays open. No server imports; the root loads it.

export interface LiveSocket {
  /** Sends when the socket is open; false when it is not (the caller falls back to HTTP). */
  send: (data: string) => boolean;
  close: () => void;
}

interface LiveSocketOptions {
  onMessage: (data: { type?: unknown } & Record<string, unknown>) => void;
  onOpenChange?: (open: boolean) => void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A ping every 25 s keeps proxies from closing an idle socket; no answer within 10 s means it is dead. */
const PING_EVERY_MS = 25_000;
const PONG_WITHIN_MS = 10_000;
const PING = JSON.stringify({ type: "ping" });
/**
 * The server closed it for good: the session ended (4401, member-inbox.ts, live-room.ts), or the
 * member left the club whose room it was (4403, club-room.ts). Reconnecting would only be refused.
 * One comparison (every such code is above 4400; the client's own "no pong" close is 4000) keeps the shell chunk small.
 */
const CLOSED_FOR_GOOD_ABOVE = 4400;

/**
 * Keeps a WebSocket to `path` (on this origin, ws: or wss: like the page) open: after a drop it
 * reconnects after about 1 s, 2 s, 4 s… up to 30 s (jittered, so many tabs do not come back at
 * once), and at once when the browser comes back online. The backoff resets when the server
 * speaks. A socket that stops answering pings is treated as dropped.
 */
export function openLiveSocket(path: string, { onMessage, onOpenChange }: LiveSocketOptions): LiveSocket {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;

  function dropped(ws: WebSocket) {
    if (socket !== ws) return;
    socket = null;
    clearInterval(ping);
    clearTimeout(deadline);
    if (stopped) return;
    onOpenChange?.(false);
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt++);
    retry = setTimeout(connect, delay / 2 + Math.random() * (delay / 2));
  }

  function connect() {
    clearTimeout(retry);
    if (stopped || socket) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`);
    socket = ws;
    ws.onopen = () => {
      // Asked to close while it was still connecting: closing then would log a browser error.
      if (stopped) return ws.close(1000);
      onOpenChange?.(true);
      ping = setInterval(() => {
        ws.send(PING);
        deadline ??= setTimeout(() => {
          ws.close(4000, "no pong");
          dropped(ws);
        }, PONG_WITHIN_MS);
      }, PING_EVERY_MS);
    };
    ws.onmessage = (event) => {
      attempt = 0;
      clearTimeout(deadline);
      deadline = undefined;
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (data && typeof data === "object" && !stopped) onMessage(data as { type?: unknown });
    };
    ws.onclose = (event) => {
      if (event.code > CLOSED_FOR_GOOD_ABOVE && !stopped) {
        stopped = true;
        // The caller learns it is down for good and falls back to HTTP, whose 401 signs the tab out.
        if (socket === ws) onOpenChange?.(false);
      }
      dropped(ws);
    };
  }

  const reconnectNow = () => {
    attempt = 0;
    connect();
  };
  window.addEventListener("online", reconnectNow);
  connect();

  return {
    send(data) {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(data);
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener("online", reconnectNow);
      const ws = socket;
      if (ws && ws.readyState === WebSocket.OPEN) ws.close(1000);
      if (ws) dropped(ws);
    },
  };
}
