import { Hono } from "hono";
import { clearSessionCookie } from "@worker/core/session-cookie";
import { signOut, signOutEverywhere } from "./sign-out";
import type { AppEnv } from "@worker/core/http/app-env";
import { unauthorized } from "@worker/core/errors";
import { serviceContext } from "@worker/core/http/app-env";
import { ok } from "@worker/core/api/envelope";

/** Sign-out for API clients (cookie or Bearer); signing in happens on the /login and /auth pages. */
export const authApi = new Hono<AppEnv>()
  .post("/logout", async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    await signOut({ db: c.get("db"), env: c.env }, session.id);
    if (session.via === "cookie") clearSessionCookie(c);
    return ok(c, { signedOut: true });
  })
  .post("/logout-all", async (c) => {
    const result = await signOutEverywhere(serviceContext(c));
    if (c.get("session")?.via === "cookie") clearSessionCookie(c);
    return ok(c, { signedOut: true, ...result });
  });
