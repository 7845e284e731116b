// What the Worker, the service worker and the page agree on for the installable app.
import { msg } from "./translate";

/** Response header naming whom a page was rendered for: a member's id, or "visitor". */
export const VIEWER_HEADER = "X-BookClub-Viewer";
export const VISITOR = "visitor";
/**
 * A cookie naming the signed-in member, readable by the service worker (the session cookie is
 * HttpOnly). It lives and dies with the session cookie, so offline the device can still tell
 * whether the member whose pages it saved is the one signed in.
 */
export const VIEWER_COOKIE = "bookclub_viewer";

/** Who the browser says is signed in, from the viewer cookie's value: the member, or the visitor without one. */
export function viewerFromCookie(value: string | null | undefined): string {
  return value || VISITOR;
}

/**
 * Whether a page saved for `savedFor` (its VIEWER_HEADER) may be shown to `current`, the viewer the
 * browser names now, or null when it cannot tell. A visitor's page holds nothing of anyone's; a
 * member's goes only to that member, never on a guess.
 */
export function maySeeSavedPage(savedFor: string | null, current: string | null): boolean {
  if (savedFor === VISITOR) return true;
  return savedFor !== null && savedFor === current;
}

/** Where the phone's share sheet posts cover photos (the manifest's share_target action). */
export const SHARE_TARGET_PATH = "/share-target";
/**
 * Who sent a POST to the share target, as the service worker can tell from the navigation's
 * client: no page at all (the browser's own navigation: the phone's share sheet), a page of the
 * app, or a page of another site (a client the worker cannot see).
 */
export type ShareSender = "browser" | "our page" | "another page";

/** What the service worker does with a POST to the share target. */
export type ShareVerdict = "keep" | "refuse" | "ask the server";

/**
 * Whether a POST to the share target may replace the photos waiting on the device for Add Books:
 * another site's page must not swap them for its own. An Origin naming another origin gives it away.
 * Otherwise the browser's own share (no page behind it) and a page of the app are kept. A page the
 * worker cannot see, with no Origin to go by ("null"), is either another site hiding its origin
 * (no-referrer) or the share sheet opening in a window that showed another site: only the server,
 * which sees Sec-Fetch-Site, can tell which.
 */
export function shareVerdict(share: { origin: string | null; sentBy: ShareSender }, ourOrigin: string): ShareVerdict {
  if (share.origin !== null && share.origin !== "null" && share.origin !== ourOrigin) return "refuse";
  return share.sentBy === "another page" ? "ask the server" : "keep";
}

/** Where the service worker sends the member with the photos it kept: My Books, Add Books open. */
export const SHARED_COVERS_PAGE = "/my-books?shared=1";

/** The page shown for an address never visited while offline (precached with the build). */
export const OFFLINE_PAGE = "/offline.html";
/** The page's offline and update notices (app-status.tsx shows them with t()). */
export const OFFLINE_NOTICE = msg("You're offline. Showing saved pages.");
export const OFFLINE_ACTION = msg("You're offline. This needs a connection.");
export const UPDATE_NOTICE = msg("A new version is available.");

export const CACHE_NAMES = {
  /** Pages and their route data: one viewer's at a time, emptied when the viewer changes. */
  pages: "bookclub-pages",
  /** Covers and avatars: immutable, anyone's to see. */
  media: "bookclub-media",
  /** Photos shared from the gallery, kept on the device until the member uploads or drops them. */
  shared: "bookclub-shared",
  /** Which viewer the pages cache belongs to. */
  meta: "bookclub-meta",
} as const;

/** Covers are cached first: at most this many, each at most this large (so at most ~60 MB). */
export const MEDIA_MAX_ENTRIES = 200;
export const MEDIA_MAX_BYTES_EACH = 300 * 1024;
/** How long a navigation waits for the network before showing the saved page. */
export const NAVIGATION_TIMEOUT_SECONDS = 3;

export type Caching =
  /** Network first, then the viewer's saved copy, then (for documents) the offline page. */
  | "page"
  /** Cache first, capped: /media/ covers and avatars. */
  | "media"
  /** The share sheet's POST: kept on the device, never sent on. */
  | "share"
  /** Straight to the network, never stored. */
  | "network";

/** Paths whose answers change who is signed in or must never be replayed from a cache. */
const NEVER_SAVED = /^\/(api|auth|logout|login|register|unsubscribe|dev)(\/|\.data$|$)/;

/**
 * How the service worker treats a request. Only same-origin GETs are ever stored; hashed build
 * assets are precached before this is asked.
 */
export function cachingFor(url: URL, request: { method: string; mode: string }, origin: string): Caching {
  if (url.origin !== origin) return "network";
  if (request.method === "POST" && url.pathname === SHARE_TARGET_PATH) return "share";
  if (request.method !== "GET") return "network";
  if (url.pathname.startsWith("/media/")) return "media";
  if (NEVER_SAVED.test(url.pathname)) return "network";
  // React Router's route data for client navigations (/library.data, /_root.data) and the documents.
  if (request.mode === "navigate" || url.pathname.endsWith(".data")) return "page";
  return "network";
}
