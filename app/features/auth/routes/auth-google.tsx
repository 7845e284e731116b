import { translate } from "@worker/core/i18n/request-language";
import { requestContext } from "@worker/core/request-context";
import { directionOf, type UiLanguage } from "@worker/core/shared/languages";
import { startGoogleSignIn } from "@worker/features/auth/google-sign-in";
import { allowSignInAttempt, rateLimitedHeaders, SIGN_IN_RATE_LIMITED } from "@worker/features/auth/rate-limit";
import { redirect } from "react-router";
import { readFormData, textField } from "~/core/form-data.server";
import { afterSignInPath } from "~/core/redirect-target.server";
import type { Route } from "./+types/auth-google";

// Starting sign-in changes state (cookies), so it is a POST from the login page; a GET goes back there.
export const loader = () => redirect("/login");

export async function action({ request, context }: Route.ActionArgs) {
  const { env, url, language } = context.get(requestContext);
  // Counted before the body is read, so a flood of large posts is refused cheaply.
  if (!(await allowSignInAttempt(env, request))) return rateLimitedPage(language);
  let redirectTo: string;
  try {
    redirectTo = afterSignInPath(textField(await readFormData(request), "redirectTo"));
  } catch {
    // Only a forged post is too large or unreadable: start over from the login page.
    return redirect("/login");
  }

  try {
    const start = startGoogleSignIn(env, url, redirectTo);
    if (start) {
      const headers = new Headers({ Location: start.location });
      for (const cookie of start.cookies) headers.append("Set-Cookie", cookie);
      return new Response(null, { status: 302, headers });
    }
  } catch (error) {
    console.warn("Could not start Google sign-in", error);
  }
  // The login page shows 'Failed to start Google sign-in. Please try again.'
  return redirect(`/login?error=google&redirectTo=${encodeURIComponent(redirectTo)}`);
}

/** This resource route has no React page, so the 429 carries a minimal one of its own (no scripts, no styles), in the request's language. */
function rateLimitedPage(language: UiLanguage) {
  const heading = translate("Too many sign-in attempts");
  const html = `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading} — BookClub</title></head><body><main><h1>${heading}</h1><p>${translate(SIGN_IN_RATE_LIMITED)}</p><p><a href="/login">${translate("Back to Login")}</a></p></main></body></html>`;
  return new Response(html, { status: 429, headers: { ...rateLimitedHeaders(), "Content-Type": "text/html; charset=utf-8" } });
}
