import { requestContext } from "@worker/core/request-context";
import { isbot } from "isbot";
// React's Node build, not the edge one that `react-dom/server` resolves to in a Worker: it writes the
// HTML's many small strings into one 4 KiB buffer (TextEncoder.encodeInto), where the edge build makes
// a Uint8Array of every attribute name and value. In workerd each of those is a call into the runtime:
// on /library that was a third of the render's CPU. nodejs_compat gives it the modules it loads.
import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/core/nonce";
import { deferredPartsReady } from "~/ui/deferred";

// React Router rejects what a loader still streams after this, so the render always ends. No abort
// signal is passed to React as well: with one, React arms and aborts an AbortController on every
// render, about a millisecond of workerd's CPU a page. A reader who leaves cancels the body, which
// stops the render.
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // Parts whose code the browser fetches later are still written in place (app/ui/deferred.tsx).
  await deferredPartsReady();

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      // React outlines a finished Suspense boundary that comes after the first 12.8 kB into a hidden
      // block its script reveals later; every part here is finished before the first byte (loaders have
      // run, deferred parts are loaded), so keep each in place: the page is whole without script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors during the shell are rethrown by renderToReadableStream; log only streaming ones.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and SPA-mode prerendering get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
