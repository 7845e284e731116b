import { msg } from "@worker/core/shared/translate";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/core/api-client";
import { useT } from "~/core/i18n";
import type { RoomMessage } from "../../../durable-objects/conversation-room";
import { announceDmUpdate, DM_UPDATED_EVENT, type DmUpdate, setOpenConversation } from "./dm-events";
import { useConversationSocket } from "./use-conversation-socket";

// docs/product.md#messages: the thread's messages, and how often it refreshes when it has no live socket.
export const LOAD_FAILED = msg("Failed to load messages");
export const SEND_FAILED = msg("Failed to send message");
const REFRESH_WITHOUT_SOCKET_MS = 10_000;
const PAGE_SIZE = 30;

const bySeq = (a: RoomMessage, b: RoomMessage) => a.seq - b.seq;

interface ThreadOptions {
  conversationId: string;
  viewerId: string;
  /** The newest page as the loader read it (newest first, as the API answers). */
  initialMessages: RoomMessage[];
  initialNextToken: number | null;
}

/**
 * One open conversation: its messages in order (live over the room's socket, or every 10 s while
 * the socket is down), older pages on request, sending, and read marks. Opening it marks it read;
 * so does every message the other member writes while it is on screen. Each read tells the badge
 * how far this conversation is read, so the badge never shows what is already seen.
 */
export function useThread({ conversationId, viewerId, initialMessages, initialNextToken }: ThreadOptions) {
  const t = useT();
  const [messages, setMessages] = useState(() => [...initialMessages].sort(bySeq));
  const [nextToken, setNextToken] = useState(initialNextToken);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const known = useRef(new Set(initialMessages.map((message) => message.messageId)));
  const unseenThrough = useRef(0);

  /** Adds messages not shown yet; answers the new ones. */
  const add = useCallback((incoming: RoomMessage[]): RoomMessage[] => {
    const fresh = incoming.filter((message) => !known.current.has(message.messageId));
    if (fresh.length === 0) return fresh;
    for (const message of fresh) known.current.add(message.messageId);
    setMessages((current) => [...current, ...fresh].sort(bySeq));
    return fresh;
  }, []);

  const socket = useConversationSocket(conversationId, {
    onMessage: (message) => received([message], true),
    onReady: () => void refreshLatest(),
    onHidden: (messageId) => setMessages((current) => current.filter((message) => message.messageId !== messageId)),
  });

  /** Marks everything up to `through` (a message time) read: over the socket when it is open, else by PATCH. */
  const markRead = useCallback(
    (through: number, preferSocket: boolean) => {
      if (document.visibilityState !== "visible") {
        unseenThrough.current = Math.max(unseenThrough.current, through);
        return;
      }
      unseenThrough.current = 0;
      const told = () => announceDmUpdate({ conversationId, readThrough: through });
      if (preferSocket && socket.markRead()) return told();
      apiFetch(
        "/dm/conversations/:id/read",
        { method: "PATCH", params: { id: conversationId }, forbiddenIsRefusal: true },
        "Failed to mark conversation as read",
      ).then(told, () => {
        // Still unread on the server; the next message or the next opening marks it again.
      });
    },
    [conversationId, socket.markRead],
  );

  function received(incoming: RoomMessage[], viaSocket: boolean) {
    const fresh = add(incoming);
    if (fresh.length === 0) return;
    const fromOther = fresh.filter((message) => message.fromUserId !== viewerId);
    if (fromOther.length > 0) markRead(Math.max(...fromOther.map((message) => message.createdAt)), viaSocket);
    // The member's own message (from this tab or another) changes only the list's snippet.
    else announceDmUpdate({ conversationId });
  }
  const receivedRef = useRef(received);
  useEffect(() => {
    receivedRef.current = received;
  });

  const refreshLatest = useCallback(async () => {
    try {
      const page = await apiFetch(
        "/dm/conversations/:id/messages",
        { params: { id: conversationId }, query: { limit: PAGE_SIZE }, forbiddenIsRefusal: true },
        t(LOAD_FAILED),
      );
      setLoadError(null);
      receivedRef.current(page.items, false);
    } catch {
      setLoadError(t(LOAD_FAILED));
    }
  }, [conversationId, t]);

  // Opening the conversation marks it read (by PATCH), and the list and badge hear that it is open.
  const [newestAtOpening] = useState(() => initialMessages.reduce((latest, message) => Math.max(latest, message.createdAt), 0));
  useEffect(() => {
    setOpenConversation(conversationId);
    markRead(newestAtOpening, false);
    return () => setOpenConversation(null);
  }, [conversationId, markRead, newestAtOpening]);

  // Seen at last: messages that arrived while the tab was hidden are read once it is shown.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && unseenThrough.current > 0) markRead(unseenThrough.current, true);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [markRead]);

  // Without a socket: every 10 s, and at once when the member's inbox says someone wrote here.
  useEffect(() => {
    if (socket.connected) return;
    const timer = setInterval(refreshLatest, REFRESH_WITHOUT_SOCKET_MS);
    const onUpdate = (event: Event) => {
      const update = (event as CustomEvent<DmUpdate | null>).detail;
      if (update?.fromInbox && update.conversationId === conversationId) void refreshLatest();
    };
    window.addEventListener(DM_UPDATED_EVENT, onUpdate);
    return () => {
      clearInterval(timer);
      window.removeEventListener(DM_UPDATED_EVENT, onUpdate);
    };
  }, [socket.connected, refreshLatest, conversationId]);

  // A revalidation (after a block, say) brings the newest page again.
  useEffect(() => {
    add(initialMessages);
  }, [initialMessages, add]);

  async function loadOlder() {
    if (nextToken === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await apiFetch(
        "/dm/conversations/:id/messages",
        { params: { id: conversationId }, query: { limit: PAGE_SIZE, nextToken }, forbiddenIsRefusal: true },
        t(LOAD_FAILED),
      );
      add(page.items);
      setNextToken(page.nextToken);
      setLoadError(null);
    } catch {
      setLoadError(t(LOAD_FAILED));
    } finally {
      setLoadingOlder(false);
    }
  }

  // A retry of the same text keeps its messageId, so a send that did arrive is not stored twice.
  const pending = useRef<{ content: string; messageId: string | undefined } | null>(null);
  /** Sends `content`; answers null, or what to tell the member (the text stays with them). */
  async function send(content: string): Promise<string | null> {
    if (pending.current?.content !== content) pending.current = { content, messageId: globalThis.crypto.randomUUID?.() };
    try {
      if (!navigator.onLine) return t(SEND_FAILED);
      const messageId = pending.current.messageId;
      // Over the open socket when there is one: no new request, no session read.
      if (socket.connected && messageId) {
        const answer = await socket.sendMessage(messageId, content);
        if ("message" in answer) {
          pending.current = null;
          received([answer.message], true);
          return null;
        }
        if ("error" in answer) return answer.error;
      }
      const message = await apiFetch(
        "/dm/conversations/:id/messages",
        { method: "POST", params: { id: conversationId }, json: { content, messageId: pending.current.messageId }, forbiddenIsRefusal: true },
        t(SEND_FAILED),
      );
      pending.current = null;
      received([message], true);
      return null;
    } catch (error) {
      // A refusal says why (blocked, too long, too fast); a network or server failure is 'Failed to send message'.
      return error instanceof ApiError && error.status < 500 ? error.message : t(SEND_FAILED);
    }
  }

  return { messages, nextToken, loadOlder, loadingOlder, loadError, send, connected: socket.connected };
}
