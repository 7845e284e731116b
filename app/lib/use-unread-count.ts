import { useEffect, useState } from "react";

export const UNREAD_REFRESH_MS = 60_000;
export const DM_UPDATED_EVENT = "dm:updated";

/**
 * The Messages badge (spec §9): refreshed every 60 s, when the tab becomes visible and on a
 * `dm:updated` event, by summing unread counts over the latest 50 conversations.
 */
export function useUnreadCount(initial: number, signedIn: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    const refresh = async () => {
      try {
        const response = await fetch("/api/dm/conversations?limit=50");
        const body = (await response.json()) as { success: boolean; data?: { items: { unreadCount: number }[] } };
        if (!cancelled && body.success && body.data) setCount(body.data.items.reduce((sum, c) => sum + c.unreadCount, 0));
      } catch {
        // The badge keeps its last value; the next refresh tries again.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    const timer = setInterval(refresh, UNREAD_REFRESH_MS);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener(DM_UPDATED_EVENT, refresh);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener(DM_UPDATED_EVENT, refresh);
    };
  }, [signedIn]);
  return count;
}
