import { readConfig } from "@worker/core/config";
import { browserTimeZone } from "@worker/core/http/reader";
import { translate } from "@worker/core/i18n/request-language";
import type { Deps } from "@worker/core/service-context";
import { createGoogleAuthorization, exchangeGoogleCode, googleClient, verifyGoogleIdToken } from "./google";
import { findOrCreateGoogleMember, startSession } from "./sign-in";
import { clearedSignInCookies, readSignInCookies, signInCookies } from "./sign-in-cookies";
import { SignInError } from "./sign-in-error";

/**
 * Step 1: where to send the browser (Google's consent page) and the cookies that remember the state,
 * the PKCE verifier and the page to return to. Null when Google sign-in is not configured.
 */
export function startGoogleSignIn(env: Env, requestUrl: URL, redirectTo: string) {
  const client = googleClient(readConfig(env), requestUrl.origin);
  if (!client) return null;
  const { state, codeVerifier, url } = createGoogleAuthorization(client);
  return { location: url.toString(), cookies: signInCookies(requestUrl, { state, codeVerifier, redirectTo }) };
}

export type GoogleCallbackResult = { ok: true; cookies: string[]; redirectTo: string | null; userId: string } | { ok: false; error: string };

/**
 * Step 2, on our /auth/callback: checks the verifier and the state from the cookies, exchanges the
 * code, verifies the ID token's claims, finds or creates the member and starts a session. The
 * sign-in cookies are cleared only on success, so 'Try Again' can repeat the exchange.
 */
export async function finishGoogleSignIn(
  { db, env }: Deps,
  request: Request,
  params: { code: string | null; state: string | null },
): Promise<GoogleCallbackResult> {
  const url = new URL(request.url);
  const client = googleClient(readConfig(env), url.origin);
  if (!client) return { ok: false, error: translate("Authentication failed.") };
  if (!params.code) return { ok: false, error: translate("Missing authorization code in callback URL.") };

  const saved = readSignInCookies(request);
  if (!saved.codeVerifier) return { ok: false, error: translate("Missing PKCE code verifier. Please start sign-in again.") };
  if (!saved.state || saved.state !== params.state) {
    return { ok: false, error: translate("This sign-in link does not match the one we started. Please start sign-in again.") };
  }

  try {
    const idToken = await exchangeGoogleCode(client, params.code, saved.codeVerifier);
    const profile = verifyGoogleIdToken(idToken, client.clientId);
    const member = await findOrCreateGoogleMember(db, profile, browserTimeZone(request));
    const session = await startSession({ db, env }, request, member.id);
    return { ok: true, cookies: [session, ...clearedSignInCookies(url)], redirectTo: saved.redirectTo, userId: member.id };
  } catch (error) {
    if (error instanceof SignInError) return { ok: false, error: error.message };
    throw error;
  }
}
