/// <reference lib="webworker" />
// The pages cache holds one viewer's pages at a time. Who that is survives the worker being
// stopped (it is kept in a cache of its own), and changing it empties the pages first.
import { CACHE_NAMES, VIEWER_COOKIE, viewerFromCookie } from "@worker/core/shared/offline";

declare const self: ServiceWorkerGlobalScope;

const VIEWER_KEY = "/__viewer";
let known: string | null | undefined;

async function currentViewer(): Promise<string | null> {
  if (known === undefined) {
    const saved = await (await caches.open(CACHE_NAMES.meta)).match(VIEWER_KEY);
    known = saved ? await saved.text() : null;
  }
  return known;
}

/**
 * Makes `viewer` the pages cache's owner, emptying it when someone else owned it. Returns the viewer
 * it replaced, or null when nothing changed or nobody was known before.
 */
export async function noteViewer(viewer: string): Promise<string | null> {
  const previous = await currentViewer();
  if (previous === viewer) return null;
  known = viewer;
  await caches.delete(CACHE_NAMES.pages);
  await (await caches.open(CACHE_NAMES.meta)).put(VIEWER_KEY, new Response(viewer));
  return previous;
}

export async function isCurrentViewer(viewer: string | null): Promise<boolean> {
  return viewer !== null && (await currentViewer()) === viewer;
}

/**
 * Who the browser says is signed in now, from the viewer cookie (it expires and is cleared with the
 * session), without the network; null when this browser gives service workers no cookie access.
 */
export async function viewerOnDevice(): Promise<string | null> {
  if (!self.cookieStore) return null;
  try {
    return viewerFromCookie((await self.cookieStore.get(VIEWER_COOKIE))?.value);
  } catch {
    return null;
  }
}
