import { createSession, sessionIdFromToken } from "@worker/core/session";
import { sessions, users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json, ORIGIN } from "../helpers/http";
import { clientAddress, postForm, sessionTokenFrom } from "./support";

const EVIL = "https://evil.example";

async function sessionExists(token: string) {
  return (
    (
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdFromToken(token)))
    ).length === 1
  );
}

describe("CSRF: cookie-authenticated writes must come from our own origin", () => {
  it("refuses a cross-origin API POST with a valid cookie with 403 and changes nothing", async () => {
    const { user, token, cookie } = await signedInMember();
    await createSession(db, user.id);
    const response = await call("/api/auth/logout-all", { method: "POST", cookie, headers: { Origin: EVIL } });
    expect(response.status).toBe(403);
    expect(await json<Envelope>(response)).toEqual({ success: false, error: "Cross-site request refused." });
    expect(await sessionExists(token)).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it("refuses a cross-origin page action (POST /logout) with a plain 403 and keeps the session", async () => {
    const { token, cookie } = await signedInMember();
    const response = await postForm("/logout", {}, { cookie, origin: EVIL });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toContain("Cross-site request refused.");
    expect(await sessionExists(token)).toBe(true);
  });

  it("refuses React Router's client-side submissions (<path>.data) from another origin too", async () => {
    const { token, cookie } = await signedInMember();
    const response = await postForm("/logout.data", {}, { cookie, origin: EVIL });
    expect(response.status).toBe(403);
    expect(await sessionExists(token)).toBe(true);
  });

  it("refuses an Origin of null and a sibling subdomain", async () => {
    const { token, cookie } = await signedInMember();
    for (const origin of ["null", "http://sub.localhost", "http://localhost:8787", "https://localhost"]) {
      const response = await call("/api/auth/logout", { method: "POST", cookie, headers: { Origin: origin } });
      expect(response.status, origin).toBe(403);
    }
    expect(await sessionExists(token)).toBe(true);
  });

  it("without Origin, refuses Sec-Fetch-Site cross-site or same-site, and allows same-origin or none", async () => {
    const { token, cookie } = await signedInMember();
    for (const site of ["cross-site", "same-site"]) {
      const response = await call("/api/auth/logout", { method: "POST", cookie, headers: { "Sec-Fetch-Site": site } });
      expect(response.status, site).toBe(403);
    }
    expect(await sessionExists(token)).toBe(true);

    const sameOrigin = await call("/api/auth/logout", { method: "POST", cookie, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(sameOrigin.status).toBe(200);
    const other = await signedInMember();
    const typedUrl = await call("/api/auth/logout", { method: "POST", cookie: other.cookie, headers: { "Sec-Fetch-Site": "none" } });
    expect(typedUrl.status).toBe(200);
  });

  it("lets a same-origin POST through", async () => {
    const { token, cookie } = await signedInMember();
    const api = await call("/api/auth/logout", { method: "POST", cookie, headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } });
    expect(api.status).toBe(200);
    expect(await sessionExists(token)).toBe(false);

    const page = await signedInMember();
    const action = await postForm("/logout", {}, { cookie: page.cookie });
    expect(action.status).toBe(302);
    expect(await sessionExists(page.token)).toBe(false);
  });

  it("lets non-browser clients without Origin or Sec-Fetch-Site through", async () => {
    const { token, cookie } = await signedInMember();
    const response = await call("/api/auth/logout", { method: "POST", cookie });
    expect(response.status).toBe(200);
    expect(await sessionExists(token)).toBe(false);
  });

  it("skips the check for Bearer-authenticated requests", async () => {
    const { token } = await signedInMember();
    const response = await call("/api/auth/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(200);
    expect(await sessionExists(token)).toBe(false);
  });

  it("does not get in the way of reads", async () => {
    const { cookie } = await signedInMember();
    const response = await call("/library", { cookie, headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(200);
  });

  it("leaves anonymous writes alone (nothing to ride on)", async () => {
    const response = await call("/api/interest/swap-toys", { method: "POST", json: { email: "csrf-anon@example.com" }, headers: { Origin: EVIL } });
    expect(response.status).toBe(201);
  });
});

describe("CSRF: sign-in endpoints are same-origin only, even without a session", () => {
  it("refuses a cross-site local sign-in (login CSRF) and creates no session", async () => {
    const email = `csrf-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await postForm("/login", { intent: "new", name: "Mallory", email }, { origin: EVIL });
    expect(response.status).toBe(403);
    expect(sessionTokenFrom(response)).toBeUndefined();
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("refuses cross-site starts and callbacks of Google sign-in", async () => {
    const start = await postForm("/auth/google", {}, { origin: EVIL });
    expect(start.status).toBe(403);
    const callback = await call("/auth/callback.data?code=x&state=y", {
      method: "POST",
      body: new URLSearchParams({ code: "x", state: "y" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site", "CF-Connecting-IP": clientAddress() },
    });
    expect(callback.status).toBe(403);
  });
});

describe("CSRF: sign-in paths are recognised however the router would match them", () => {
  // React Router matches case-insensitively, ignores trailing slashes, percent-decodes segments and
  // serves client submissions at "<path>.data" (or "<path>/_.data"): every spelling is the same route.
  it.each(["/Login", "/LOGIN", "/login/", "/login//", "/Login.data", "/login/_.data", "/%6Cogin", "/%4C%4F%47%49%4E/"])(
    "refuses a cross-site local sign-in at %s and creates nobody",
    async (path) => {
      const email = `csrf-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const response = await postForm(path, { intent: "new", name: "Mallory", email }, { origin: EVIL });
      expect(response.status).toBe(403);
      expect(sessionTokenFrom(response)).toBeUndefined();
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    },
  );

  it.each(["/Auth/Google", "/auth/google/", "/AUTH/GOOGLE.data", "/auth/%67oogle", "/Auth/Callback/", "/auth/callback/_.data"])(
    "refuses a cross-site Google sign-in step at %s",
    async (path) => {
      const response = await postForm(path, { code: "x", state: "y" }, { origin: EVIL });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Cross-site request refused.");
    },
  );

  it("still lets the same spellings through from our own origin", async () => {
    const response = await postForm("/LOGIN/", { intent: "new", name: "Nell", email: `csrf-ok-${crypto.randomUUID().slice(0, 8)}@example.com` });
    expect(response.status).not.toBe(403);
  });
});
