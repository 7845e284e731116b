import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { call, ORIGIN } from "../helpers/http";

/** A fresh client address per test, so the per-IP sign-in limit never couples tests together. */
let addressCounter = 0;
export function clientAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(Math.random() * 200)}.${addressCounter % 250}`;
}

/** Posts a form the way a browser does from one of our pages (same Origin). */
export function postForm(path: string, fields: Record<string, string>, init: { cookie?: string; ip?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": init.ip ?? clientAddress(),
  };
  const url = new URL(path, ORIGIN);
  if (init.origin !== null) headers.Origin = init.origin ?? url.origin;
  return call(url.toString(), { method: "POST", body: new URLSearchParams(fields).toString(), headers, cookie: init.cookie });
}

/** "name=value; ..." for a Cookie header from a response's Set-Cookie lines (cleared cookies dropped). */
export function cookieHeaderFrom(response: Response, extra: string[] = []): string {
  const pairs = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="));
  return [...pairs, ...extra].join("; ");
}

export function setCookieFor(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** Text content of server-rendered HTML, with React's entity escapes undone. */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The session token carried by a response's Set-Cookie, if it sets one. */
export function sessionTokenFrom(response: Response): string | undefined {
  return setCookieFor(response, "bookclub_session")?.match(/^bookclub_session=([^;]*)/)?.[1] || undefined;
}

// ---- Google ----

export const GOOGLE_CLIENT_ID = "test-client.apps.googleusercontent.com";
export const GOOGLE_CLIENT_SECRET = "test-client-secret";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

const base64url = (value: unknown) => encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));

/**
 * An ID token shaped like Google's (RS256 header, Google's claim set). The signature is junk: the
 * Worker gets the token straight from Google's token endpoint over TLS and checks claims only.
 */
export function googleIdToken(overrides: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: "https://accounts.google.com",
    azp: GOOGLE_CLIENT_ID,
    aud: GOOGLE_CLIENT_ID,
    sub: "110169484474386276334",
    email: "ada.reader@gmail.com",
    email_verified: true,
    at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
    name: "Ada Reader",
    picture: "https://lh3.googleusercontent.com/a/ACg8ocJ-test=s96-c",
    given_name: "Ada",
    family_name: "Reader",
    iat: now,
    exp: now + 3599,
    ...overrides,
  };
  const header = { alg: "RS256", kid: "a50f6e70ef4b548a5fd9142eecd1fb8f54dce9ee", typ: "JWT" };
  return `${base64url(header)}.${base64url(claims)}.${encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(256)))}`;
}

/** Google's token endpoint answer for a successful code exchange (as recorded, tokens replaced). */
export function googleTokenResponse(idToken: string): Response {
  return new Response(
    JSON.stringify({
      access_token: "ya29.a0AfB_byC-test-access-token",
      expires_in: 3599,
      scope: "https://www.googleapis.com/auth/userinfo.email openid https://www.googleapis.com/auth/userinfo.profile",
      token_type: "Bearer",
      id_token: idToken,
    }),
    { status: 200, headers: { "Content-Type": "application/json; charset=utf-8" } },
  );
}

export { startOfRateLimitWindow } from "../helpers/rate-limit";
