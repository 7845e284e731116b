import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveMessageBase, RoomEvent } from "../../durable-objects/room-protocol";
import { type LiveSocket, openLiveSocket } from "./live-socket";

/** What a send over the socket came to. */
export type SendAnswer<M> = { message: M } | { error: string } | { unsent: true };

/** A send unanswered this long is retried over HTTP. */
const SEND_ANSWER_WITHIN_MS = 5_000;

export interface RoomSocketHandlers<M extends LiveMessageBase> {
  /** A message written in the room, by anyone (the sender's own arrive too). */
  onMessage: (message: M) => void;
  /** The socket (re)connected: anything written while it was down has to be fetched. */
  onReady: () => void;
  /** A moderator hid a message: it leaves the open room. */
  onHidden?: (messageId: string) => void;
}

/**
 * One open room's live connection (a conversation's or a club's: both rooms speak
 * durable-objects/room-protocol.ts): messages arrive as they are written, and `markRead` tells the
 * room this member has seen them. `connected` is false while the socket is down (it reconnects with
 * backoff), when the page falls back to polling; a socket the room closed for good (signed out, no
 * longer a member) stays down.
 */
export function useRoomSocket<M extends LiveMessageBase>(path: string, handlers: RoomSocketHandlers<M>) {
  const [connected, setConnected] = useState(false);
  const socket = useRef<LiveSocket | null>(null);
  const latest = useRef(handlers);
  /** Sends over the socket waiting for their ack or error frame, by messageId. */
  const awaiting = useRef(new Map<string, (answer: SendAnswer<M>) => void>());
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const live = openLiveSocket(path, {
      onOpenChange: (open) => {
        if (!open) setConnected(false);
      },
      onMessage(data) {
        const event = data as RoomEvent<M>;
        if (event.type === "ready") {
          setConnected(true);
          latest.current.onReady();
        } else if (event.type === "message") {
          latest.current.onMessage(event.message);
        } else if (event.type === "hidden") {
          latest.current.onHidden?.(event.messageId);
        } else if ((event.type === "ack" || event.type === "error") && event.messageId) {
          awaiting.current.get(event.messageId)?.(event.type === "ack" ? { message: event.message } : { error: event.error });
          awaiting.current.delete(event.messageId);
        }
      },
    });
    socket.current = live;
    const pending = awaiting.current;
    return () => {
      for (const answer of pending.values()) answer({ unsent: true });
      pending.clear();
      socket.current = null;
      live.close();
      setConnected(false);
    };
  }, [path]);

  /** Marks the room read over the socket; false when the socket is down (use the HTTP call instead). */
  const markRead = useCallback(() => socket.current?.send(JSON.stringify({ type: "read" })) ?? false, []);
  /**
   * Sends a message over the socket and answers the room's ack (the stored message) or refusal; `unsent`
   * when the socket is down or no answer came in time (the caller retries over HTTP with the same
   * messageId, so a send that did arrive is not stored twice).
   */
  const sendMessage = useCallback(
    (messageId: string, body: string) =>
      new Promise<SendAnswer<M>>((resolve) => {
        const timer = setTimeout(() => done({ unsent: true }), SEND_ANSWER_WITHIN_MS);
        const done = (answer: SendAnswer<M>) => {
          clearTimeout(timer);
          awaiting.current.delete(messageId);
          resolve(answer);
        };
        awaiting.current.set(messageId, done);
        if (!socket.current?.send(JSON.stringify({ type: "send", messageId, body }))) done({ unsent: true });
      }),
    [],
  );
  return { connected, markRead, sendMessage };
}
