import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestContext } from "../request-context";
import { VIEWER_HEADER, VISITOR } from "../shared/offline";
import type { AppEnv } from "./app-env";

const loadBuild = () => import("virtual:react-router/server-build");

// React Router derives its route table from the build on every call when it is given a loader
// function (about 1 ms a page). In production the build never changes, so it is loaded on the
// first page request and the handler is kept for the isolate; `npm run dev` keeps the loader so
// edits show up without a restart.
let productionHandler: ReturnType<typeof createRequestHandler> | undefined;
async function pageHandler(): Promise<ReturnType<typeof createRequestHandler>> {
  if (import.meta.env.DEV) return createRequestHandler(loadBuild, import.meta.env.MODE);
  productionHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
  return productionHandler;
}

/**
 * Renders a page (or its route data), saying whom it was rendered for: the service worker keeps
 * saved pages for one viewer at a time and empties them when that changes.
 */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env: c.env,
    ctx: c.executionCtx,
    db: c.get("db"),
    user: c.get("user"),
    sessionId: c.get("session")?.id,
    areaCell: c.get("areaCell"),
    nonce: c.get("nonce"),
    language: c.get("language"),
    locale: c.get("locale"),
    url: new URL(c.req.url),
  });
  const rendered = await (await pageHandler())(c.req.raw, context);
  // Redirects and some streamed answers have immutable headers: copy before marking.
  const response = new Response(rendered.body, rendered);
  response.headers.set(VIEWER_HEADER, c.get("user")?.id ?? VISITOR);
  return response;
}
