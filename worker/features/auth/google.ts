import type { AppConfig } from "@worker/core/config";
import { hasVisibleCharacter, sanitizeText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { decodeIdToken, Google, generateCodeVerifier, generateState, OAuth2Tokens } from "arctic";
import { z } from "zod";
import { SignInError } from "./sign-in-error";

// Everything that knows about Google's OAuth endpoints and arctic lives in this module.

export const GOOGLE_SCOPES = ["openid", "email", "profile"];
export const GOOGLE_TOKEN_ENDPOINT = "https://oauth2.googleapis.com/token";
const GOOGLE_ISSUERS = new Set(["https://accounts.google.com", "accounts.google.com"]);
/** Tolerated clock difference between Google and the Worker when checking exp and iat. */
const CLOCK_SKEW_S = 60;
/** Error bodies are shown to the person signing in ('Token exchange failed: {status} {body}', docs/product.md#sign-in); keep them short. */
const MAX_ERROR_BODY_CHARS = 500;

export interface GoogleClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The OAuth client for this site, or null when GOOGLE_CLIENT_ID/SECRET are not both set. */
export function googleClient(config: AppConfig, origin: string): GoogleClient | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET, redirectUri: `${origin}/auth/callback` };
}

/** A fresh state and PKCE verifier, and Google's consent URL carrying the state and the S256 challenge. */
export function createGoogleAuthorization(client: GoogleClient) {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const google = new Google(client.clientId, client.clientSecret, client.redirectUri);
  const url = google.createAuthorizationURL(state, codeVerifier, GOOGLE_SCOPES);
  // Show the account chooser, so someone signed in to several Google accounts picks one deliberately.
  url.searchParams.set("prompt", "select_account");
  return { state, codeVerifier, url };
}

/**
 * Trades the authorization code and the PKCE verifier for tokens and returns the ID token.
 * The request is the one arctic's `validateAuthorizationCode` sends, made here so a refusal keeps
 * Google's status and body for the 'Token exchange failed: {status} {body}' message
 * (arctic reduces it to an error code).
 */
export async function exchangeGoogleCode(client: GoogleClient, code: string, codeVerifier: string): Promise<string> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code,
    redirect_uri: client.redirectUri,
    code_verifier: codeVerifier,
  });
  let response: Response;
  try {
    response = await fetch(GOOGLE_TOKEN_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
    });
  } catch (error) {
    console.warn("Google token endpoint unreachable", error);
    throw new SignInError(msg("Authentication failed."));
  }
  if (!response.ok) {
    const text = (await response.text()).slice(0, MAX_ERROR_BODY_CHARS);
    throw new SignInError(msg("Token exchange failed: {status} {body}"), { status: response.status, body: text });
  }
  try {
    return new OAuth2Tokens(await response.json()).idToken();
  } catch {
    throw new SignInError(msg("Authentication failed."));
  }
}

const idTokenClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
  exp: z.number(),
  iat: z.number().optional(),
  sub: z.string().min(1).max(255),
  email: z.string().trim().min(3).max(254),
  // Google sends a boolean; very old tokens carried the string "true".
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  picture: z.string().optional(),
});

export interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

/**
 * Checks the ID token's claims (issuer, audience, expiry, verified e-mail) and returns the profile.
 * The signature is not checked: the token came straight from Google's token endpoint over TLS in
 * exchange for our client secret, which OpenID Connect Core §3.1.3.7 accepts in place of it.
 */
export function verifyGoogleIdToken(idToken: string, clientId: string, now = Date.now()): GoogleProfile {
  let payload: unknown;
  try {
    payload = decodeIdToken(idToken);
  } catch {
    throw new SignInError(msg("Authentication failed."));
  }
  const parsed = idTokenClaims.safeParse(payload);
  if (!parsed.success) throw new SignInError(msg("Authentication failed."));
  const claims = parsed.data;
  const nowS = now / 1000;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const valid =
    GOOGLE_ISSUERS.has(claims.iss) &&
    audiences.includes(clientId) &&
    (audiences.length === 1 || claims.azp === clientId) &&
    claims.exp + CLOCK_SKEW_S > nowS &&
    (claims.iat === undefined || claims.iat - CLOCK_SKEW_S <= nowS);
  if (!valid) throw new SignInError(msg("Authentication failed."));
  if (claims.email_verified !== true && claims.email_verified !== "true") {
    throw new SignInError(msg("Your Google e-mail address is not verified. Please verify it with Google and try again."));
  }
  const email = claims.email.toLowerCase();
  // A Google display name is member-typed text too: cleaned like any other, "Reader" if nothing visible is left.
  const cleaned = sanitizeText((claims.name ?? claims.given_name ?? email.split("@")[0] ?? "").slice(0, 100));
  const name = hasVisibleCharacter(cleaned) ? cleaned : "Reader";
  const picture = claims.picture?.startsWith("https://") ? claims.picture : null;
  return { sub: claims.sub, email, name, picture };
}
