import { useEffect, useState } from "react";

/**
 * The Messages badge's count: the server's figure first, then kept live by `unread-live.ts`, which is
 * loaded only for signed-in members after the page is up, so visitors (and every page's first load)
 * never download the sockets and timers behind it.
 */
export function useUnreadCount(initial: number, signedIn: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./unread-live").then(({ startUnreadUpdates }) => {
      if (!cancelled) stop = startUnreadUpdates(setCount);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn]);
  return count;
}
