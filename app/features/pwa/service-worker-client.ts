// The page's side of the service worker (app/sw): registration, the update offer, and telling the
// worker who is signed in so one member's saved pages are never shown to another.

/** Registers /sw.js; `offerUpdate` is called with the new version once it waits to take over. */
export async function registerServiceWorker(offerUpdate: (accept: () => void) => void): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  let accepted = false;
  const offer = (worker: ServiceWorker) => {
    // The first install has nothing to replace; only a new version waits for the reader.
    if (!navigator.serviceWorker.controller) return;
    offerUpdate(() => {
      accepted = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
  // The new version took over because the reader said so: reload into it, never mix old and new.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) location.reload();
  });
  return registration;
}

/** Tells the worker whose pages it may keep (a member's id, or "visitor"). */
export async function announceViewer(viewer: string): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: "VIEWER", viewer });
}

/** Asks the worker to keep the document of a page reached by a link inside the app. */
export function savePage(url: string): void {
  navigator.serviceWorker?.controller?.postMessage({ type: "SAVE_PAGE", url });
}
