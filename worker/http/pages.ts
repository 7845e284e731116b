import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestContext } from "../context";
import type { AppEnv } from "./app-env";

// Built once per isolate: React Router's server build is loaded lazily on the first page request.
const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export function renderPage(c: Context<AppEnv>): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env: c.env,
    ctx: c.executionCtx,
    db: c.get("db"),
    user: c.get("user"),
    nonce: c.get("nonce"),
    url: new URL(c.req.url),
  });
  return handleRequest(c.req.raw, context);
}
