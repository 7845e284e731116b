import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { findTargetHandler } from "hono/utils/handler";
import { uniqueSymbol } from "hono-openapi";
import { badRequest } from "../errors";
import type { AppEnv } from "../http/app-env";
import { hasBody } from "./validate";

type Described = { target?: string; spec?: { summary?: string; requestBody?: unknown } };

/**
 * What the reference says of the route a request reached: whether it is a described route at all, and
 * whether it takes a body (a json or form validator, or a requestBody of its own). Read from the same
 * marks hono-openapi builds the document from, so the two cannot disagree.
 */
function describedBody(c: Parameters<MiddlewareHandler>[0]): { described: boolean; takesBody: boolean } {
  let described = false;
  let takesBody = false;
  for (const route of matchedRoutes(c)) {
    const mark = (findTargetHandler(route.handler) as { [uniqueSymbol]?: Described })[uniqueSymbol];
    if (!mark) continue;
    if (mark.spec?.summary) described = true;
    if (mark.target === "json" || mark.target === "form" || mark.spec?.requestBody) takesBody = true;
  }
  return { described, takesBody };
}

/**
 * A route documented without a body refuses one (400) before it runs: a client that sends one believes
 * the route reads it, and acting while ignoring it (malformed JSON included) hides the mistake.
 */
export const refuseUndocumentedBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const { described, takesBody } = describedBody(c);
  if (described && !takesBody && (await hasBody(c.req.raw, () => c.req.arrayBuffer()))) throw badRequest("This request takes no body");
  await next();
};
