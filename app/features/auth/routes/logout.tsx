import { translate } from "@worker/core/i18n/request-language";
import { requestContext } from "@worker/core/request-context";
import { clearedSessionCookie } from "@worker/core/session-cookie";
import { msg } from "@worker/core/shared/translate";
import { sessionIdFromCookie, signOut, signOutEverywhere } from "@worker/features/auth/sign-out";
import { redirect } from "react-router";
import { setFlash } from "~/core/flash.server";
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
export const SIGNED_OUT_EVERYWHERE = msg(
  "{count, plural, one {Signed out on every device: # session ended.} other {Signed out on every device: # sessions ended.}}",
);

export async function action({ request, context }: Route.ActionArgs) {
  const { url } = context.get(requestContext);
  const ctx = serviceContext(context);
  if (url.searchParams.get("everywhere") === "1" && ctx.user) {
    const { sessionsEnded } = await signOutEverywhere(ctx);
    // The device that asked is told it worked (the others simply find themselves signed out).
    const headers = new Headers({ "Set-Cookie": clearedSessionCookie(url) });
    headers.append(
      "Set-Cookie",
      new Headers(await setFlash({ type: "success", message: translate(SIGNED_OUT_EVERYWHERE, { count: sessionsEnded }) })).get("Set-Cookie")!,
    );
    return redirect(safeRedirectTarget(url.searchParams.get("redirectTo"), "/library"), { headers });
  } else {
    const sessionId = sessionIdFromCookie(request);
    if (sessionId) await signOut(ctx, sessionId);
  }
  return redirect(safeRedirectTarget(url.searchParams.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": clearedSessionCookie(url) },
  });
}
