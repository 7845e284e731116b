import { redirect } from "react-router";
import { clearedSessionCookie } from "../../worker/auth/session-cookie";
import { signOut, signOutEverywhere, sessionIdFromCookie } from "../../worker/auth/sign-out";
import { requestContext } from "../../worker/context";
import { returnPath } from "../sign-in.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so only a POST does it; following a link to /logout does nothing.
export const loader = () => redirect("/");

/**
 * POST /logout ends this browser's session; POST /logout?everywhere=1 ends all of the member's
 * sessions on every device. Both clear the cookie and go to the site root (spec), or to
 * `redirectTo` when given (the session-expired handler sends people to /login).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, user, url } = context.get(requestContext);
  if (url.searchParams.get("everywhere") === "1" && user) {
    await signOutEverywhere({ db, env, user });
  } else {
    const sessionId = sessionIdFromCookie(request);
    if (sessionId) await signOut(db, sessionId);
  }
  return redirect(returnPath(url.searchParams.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": clearedSessionCookie(url) },
  });
}
