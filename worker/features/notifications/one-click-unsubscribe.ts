import type { AppEnv } from "@worker/core/http/app-env";
import { isCrossSiteRequest } from "@worker/core/http/csrf";
import type { MiddlewareHandler } from "hono";
import { UNSUBSCRIBE_LINK_INVALID, unsubscribeByToken } from "./unsubscribe";

/**
 * RFC 8058 one-click unsubscribe posted from another site (a webmail page): React Router refuses
 * any action whose Origin is not ours (its own CSRF guard), so this answers it first. The signed
 * token in the URL is the only authority; the body ("List-Unsubscribe=One-Click") says nothing
 * more. Posts from our own page, or from a mail provider's servers (no Origin), go on to the
 * route's action, which shows the page.
 */
export const oneClickUnsubscribe: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isCrossSiteRequest(c.req.raw)) return next();
  const token = new URL(c.req.url).searchParams.get("token") ?? "";
  const done = token ? await unsubscribeByToken({ db: c.get("db"), env: c.env }, token) : null;
  return done ? c.text("You're unsubscribed.") : c.text(UNSUBSCRIBE_LINK_INVALID, 400);
};
