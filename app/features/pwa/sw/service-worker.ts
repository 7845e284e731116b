/// <reference lib="webworker" />
// BookClub's service worker, built by scripts/build-sw.mjs with Workbox's injectManifest. What each
// request gets is decided by cachingFor (worker/core/shared/offline.ts), which the tests pin down.

import {
  CACHE_NAMES,
  cachingFor,
  MEDIA_MAX_BYTES_EACH,
  MEDIA_MAX_ENTRIES,
  maySeeSavedPage,
  NAVIGATION_TIMEOUT_SECONDS,
  OFFLINE_PAGE,
  SHARED_COVERS_PAGE,
  type ShareSender,
  shareVerdict,
  VIEWER_HEADER,
  VISITOR,
} from "@worker/core/shared/offline";
import { CROSS_SITE_REFUSED } from "@worker/core/shared/rules";
import type { WorkboxPlugin } from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import { dropPushSubscription, handlePushes } from "./push-notifications";
import { keepSharedCovers } from "./shared-covers";
import { isCurrentViewer, noteViewer, viewerOnDevice } from "./viewer-cache";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Notes who is signed in here now. When a member was and is no longer (signed out, here or
 * everywhere, or someone else signed in), their push subscription goes too: the server dropped it
 * with their session, and this browser must not show the next member the last one's notifications.
 */
async function followViewer(viewer: string): Promise<void> {
  const previous = await noteViewer(viewer);
  if (previous !== null && previous !== VISITOR) await dropPushSubscription();
}

const matches =
  (kind: ReturnType<typeof cachingFor>) =>
  ({ url, request }: { url: URL; request: Request }) =>
    cachingFor(url, request, self.location.origin) === kind;

/** Every page answer says whom it was rendered for: a new viewer empties the old one's pages first. */
const viewerPlugin: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    const viewer = response.headers.get(VIEWER_HEADER);
    if (viewer) await followViewer(viewer);
    return response;
  },
  // Only complete answers rendered for the current viewer are kept (never a redirect or an error).
  cacheWillUpdate: async ({ response }) => (response.status === 200 && (await isCurrentViewer(response.headers.get(VIEWER_HEADER))) ? response : null),
  // Offline, and when the network is too slow: a saved page only for the viewer it was saved for. The
  // session may have ended while the app was closed, so the browser's viewer cookie decides, not the
  // last page seen; when nobody can be named, the offline page rather than someone's page.
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const current = await viewerOnDevice();
    if (maySeeSavedPage(cachedResponse.headers.get(VIEWER_HEADER), current)) return cachedResponse;
    // Someone else is signed in here now: the previous viewer's pages go.
    if (current !== null) await followViewer(current);
    return null;
  },
};

const pages = new NetworkFirst({ cacheName: CACHE_NAMES.pages, networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS, plugins: [viewerPlugin] });
registerRoute(matches("page"), pages);

/** A cover larger than this is shown but not kept, so the cache's bytes stay bounded. */
const smallEnough: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    // A streamed answer may not say its length: then measure a copy.
    const size = Number(response.headers.get("Content-Length")) || (await response.clone().blob()).size;
    return size <= MEDIA_MAX_BYTES_EACH ? response : null;
  },
};
registerRoute(
  matches("media"),
  new CacheFirst({
    cacheName: CACHE_NAMES.media,
    plugins: [smallEnough, new ExpirationPlugin({ maxEntries: MEDIA_MAX_ENTRIES, purgeOnQuotaError: true })],
  }),
);

// Sign-in, sign-out and the like are never stored, but their pages still tell us who is signed in now.
registerRoute(({ url, request }) => request.mode === "navigate" && matches("network")({ url, request }), new NetworkOnly({ plugins: [viewerPlugin] }));

/**
 * The page behind a navigation: none for the browser's own (the share sheet in a new window), else
 * its client, which the worker can look up only when it is one of ours. Sec-Fetch-Site, which says
 * this outright, is not visible to a service worker.
 */
async function sentBy(event: ExtendableEvent | undefined): Promise<ShareSender> {
  const clientId = event instanceof FetchEvent ? event.clientId : "";
  if (!clientId) return "browser";
  return (await self.clients.get(clientId)) ? "our page" : "another page";
}

/**
 * Passes the POST on as it came, so the server sees who sent it (Sec-Fetch-Site) and answers 403
 * to another site; it does not read the photos. Offline nobody can tell, so it counts as refused.
 */
async function serverTakesShare(request: Request): Promise<boolean> {
  try {
    // Workbox's Request and the Workers types' fetch name the same platform class differently.
    const answer = await fetch(request.clone() as unknown as RequestInfo);
    return answer.type === "opaqueredirect" || (answer.status >= 300 && answer.status < 400);
  } catch {
    return false;
  }
}

const shareRefused = () => new Response(`403 Forbidden: ${CROSS_SITE_REFUSED}`, { status: 403, headers: { "Content-Type": "text/plain; charset=UTF-8" } });

registerRoute(
  matches("share"),
  async ({ request, event }) => {
    const verdict = shareVerdict({ origin: request.headers.get("Origin"), sentBy: await sentBy(event) }, self.location.origin);
    if (verdict === "refuse" || (verdict === "ask the server" && !(await serverTakesShare(request)))) return shareRefused();
    await keepSharedCovers(await request.formData());
    return Response.redirect(SHARED_COVERS_PAGE, 303);
  },
  "POST",
);

// A document neither the network nor the cache can give: the offline page, not the browser's error.
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; viewer?: string; url?: string } | null;
  // The new version waits until the reader accepts the reload, so no page mixes old and new code.
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  // The page says who is signed in (on load, and after signing out): another viewer's pages go.
  if (data?.type === "VIEWER" && typeof data.viewer === "string") event.waitUntil(followViewer(data.viewer));
  // A page reached inside the app only fetched its data: keep its document too, so a reload offline finds it.
  if (data?.type === "SAVE_PAGE" && typeof data.url === "string") {
    const url = new URL(data.url, self.location.origin);
    if (cachingFor(url, { method: "GET", mode: "navigate" }, self.location.origin) === "page") {
      event.waitUntil(
        pages.handle({ event, request: new Request(url, { headers: { Accept: "text/html" } }) }).then(
          () => undefined,
          () => undefined,
        ),
      );
    }
  }
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

handlePushes();
