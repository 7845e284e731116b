import { useEffect, useState } from "react";
import type { UnreadCounts } from "./unread-counts";

/**
 * The Messages badge's and the bell's counts: the server's figures first, then kept live by
 * `unread-live.ts`, which is loaded only for signed-in members after the page is up, so visitors
 * (and every page's first load) never download the sockets and timers behind them.
 */
export function useUnreadCounts({ unread, notifications }: UnreadCounts, signedIn: boolean): UnreadCounts {
  const [counts, setCounts] = useState({ unread, notifications });
  useEffect(() => setCounts({ unread, notifications }), [unread, notifications]);
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./unread-live").then(({ startUnreadUpdates }) => {
      if (!cancelled) stop = startUnreadUpdates((change) => setCounts((counts) => ({ ...counts, ...change })));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn]);
  return counts;
}
