import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveMessageBase, RoomEvent } from "../../durable-objects/room-protocol";
import { openLiveSocket, type LiveSocket } from "./live-socket";

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
        }
      },
    });
    socket.current = live;
    return () => {
      socket.current = null;
      live.close();
      setConnected(false);
    };
  }, [path]);

  /** Marks the room read over the socket; false when the socket is down (use the HTTP call instead). */
  const markRead = useCallback(() => socket.current?.send(JSON.stringify({ type: "read" })) ?? false, []);
  return { connected, markRead };
}
