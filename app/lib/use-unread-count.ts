import { useEffect, useState } from "react";
import type { ConversationSummary } from "../../worker/services/conversations";
import { openLiveSocket } from "./live-socket";

export const UNREAD_REFRESH_MS = 60_000;
/** Raised on window when the member's conversations may have changed (spec §9); detail: a DmUpdate, or none. */
export const DM_UPDATED_EVENT = "dm:updated";
/** Raised on window with the latest 50 conversations (detail: ConversationSummary[]) whenever the badge re-reads them. */
export const DM_LIST_EVENT = "dm:list";

export interface DmUpdate {
  conversationId: string;
  /** Told by the member's inbox socket: a message was written in this conversation. */
  fromInbox?: boolean;
  /** The open thread has read this conversation up to the message written at this time. */
  readThrough?: number;
}

// Shared with the open thread: the conversation on screen, and how far each conversation was read here.
let openConversation: string | null = null;
const readThrough = new Map<string, number>();

/** The thread on screen says which conversation it shows (null when it closes). */
export function setOpenConversation(conversationId: string | null) {
  openConversation = conversationId;
}

export function announceDmUpdate(update?: DmUpdate) {
  window.dispatchEvent(new CustomEvent(DM_UPDATED_EVENT, { detail: update ?? null }));
}

/**
 * A conversation read here counts as read even if the D1 mirror has not caught up yet (a read over
 * the room's socket is answered before the room mirrors it): exact, because it compares message times.
 */
function unreadOf(conversation: ConversationSummary): number {
  const seen = readThrough.get(conversation.conversationId);
  return seen !== undefined && conversation.lastMessageAt !== null && conversation.lastMessageAt <= seen ? 0 : conversation.unreadCount;
}

/**
 * The Messages badge (spec §9): unread counts summed over the latest 50 conversations, refreshed
 * every 60 s, when the tab becomes visible, on a `dm:updated` event, and live: the member's inbox
 * socket raises `dm:updated` whenever someone writes to them, on whatever page they are.
 */
export function useUnreadCount(initial: number, signedIn: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    let running = false;
    let again = false;
    const refresh = async () => {
      // One request at a time; anything that asks meanwhile gets one more read after it.
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const response = await fetch("/api/dm/conversations?limit=50", { headers: { Accept: "application/json" } });
          const body = (await response.json()) as { success: boolean; data?: { items: ConversationSummary[] } };
          if (cancelled || !body.success || !body.data) break;
          const items = body.data.items.map((conversation) => ({ ...conversation, unreadCount: unreadOf(conversation) }));
          setCount(items.reduce((sum, conversation) => sum + conversation.unreadCount, 0));
          window.dispatchEvent(new CustomEvent(DM_LIST_EVENT, { detail: items }));
        } while (again && !cancelled);
      } catch {
        // The badge keeps its last value; the next refresh tries again.
      } finally {
        running = false;
      }
    };
    const onUpdate = (event: Event) => {
      const update = (event as CustomEvent<DmUpdate | null>).detail;
      if (update?.readThrough !== undefined) {
        readThrough.set(update.conversationId, Math.max(update.readThrough, readThrough.get(update.conversationId) ?? 0));
      } else if (update?.fromInbox && update.conversationId === openConversation && document.visibilityState === "visible") {
        // The thread on screen reads its new message and then says so; refreshing now would flash it as unread.
        return;
      }
      void refresh();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    let connectedBefore = false;
    const inbox = openLiveSocket("/api/dm/socket", {
      onMessage(data) {
        if (data.type === "dm" && typeof data.conversationId === "string") {
          announceDmUpdate({ conversationId: data.conversationId, fromInbox: true });
        } else if (data.type === "ready") {
          // Back after a drop: whatever was written meanwhile was not announced.
          if (connectedBefore) void refresh();
          connectedBefore = true;
        }
      },
    });
    const timer = setInterval(refresh, UNREAD_REFRESH_MS);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener(DM_UPDATED_EVENT, onUpdate);
    return () => {
      cancelled = true;
      inbox.close();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener(DM_UPDATED_EVENT, onUpdate);
    };
  }, [signedIn]);
  return count;
}
