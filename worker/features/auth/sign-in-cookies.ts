import { isSecureUrl } from "@worker/core/session-cookie";
import { parse, serialize } from "hono/utils/cookie";

/** The PKCE code verifier is kept for 10 minutes (docs/product.md#sign-in); the state and the way back live as long. */
export const SIGN_IN_COOKIE_TTL_MS = 600_000;

const STATE_COOKIE = "google_oauth_state";
const VERIFIER_COOKIE = "google_code_verifier";
const REDIRECT_COOKIE = "post_sign_in_redirect";
// Only the sign-in routes need them; they never travel with other requests.
const COOKIE_PATH = "/auth";

function options(url: URL | string, maxAgeS: number) {
  return { httpOnly: true, secure: isSecureUrl(url), sameSite: "Lax", path: COOKIE_PATH, maxAge: maxAgeS } as const;
}

/**
 * The state, the verifier and the page to return to, as Set-Cookie values. The verifier cookie also
 * records when it was issued: Max-Age is only a request to the browser, and the server must refuse
 * a verifier older than ten minutes whatever the browser sends.
 */
export function signInCookies(url: URL | string, values: { state: string; codeVerifier: string; redirectTo: string }, now = Date.now()) {
  const maxAgeS = SIGN_IN_COOKIE_TTL_MS / 1000;
  return [
    serialize(STATE_COOKIE, values.state, options(url, maxAgeS)),
    serialize(VERIFIER_COOKIE, `${now}.${values.codeVerifier}`, options(url, maxAgeS)),
    serialize(REDIRECT_COOKIE, values.redirectTo, options(url, maxAgeS)),
  ];
}

export function clearedSignInCookies(url: URL | string) {
  return [STATE_COOKIE, VERIFIER_COOKIE, REDIRECT_COOKIE].map((name) => serialize(name, "", options(url, 0)));
}

export interface SignInCookieValues {
  state: string | null;
  /** Null when missing, malformed or older than ten minutes. */
  codeVerifier: string | null;
  redirectTo: string | null;
}

export function readSignInCookies(request: Request, now = Date.now()): SignInCookieValues {
  const cookies = parse(request.headers.get("Cookie") ?? "");
  const [, issuedAt, codeVerifier] = cookies[VERIFIER_COOKIE]?.match(/^(\d{13})\.([A-Za-z0-9_-]{43,128})$/) ?? [];
  const age = now - Number(issuedAt);
  return {
    state: cookies[STATE_COOKIE] || null,
    codeVerifier: codeVerifier && age > -60_000 && age <= SIGN_IN_COOKIE_TTL_MS ? codeVerifier : null,
    redirectTo: cookies[REDIRECT_COOKIE] || null,
  };
}
