/// <reference lib="webworker" />
// Web Push in the service worker: a push shows its notification (written by the server in the
// member's language) and tells open pages to count the bell again; a click opens the notification's
// page in a window of the app, or in a new one.
import { CACHE_NAMES } from "@worker/core/shared/offline";
import {
  isAppPath,
  PUSH_BADGE_ICON,
  PUSH_BODY_MAX,
  PUSH_FALLBACK_MESSAGE,
  PUSH_ICON,
  PUSH_OPEN_MESSAGE,
  PUSH_RECEIVED_MESSAGE,
  type PushPayload,
  parsePushPayload,
} from "@worker/core/shared/push-payload";

declare const self: ServiceWorkerGlobalScope;

const FALLBACK_KEY = "/__push-fallback";

/** Shown for a push that is not ours to read, until a page has said it in the member's language. */
const FALLBACK: PushPayload = { title: "BookClub", body: "You have a new notification", url: "/notifications", tag: "", lang: "en", dir: "ltr" };

type FallbackText = Pick<PushPayload, "body" | "lang" | "dir">;

function fallbackText(value: unknown): FallbackText | null {
  if (typeof value !== "object" || value === null) return null;
  const { body, lang, dir } = value as Record<string, unknown>;
  if (typeof body !== "string" || typeof lang !== "string") return null;
  return { body: body.slice(0, PUSH_BODY_MAX), lang, dir: dir === "rtl" ? "rtl" : "ltr" };
}

async function keepFallbackText(text: FallbackText): Promise<void> {
  await (await caches.open(CACHE_NAMES.meta)).put(FALLBACK_KEY, Response.json(text));
}

/** Chrome requires every push to show a notification, so one we cannot read shows the general one. */
async function fallbackPayload(): Promise<PushPayload> {
  try {
    const saved = await (await caches.open(CACHE_NAMES.meta)).match(FALLBACK_KEY);
    const text = saved ? fallbackText(await saved.json()) : null;
    return text ? { ...FALLBACK, ...text } : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

async function showPush(data: PushMessageData | null): Promise<void> {
  const payload = parsePushPayload(data?.text()) ?? (await fallbackPayload());
  const options: NotificationOptions & { renotify: boolean } = {
    body: payload.body,
    badge: PUSH_BADGE_ICON,
    icon: PUSH_ICON,
    tag: payload.tag,
    // A newer message of the same conversation replaces the last one, and still alerts (a tag is required for that).
    renotify: payload.tag !== "",
    lang: payload.lang,
    dir: payload.dir,
    data: { url: payload.url },
  };
  await self.registration.showNotification(payload.title, options);
  // Open pages count their bell again; the inbox socket of one in the background may be asleep.
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage({ type: PUSH_RECEIVED_MESSAGE });
  }
}

/** The notification's page: one of the app's own paths, whatever its data says. */
function pathOf(notification: Notification): string {
  const url = (notification.data as { url?: unknown } | null)?.url;
  return typeof url === "string" && isAppPath(url) ? url : FALLBACK.url;
}

/** Brings a window of the app to the notification's page: one already there, else the focused one, else a new window. */
async function openNotification(notification: Notification): Promise<void> {
  const path = pathOf(notification);
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const client = windows.find((window) => window.url === url) ?? windows.find((window) => window.focused) ?? windows[0];
  if (!client) {
    await self.clients.openWindow(url);
    return;
  }
  // Focus is the click's to give; a window that may not take it is still taken to the page.
  await client.focus().catch(() => undefined);
  if (client.url === url) return;
  try {
    await client.navigate(url);
  } catch {
    // Only a page this worker controls can be navigated from here (not one opened by a hard reload): it navigates itself.
    client.postMessage({ type: PUSH_OPEN_MESSAGE, url: path });
  }
}

/** Drops this browser's push subscription: the member it was made for is no longer the one signed in here. */
export async function dropPushSubscription(): Promise<void> {
  try {
    await (await self.registration.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // The server dropped it with the session; the push service refuses what is sent to it from then on.
  }
}

export function handlePushes(): void {
  self.addEventListener("push", (event) => event.waitUntil(showPush(event.data)));
  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    event.waitUntil(openNotification(event.notification));
  });
  self.addEventListener("message", (event) => {
    const data = event.data as { type?: string } | null;
    const text = data?.type === PUSH_FALLBACK_MESSAGE ? fallbackText(data) : null;
    if (text) event.waitUntil(keepFallbackText(text));
  });
}
