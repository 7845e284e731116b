import { msg } from "@worker/core/shared/translate";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { useFetcherResult } from "~/core/use-fetcher-result";
import { type PushIntent, type PushResult, SUBSCRIBE_FAILED } from "./push-intent";

const DISMISSED = msg("Notifications were not allowed, so nothing changed.");
const FALLBACK_BODY = msg("You have a new notification");
const DONE: Record<PushIntent, string> = {
  "push-subscribe": msg("Notifications are on for this device."),
  "push-stop": msg("Notifications are off for this device."),
  "push-remove": msg("Device removed."),
};

/** Whether this browser can get pushes at all; "checking" until the page is hydrated. */
export type PushSupport = "checking" | "unsupported" | "supported";

export interface Notice {
  tone: "status" | "alert";
  text: string;
}

const supportsPush = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/**
 * This browser's side of the push section: whether it can and does get pushes, and subscribing or
 * stopping (the browser first, then the page's action with the API's own service calls). Permission
 * is asked only when the member presses the button; the code that asks loads then too.
 */
export function usePushDevice(publicKey: string | null) {
  const t = useT();
  const fetcher = useFetcher<PushResult>({ key: "push-devices" });
  const [support, setSupport] = useState<PushSupport>("checking");
  const [blocked, setBlocked] = useState(false);
  const [subscribed, setSubscribed] = useState(false);
  const [working, setWorking] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const sent = useRef<PushIntent | null>(null);

  useEffect(() => {
    if (!supportsPush()) {
      setSupport("unsupported");
      return;
    }
    setSupport("supported");
    setBlocked(Notification.permission === "denied");
    let cancelled = false;
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then(
        (subscription) => {
          if (!cancelled) setSubscribed(Boolean(subscription));
        },
        () => {},
      );
    return () => {
      cancelled = true;
    };
  }, []);

  const send = (intent: PushIntent, fields: Record<string, string>) => {
    sent.current = intent;
    void fetcher.submit({ intent, ...fields }, { method: "post" });
  };

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      setNotice({ tone: "status", text: t(DONE[result.push]) });
      return;
    }
    setNotice({ tone: "alert", text: result.errors.push ?? t(SUBSCRIBE_FAILED) });
    // The server would not keep it (too many devices, say): a subscription nobody sends to is of no use.
    if (sent.current === "push-subscribe")
      void import("./browser-push").then(({ unsubscribeThisDevice }) => unsubscribeThisDevice()).then(() => setSubscribed(false));
  });

  const subscribe = async () => {
    if (!publicKey) return;
    setWorking(true);
    setNotice(null);
    try {
      const { subscribeThisDevice } = await import("./browser-push");
      const root = document.documentElement;
      const outcome = await subscribeThisDevice(publicKey, { body: t(FALLBACK_BODY), lang: root.lang, dir: root.dir === "rtl" ? "rtl" : "ltr" });
      if (outcome.kind === "subscribed") {
        setSubscribed(true);
        send("push-subscribe", { subscription: JSON.stringify(outcome.subscription) });
      } else if (outcome.kind === "blocked") setBlocked(true);
      else setNotice({ tone: "alert", text: t(outcome.kind === "dismissed" ? DISMISSED : SUBSCRIBE_FAILED) });
    } catch {
      // The module could not load (offline, or a new version replaced it).
      setNotice({ tone: "alert", text: t(SUBSCRIBE_FAILED) });
    } finally {
      setWorking(false);
    }
  };

  /** Stops pushes to this browser: its subscription ends, and the server forgets the device. */
  const stop = async (subscriptionId: string) => {
    setWorking(true);
    setNotice(null);
    try {
      const { unsubscribeThisDevice } = await import("./browser-push");
      await unsubscribeThisDevice();
      setSubscribed(false);
    } catch {
      // The server's removal below is what stops the pushes; the browser's subscription then goes unused.
    } finally {
      setWorking(false);
    }
    send("push-stop", { subscriptionId });
  };

  /** Another of the member's devices: only the server's record goes (that browser's subscription is then refused by its push service). */
  const remove = (subscriptionId: string) => {
    setNotice(null);
    send("push-remove", { subscriptionId });
  };

  return { support, blocked, subscribed, busy: working || fetcher.state !== "idle", notice, subscribe, stop, remove };
}
