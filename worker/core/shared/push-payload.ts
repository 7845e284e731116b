// What the Worker encrypts into a Web Push message and the service worker shows: one shape, read
// back with a check because a push event's data comes from outside the page.

/** The small monochrome icon Android shows in the status bar and on the notification. */
export const PUSH_BADGE_ICON = "/icons/badge-96.png";
/** The app's icon beside the notification's text. */
export const PUSH_ICON = "/icons/icon-192.png";

/** The service worker tells open pages that a push arrived, so the bell counts again. */
export const PUSH_RECEIVED_MESSAGE = "PUSH_RECEIVED";
/** The service worker asks a page it cannot navigate itself (one it does not control) to open a notification's path. */
export const PUSH_OPEN_MESSAGE = "PUSH_OPEN";
/** A page tells the service worker, in the member's language, what to show for a push it cannot read. */
export const PUSH_FALLBACK_MESSAGE = "PUSH_FALLBACK";

export interface PushPayload {
  title: string;
  body: string;
  /** The in-app path the notification opens (same origin, starts with "/"). */
  url: string;
  /** Replaces the device's earlier notification with the same tag (one conversation, one loan). */
  tag: string;
  /** The recipient's language and its direction, so the device lays the text out right. */
  lang: string;
  dir: "ltr" | "rtl";
}

/** Title and body are cut to what a notification shows, so the whole payload stays far under 4 KB. */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 240;

/** The payload from a push event's text, or null when it is not ours (a test push, a stale format). */
export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { title, body, url, tag, lang, dir } = value as Record<string, unknown>;
  if (typeof title !== "string" || typeof url !== "string" || !isAppPath(url)) return null;
  return {
    title,
    body: typeof body === "string" ? body : "",
    url,
    tag: typeof tag === "string" ? tag : "",
    lang: typeof lang === "string" ? lang : "",
    dir: dir === "rtl" ? "rtl" : "ltr",
  };
}

/** A path inside the app: never another site ("//host" or a scheme), whatever a payload says. */
export function isAppPath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
}
