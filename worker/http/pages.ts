import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestContext } from "../context";
import type { AppEnv } from "./app-env";
import { VIEWER_HEADER, VISITOR } from "../shared/offline";

// Built once per isolate: React Router's server build is loaded lazily on the first page request.
const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

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
    nonce: c.get("nonce"),
    url: new URL(c.req.url),
  });
  const rendered = await handleRequest(c.req.raw, context);
  // Redirects and some streamed answers have immutable headers: copy before marking.
  const response = new Response(rendered.body, rendered);
  response.headers.set(VIEWER_HEADER, c.get("user")?.id ?? VISITOR);
  return response;
}
