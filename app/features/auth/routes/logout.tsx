import { requestContext } from "@worker/core/request-context";
import { clearedSessionCookie } from "@worker/core/session-cookie";
import { sessionIdFromCookie, signOut, signOutEverywhere } from "@worker/features/auth/sign-out";
import { redirect } from "react-router";
import { safeRedirectTarget } from "~/core/redirect-target.server";
import { serviceContext } from "~/core/route-context.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so only a POST does it; following a link to /logout does nothing.
export const loader = () => redirect("/");

/**
 * POST /logout ends this browser's session; POST /logout?everywhere=1 ends all of the member's
 * sessions on every device. Both clear the cookie and go to the site root, or to
 * `redirectTo` when given (the session-expired handler sends people to /login).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { url } = context.get(requestContext);
  const ctx = serviceContext(context);
  if (url.searchParams.get("everywhere") === "1" && ctx.user) {
    await signOutEverywhere(ctx);
  } else {
    const sessionId = sessionIdFromCookie(request);
    if (sessionId) await signOut(ctx, sessionId);
  }
  return redirect(safeRedirectTarget(url.searchParams.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": clearedSessionCookie(url) },
  });
}
