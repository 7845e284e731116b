import type { MiddlewareHandler } from "hono";
import { unauthorized } from "../errors";
import type { AppEnv } from "../http/app-env";

/** Visitors get a 401 envelope before anything else runs: no query is validated, no body is read. */
export const membersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  await next();
};
