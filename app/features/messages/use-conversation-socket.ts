import { useCallback, useEffect, useRef, useState } from "react";
import type { RoomMessage } from "../../../durable-objects/conversation-room";
import type { RoomEvent } from "../../../durable-objects/room-protocol";
import { openLiveSocket, type LiveSocket } from "~/core/live-socket";

interface ConversationSocketHandlers {
  /** A message written in the conversation, by either member (the sender's own arrive too). */
  onMessage: (message: RoomMessage) => void;
  /** The socket (re)connected: anything written while it was down has to be fetched. */
  onReady: () => void;
  /** A moderator hid a message: it leaves the open thread. */
  onHidden?: (messageId: string) => void;
}

/**
 * The open thread's live connection to its conversation's room: messages arrive as they are
 * written, and `markRead` tells the room this member has seen them. `connected` is false while the
 * socket is down (it reconnects with backoff), when the thread falls back to polling.
 */
export function useConversationSocket(conversationId: string, handlers: ConversationSocketHandlers) {
  const [connected, setConnected] = useState(false);
  const socket = useRef<LiveSocket | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const live = openLiveSocket(`/api/dm/conversations/${encodeURIComponent(conversationId)}/socket`, {
      onOpenChange: (open) => {
        if (!open) setConnected(false);
      },
      onMessage(data) {
        const event = data as RoomEvent;
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
  }, [conversationId]);

  /** Marks the conversation read over the socket; false when the socket is down (use the HTTP call instead). */
  const markRead = useCallback(() => socket.current?.send(JSON.stringify({ type: "read" })) ?? false, []);
  return { connected, markRead };
}
