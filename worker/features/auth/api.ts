import { ok } from "@worker/core/api/envelope";
import { doc } from "@worker/core/api/openapi";
import { unauthorized } from "@worker/core/errors";
import type { AppEnv } from "@worker/core/http/app-env";
import { serviceContext } from "@worker/core/http/app-env";
import { clearSessionCookie } from "@worker/core/session-cookie";
import { Hono } from "hono";
import { signedOutEverywhereView, signedOutView } from "./api-schemas";
import { signOut, signOutEverywhere } from "./sign-out";

const tags = ["Auth"];

/** Sign-out for API clients (cookie or Bearer); signing in happens on the /login and /auth pages. */
export const authApi = new Hono<AppEnv>()
  .post(
    "/logout",
    doc("POST", {
      summary: "Sign out",
      who: "member",
      tags,
      description:
        "Ends this session (the cookie's or the Bearer token's) and closes the sockets opened in it; a browser's cookie is cleared. The member's other sessions go on.",
      data: signedOutView,
    }),
    async (c) => {
      const session = c.get("session");
      if (!session) throw unauthorized();
      await signOut({ db: c.get("db"), env: c.env }, session.id);
      if (session.via === "cookie") clearSessionCookie(c);
      return ok(c, { signedOut: true });
    },
  )
  .post(
    "/logout-all",
    doc("POST", {
      summary: "Sign out everywhere",
      who: "member",
      tags,
      description: "Ends every session of the member, on every device, and signs out their open tabs; answers how many sessions ended.",
      data: signedOutEverywhereView,
    }),
    async (c) => {
      const result = await signOutEverywhere(serviceContext(c));
      if (c.get("session")?.via === "cookie") clearSessionCookie(c);
      return ok(c, { signedOut: true, ...result });
    },
  );
