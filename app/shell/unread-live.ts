import { PUSH_RECEIVED_MESSAGE } from "@worker/core/shared/push-payload";
import type { ConversationSummary } from "@worker/features/messages";
import { openLiveSocket } from "~/core/live-socket";
import { raiseSessionExpired } from "~/core/session-events";
import { announceDmUpdate, DM_LIST_EVENT, DM_UPDATED_EVENT, type DmUpdate, isOpenConversation, noteReadThrough, unreadOf } from "~/features/messages";
import type { UnreadCounts } from "./unread-counts";

export const UNREAD_REFRESH_MS = 60_000;

/**
 * Keeps the Messages badge right (docs/product.md#messages): unread counts summed over the latest 50 conversations,
 * re-read every 60 s, when the tab becomes visible, on a `dm:updated` event, and live: the member's
 * inbox socket raises `dm:updated` whenever someone writes to them, on whatever page they are. The
 * bell is re-read at the same times, whenever the inbox says it changed, and when a push reaches the
 * device. Returns the function that stops it all.
 */
export function startUnreadUpdates(setCounts: (change: Partial<UnreadCounts>) => void): () => void {
  const setCount = (unread: number) => setCounts({ unread });
  const setNotifications = (notifications: number) => setCounts({ notifications });
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
  const refreshBell = async () => {
    try {
      const response = await fetch("/api/notifications/unread-count", { headers: { Accept: "application/json" } });
      const body = (await response.json()) as { success: boolean; data?: { unread: number } };
      if (!cancelled && body.data) setNotifications(body.data.unread);
    } catch {
      // The bell keeps its last count until the next refresh.
    }
  };
  const refreshAll = () => {
    void refresh();
    void refreshBell();
  };
  const onUpdate = (event: Event) => {
    const update = (event as CustomEvent<DmUpdate | null>).detail;
    if (update?.readThrough !== undefined) {
      noteReadThrough(update.conversationId, update.readThrough);
    } else if (update?.fromInbox && isOpenConversation(update.conversationId) && document.visibilityState === "visible") {
      // The thread on screen reads its new message and then says so; refreshing now would flash it as unread.
      return;
    }
    void refresh();
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") refreshAll();
  };
  let connectedBefore = false;
  const inbox = openLiveSocket("/api/dm/socket", {
    onMessage(data) {
      if (data.type === "dm" && typeof data.conversationId === "string") {
        announceDmUpdate({ conversationId: data.conversationId, fromInbox: true });
      } else if (data.type === "notification") {
        const conversationId = data.conversationId;
        if (typeof conversationId === "string" && isOpenConversation(conversationId) && document.visibilityState === "visible") {
          // The thread on screen has just read this message: its bell item is read too (the server then says so again).
          void fetch(`/api/dm/conversations/${encodeURIComponent(conversationId)}/read`, { method: "PATCH" }).catch(() => {});
        } else if (typeof data.unread === "number") {
          setNotifications(data.unread);
        } else {
          void refreshBell();
        }
      } else if (data.type === "signed-out") {
        // Signed out (in another tab of this browser, or everywhere), suspended, or deleted: this tab
        // signs in again now. The tab that signed itself out ignores it (session-expired.tsx).
        raiseSessionExpired(401);
      } else if (data.type === "ready") {
        // Back after a drop: whatever was written meanwhile was not announced.
        if (connectedBefore) refreshAll();
        connectedBefore = true;
      }
    },
  });
  // A push reached this device (the service worker says so): the bell counts again, even while the socket sleeps.
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === PUSH_RECEIVED_MESSAGE) void refreshBell();
  };
  const timer = setInterval(refreshAll, UNREAD_REFRESH_MS);
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener(DM_UPDATED_EVENT, onUpdate);
  navigator.serviceWorker?.addEventListener("message", onWorkerMessage);
  return () => {
    cancelled = true;
    inbox.close();
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener(DM_UPDATED_EVENT, onUpdate);
    navigator.serviceWorker?.removeEventListener("message", onWorkerMessage);
  };
}
