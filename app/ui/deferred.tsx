import { type ComponentType, lazy, memo, Suspense, useState } from "react";

let pageHydrated = false;

/** The root calls this once the page is interactive: from then on a deferred part's code is fetched with its route's. */
export function notePageHydrated(): void {
  pageHydrated = true;
}

/** On the server: every deferred part's module, loaded as the route modules are, before the first page is written. */
const serverLoads: Promise<unknown>[] = [];

/** Resolves once the server has every deferred part's code (app/entry.server.tsx waits for it before it renders). */
export function deferredPartsReady(): Promise<unknown> {
  return Promise.allSettled(serverLoads);
}

/**
 * A part of a page whose code is not in the page's first load: the server renders it in place like
 * the rest (the page is whole without script), and the browser keeps that HTML, its links and plain
 * forms working, until the part's chunk has come and React hydrates it. For what sits below the fold
 * or only acts once pressed:
 *   const BookComments = deferred(() => import("~/features/comments").then((module) => module.BookComments));
 * The module must be one the page imports nowhere else, or the bundler keeps it in the first load.
 *
 * On a client-side navigation (the route's module loads after hydration) the chunk is fetched at
 * once, beside the route's data, and the part has no boundary of its own: inside the router's
 * transition the previous page stays until the route's data and this code have both come, so
 * nothing appears a moment after the rest. Render it with its page, not later on a click (a
 * suspension outside a transition would have no boundary to wait in).
 * The wrapper is memoised: a parent that re-renders with the same props leaves a part that is still
 * waiting for its code alone (React would otherwise render it afresh and drop the server's HTML).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  if (import.meta.env.SSR) serverLoads.push(start());
  else if (pageHydrated) void start();
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: deferred() runs once per part at module level, like React.lazy
  return memo(function Deferred(props: P) {
    // Decided once per mount: rendered on the server or while hydrating, the part keeps the server's HTML in a boundary.
    const [ownBoundary] = useState(() => !pageHydrated);
    // On the server the code is always there, so the part is written in place (never as a fallback streamed later).
    const Part = import.meta.env.SSR && loaded ? loaded : Lazy;
    return ownBoundary ? (
      <Suspense>
        <Part {...props} />
      </Suspense>
    ) : (
      <Part {...props} />
    );
  });
}
