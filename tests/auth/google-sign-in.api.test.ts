import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { validateSessionToken } from "@worker/core/session";
import { users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMember, db } from "../helpers/fixtures";
import { call } from "../helpers/http";
import {
  clientAddress,
  cookieHeaderFrom,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  GOOGLE_TOKEN_URL,
  googleIdToken,
  googleTokenResponse,
  pageText,
  postForm,
  sessionTokenFrom,
  setCookieFor,
  startOfRateLimitWindow,
} from "./support";

const originalFetch = globalThis.fetch;

/** Replaces Google's token endpoint at the network boundary and records what the Worker sent it. */
function answerTokenEndpoint(answer: () => Response) {
  const sent: URLSearchParams[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== GOOGLE_TOKEN_URL) return originalFetch(input, init);
    expect(request.method).toBe("POST");
    expect(request.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    sent.push(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())));
    return answer();
  });
  return { sent, spy };
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Presses "Continue with Google" on /login: returns Google's URL and the browser's cookies afterwards. */
async function startGoogleSignIn(redirectTo = "") {
  const response = await postForm("/auth/google", { redirectTo });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  return { response, location, state: location.searchParams.get("state")!, cookie: cookieHeaderFrom(response) };
}

/** Google sends the browser back; the callback page posts the code to its own action. */
async function finishCallback(cookie: string, params: { code?: string; state?: string }) {
  const search = new URLSearchParams(params as Record<string, string>);
  const response = await postForm(`/auth/callback?${search}`, { code: params.code ?? "", state: params.state ?? "" }, { cookie });
  return { response, text: pageText(await response.text()) };
}

describe("Google sign-in: start", () => {
  it("sends the browser to Google with PKCE S256, state and the openid email profile scopes", async () => {
    const { response, location, state } = await startGoogleSignIn("/my-books");
    expect(location.origin + location.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("client_id")).toBe(GOOGLE_CLIENT_ID);
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost/auth/callback");
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // State, verifier and way back are HttpOnly, SameSite=Lax cookies that live ten minutes.
    for (const name of ["google_oauth_state", "google_code_verifier", "post_sign_in_redirect"]) {
      const line = setCookieFor(response, name)!;
      expect(line).toContain("HttpOnly");
      expect(line).toContain("SameSite=Lax");
      expect(line).toContain("Max-Age=600");
      expect(line).toContain("Path=/auth");
      expect(line).not.toContain("Secure");
    }
    expect(setCookieFor(response, "google_oauth_state")).toContain(`google_oauth_state=${state};`);
    expect(setCookieFor(response, "post_sign_in_redirect")).toContain(`=${encodeURIComponent("/my-books")};`);
  });

  it("marks the cookies Secure on https and builds the redirect URI from the site's origin", async () => {
    const response = await postForm("https://bookclub.example/auth/google", {});
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location")!).searchParams.get("redirect_uri")).toBe("https://bookclub.example/auth/callback");
    for (const line of response.headers.getSetCookie()) expect(line).toContain("Secure");
  });

  it("never keeps a way back that leaves the site", async () => {
    for (const target of ["https://evil.example/", "//evil.example", "/\t/evil.example", "/login?redirectTo=/login"]) {
      const { response } = await startGoogleSignIn(target);
      expect(setCookieFor(response, "post_sign_in_redirect")).toContain(`=${encodeURIComponent("/library")};`);
    }
  });

  it("offers Continue with Google on /login when the client id and secret are set", async () => {
    const html = await (await call("/login")).text();
    expect(html).toContain('action="/auth/google"');
    expect(pageText(html)).toContain("Continue with Google");
  });

  it("goes back to /login, which shows the spec's message, on a GET", async () => {
    const response = await call("/auth/google");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    const page = pageText(await (await call("/login?error=google")).text());
    expect(page).toContain("Failed to start Google sign-in. Please try again.");
  });
});

describe("Google sign-in: callback", () => {
  it("starts a new member in the browser's zone, sent by the sign-in page as a cookie", async () => {
    const sub = `sub-zone-${crypto.randomUUID()}`;
    answerTokenEndpoint(() => googleTokenResponse(googleIdToken({ sub, email: `zone-${crypto.randomUUID().slice(0, 8)}@gmail.com`, name: "Zed Zone" })));
    const start = await startGoogleSignIn();
    const cookie = `${start.cookie}; bookclub_tz=America%2FSao_Paulo`;
    const search = new URLSearchParams({ code: "4/0AcvDMrB-test-code", state: start.state });
    expect((await postForm(`/auth/callback?${search}`, { code: "4/0AcvDMrB-test-code", state: start.state }, { cookie })).status).toBe(200);
    const [member] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.googleSub, sub));
    expect(member!.timezone).toBe("America/Sao_Paulo");
  });

  it("exchanges the code with the PKCE verifier, creates the member, starts a session and honours the way back", async () => {
    const sub = `sub-new-${crypto.randomUUID()}`;
    const email = `new-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
    const { sent } = answerTokenEndpoint(() => googleTokenResponse(googleIdToken({ sub, email, name: "Grace Newreader" })));
    const start = await startGoogleSignIn("/my-books?shelf=2");

    // Landing on the callback page only shows 'Authenticating…'; it does not spend the code.
    const landing = await call(`/auth/callback?code=4%2F0AcvDMrB-test-code&state=${start.state}`, { cookie: start.cookie });
    expect(landing.status).toBe(200);
    expect(pageText(await landing.text())).toContain("Authenticating…");
    expect(sent).toHaveLength(0);

    const search = new URLSearchParams({ code: "4/0AcvDMrB-test-code", state: start.state });
    const response = await postForm(`/auth/callback?${search}`, { code: "4/0AcvDMrB-test-code", state: start.state }, { cookie: start.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(pageText(html)).toContain("Signed in successfully. Redirecting…");
    // The way back survived the round trip through Google (the page goes there after 400 ms).
    expect(html).toContain('href="/my-books?shelf=2"');

    // The token request carries the code, our redirect URI and the verifier behind the S256 challenge.
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("code")).toBe("4/0AcvDMrB-test-code");
    expect(form.get("client_id")).toBe(GOOGLE_CLIENT_ID);
    expect(form.get("client_secret")).toBe(GOOGLE_CLIENT_SECRET);
    expect(form.get("redirect_uri")).toBe("http://localhost/auth/callback");
    const verifier = form.get("code_verifier")!;
    expect(encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)))).toBe(start.location.searchParams.get("code_challenge"));

    const [member] = await db.select().from(users).where(eq(users.googleSub, sub));
    expect(member).toMatchObject({ email, name: "Grace Newreader", picture: expect.stringMatching(/^https:\/\/lh3\./), isDemo: false });

    const token = sessionTokenFrom(response)!;
    expect(setCookieFor(response, "bookclub_session")).toMatch(/HttpOnly; SameSite=Lax$/);
    expect((await validateSessionToken(db, token))?.user.id).toBe(member!.id);
    // The one-time sign-in cookies are gone.
    for (const name of ["google_oauth_state", "google_code_verifier", "post_sign_in_redirect"]) {
      expect(setCookieFor(response, name)).toContain("Max-Age=0");
    }
  });

  it("returns to the page the member was sent from", async () => {
    answerTokenEndpoint(() =>
      googleTokenResponse(googleIdToken({ sub: `sub-${crypto.randomUUID()}`, email: `way-${crypto.randomUUID().slice(0, 8)}@gmail.com` })),
    );
    const start = await startGoogleSignIn("/clubs?tab=browse");
    const search = new URLSearchParams({ code: "c0de", state: start.state });
    const response = await postForm(`/auth/callback?${search}`, { code: "c0de", state: start.state }, { cookie: start.cookie });
    const html = await response.text();
    expect(pageText(html)).toContain("Signed in successfully. Redirecting…");
    // The page navigates after 400 ms to this target (it is also the no-JavaScript link).
    expect(html).toContain('href="/clubs?tab=browse"');
  });

  it("links a member who already has the verified e-mail (a seeded demo member) instead of creating one", async () => {
    const demo = await createMember({ name: "Demo Dana", email: `dana-${crypto.randomUUID().slice(0, 8)}@example.com`, isDemo: true });
    const sub = `sub-link-${crypto.randomUUID()}`;
    answerTokenEndpoint(() => googleTokenResponse(googleIdToken({ sub, email: demo.email.toUpperCase(), name: "Dana From Google" })));
    const start = await startGoogleSignIn();
    const { response, text } = await finishCallback(start.cookie, { code: "code-link", state: start.state });
    expect(text).toContain("Signed in successfully. Redirecting…");

    const [linked] = await db.select().from(users).where(eq(users.id, demo.id));
    expect(linked).toMatchObject({ googleSub: sub, name: "Demo Dana", email: demo.email });
    expect((await validateSessionToken(db, sessionTokenFrom(response)!))?.user.id).toBe(demo.id);

    // Next time the member is found by sub, even after changing their Google e-mail.
    vi.restoreAllMocks();
    const newEmail = `dana-new-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
    answerTokenEndpoint(() => googleTokenResponse(googleIdToken({ sub, email: newEmail })));
    const again = await startGoogleSignIn();
    const second = await finishCallback(again.cookie, { code: "code-link-2", state: again.state });
    expect((await validateSessionToken(db, sessionTokenFrom(second.response)!))?.user.id).toBe(demo.id);
    const [updated] = await db.select().from(users).where(eq(users.id, demo.id));
    expect(updated!.email).toBe(newEmail);
    expect(await db.select().from(users).where(eq(users.googleSub, sub))).toHaveLength(1);
  });

  it("refuses a state that does not match the cookie, without calling Google", async () => {
    const { sent } = answerTokenEndpoint(() => googleTokenResponse(googleIdToken()));
    const start = await startGoogleSignIn();
    const { response, text } = await finishCallback(start.cookie, { code: "code-x", state: "forged-state" });
    expect(response.status).toBe(400);
    expect(text).toContain("This sign-in link does not match the one we started. Please start sign-in again.");
    expect(text).toContain("Try Again");
    expect(text).toContain("Back to Login");
    expect(sent).toHaveLength(0);
    expect(sessionTokenFrom(response)).toBeUndefined();
  });

  it("asks to start again when the PKCE verifier cookie is missing", async () => {
    const { sent } = answerTokenEndpoint(() => googleTokenResponse(googleIdToken()));
    const start = await startGoogleSignIn();
    const withoutVerifier = start.cookie
      .split("; ")
      .filter((pair) => !pair.startsWith("google_code_verifier="))
      .join("; ");
    const { response, text } = await finishCallback(withoutVerifier, { code: "code-y", state: start.state });
    expect(response.status).toBe(400);
    expect(text).toContain("Missing PKCE code verifier. Please start sign-in again.");
    expect(sent).toHaveLength(0);
    expect(sessionTokenFrom(response)).toBeUndefined();
  });

  it("refuses a verifier older than ten minutes even if the browser still sends it", async () => {
    const { sent } = answerTokenEndpoint(() => googleTokenResponse(googleIdToken()));
    const start = await startGoogleSignIn();
    // The cookie value is "<issued at ms>.<verifier>"; pretend it was issued 10 minutes and 1 second ago.
    const stale = start.cookie.replace(/google_code_verifier=(\d+)\./, () => `google_code_verifier=${Date.now() - 601_000}.`);
    expect(stale).not.toBe(start.cookie);
    const { text } = await finishCallback(stale, { code: "code-z", state: start.state });
    expect(text).toContain("Missing PKCE code verifier. Please start sign-in again.");
    expect(sent).toHaveLength(0);

    // Just inside the ten minutes it is still accepted.
    const fresh = start.cookie.replace(/google_code_verifier=(\d+)\./, () => `google_code_verifier=${Date.now() - 590_000}.`);
    answerTokenEndpoint(() =>
      googleTokenResponse(googleIdToken({ sub: `sub-${crypto.randomUUID()}`, email: `fresh-${crypto.randomUUID().slice(0, 8)}@gmail.com` })),
    );
    expect((await finishCallback(fresh, { code: "code-z", state: start.state })).text).toContain("Signed in successfully. Redirecting…");
  });

  it("shows Google's error, with Back to Login and no Try Again, when the person declines", async () => {
    const { sent } = answerTokenEndpoint(() => googleTokenResponse(googleIdToken()));
    const response = await call("/auth/callback?error=access_denied&state=abc");
    const text = pageText(await response.text());
    expect(text).toContain("Authentication error: access_denied");
    expect(text).toContain("Back to Login");
    expect(text).not.toContain("Try Again");
    expect(text).not.toContain("Authenticating…");
    expect(sent).toHaveLength(0);
  });

  it("says the code is missing when Google sends neither a code nor an error", async () => {
    const text = pageText(await (await call("/auth/callback?state=abc")).text());
    expect(text).toContain("Missing authorization code in callback URL.");
    expect(text).not.toContain("Try Again");
  });

  it("reports a refused token exchange with Google's status and body, and offers Try Again", async () => {
    const body = '{"error":"invalid_grant","error_description":"Bad Request"}';
    answerTokenEndpoint(() => new Response(body, { status: 400, headers: { "Content-Type": "application/json; charset=utf-8" } }));
    const start = await startGoogleSignIn();
    const { response, text } = await finishCallback(start.cookie, { code: "used-code", state: start.state });
    expect(response.status).toBe(400);
    expect(text).toContain(`Token exchange failed: 400 ${body}`);
    expect(text).toContain("Try Again");
    expect(text).toContain("Back to Login");
    expect(sessionTokenFrom(response)).toBeUndefined();
  });

  it.each([
    ["another audience", { aud: "someone-else.apps.googleusercontent.com", azp: "someone-else.apps.googleusercontent.com" }, "Authentication failed."],
    ["another issuer", { iss: "https://accounts.evil.example" }, "Authentication failed."],
    ["an expired token", { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }, "Authentication failed."],
    ["an unverified e-mail", { email_verified: false }, "Your Google e-mail address is not verified. Please verify it with Google and try again."],
  ])("refuses an ID token with %s and creates nobody", async (_case, claims, message) => {
    const sub = `sub-refused-${crypto.randomUUID()}`;
    answerTokenEndpoint(() => googleTokenResponse(googleIdToken({ sub, ...claims })));
    const start = await startGoogleSignIn();
    const { response, text } = await finishCallback(start.cookie, { code: "code-claims", state: start.state });
    expect(response.status).toBe(400);
    expect(text).toContain(message);
    expect(sessionTokenFrom(response)).toBeUndefined();
    expect(await db.select().from(users).where(eq(users.googleSub, sub))).toHaveLength(0);
  });

  it("rate limits the callback per client address with a 429", { timeout: 30_000 }, async () => {
    await startOfRateLimitWindow();
    const ip = clientAddress();
    let last: Response | undefined;
    for (let attempt = 0; attempt < 21; attempt++) {
      last = await postForm("/auth/callback?code=x&state=y", { code: "x", state: "y" }, { ip });
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get("Retry-After")).toBe("60");
    expect(pageText(await last!.text())).toContain("Too many sign-in attempts. Please wait a minute and try again.");
  });
});
