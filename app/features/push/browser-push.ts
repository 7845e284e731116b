// The browser's side of Web Push: asking for permission and subscribing with the server's key, or
// unsubscribing. Loaded when the member presses a button on /settings/notifications.
import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { PUSH_FALLBACK_MESSAGE } from "@worker/core/shared/push-payload";

/** The service worker registers after the page loads; past this, subscribing gives up rather than wait for ever. */
const READY_TIMEOUT_MS = 10_000;

export type SubscribeOutcome =
  | { kind: "subscribed"; subscription: PushSubscriptionJSON }
  /** The member (now or before) blocked notifications in the browser. */
  | { kind: "blocked" }
  /** The member closed the browser's question without answering. */
  | { kind: "dismissed" }
  | { kind: "failed" };

/** What the service worker shows, in the member's language, for a push it cannot read. */
export interface FallbackText {
  body: string;
  lang: string;
  dir: "ltr" | "rtl";
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS))]);
}

/** Asks for permission (only now: the member pressed the button), then subscribes this browser with the server's key. */
export async function subscribeThisDevice(publicKey: string, fallback: FallbackText): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { kind: "blocked" };
  if (permission !== "granted") return { kind: "dismissed" };
  const registration = await workerRegistration();
  if (!registration) return { kind: "failed" };
  try {
    // A copy: the Push API takes only views of a plain ArrayBuffer.
    const key = new Uint8Array(decodeBase64urlIgnorePadding(publicKey));
    const existing = await registration.pushManager.getSubscription();
    // A subscription made with an earlier server key cannot be reused: the browser refuses to subscribe over it.
    if (existing && !sameBytes(existing.options.applicationServerKey, key)) await existing.unsubscribe();
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    registration.active?.postMessage({ type: PUSH_FALLBACK_MESSAGE, ...fallback });
    return { kind: "subscribed", subscription: subscription.toJSON() };
  } catch {
    // No push service reachable, storage refused, or the browser's own error: the member may try again.
    return { kind: "failed" };
  }
}

/** Ends this browser's subscription, if it has one; says whether that worked (or there was none). */
export async function unsubscribeThisDevice(): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    return subscription ? await subscription.unsubscribe() : true;
  } catch {
    return false;
  }
}
