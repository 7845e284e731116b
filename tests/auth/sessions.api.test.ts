import { createSession, SESSION_TTL_MS, sessionIdFromToken, validateSessionToken } from "@worker/core/session";
import { memberAreas, sessions } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json, ORIGIN } from "../helpers/http";
import { postForm, sessionTokenFrom, setCookieFor } from "./support";

const DAY_MS = 24 * 60 * 60 * 1000;

async function sessionRow(token: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sessionIdFromToken(token)));
  return row;
}

async function expireIn(token: string, ms: number) {
  await db
    .update(sessions)
    .set({ expiresAt: Date.now() + ms })
    .where(eq(sessions.id, sessionIdFromToken(token)));
}

const sameOrigin = { Origin: ORIGIN };

describe("session tokens", () => {
  it("are 160 random bits, and only their SHA-256 is stored", async () => {
    const member = await createMember();
    const { token, expiresAt } = await createSession(db, member.id);
    expect(token).toMatch(/^[a-z2-7]{32}$/); // 32 base32 characters = 160 bits
    const row = await sessionRow(token);
    expect(row!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.id).not.toContain(token);
    expect(expiresAt - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect((await db.select().from(sessions).where(eq(sessions.id, token))).length).toBe(0);
  });

  it("clean up a member's expired sessions when they sign in again", async () => {
    const member = await createMember();
    const old = await createSession(db, member.id);
    await expireIn(old.token, -1000);
    await createSession(db, member.id);
    expect(await sessionRow(old.token)).toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(1);
  });
});

describe("sliding expiry", () => {
  it("moves the expiry forward to 30 days and re-sends the cookie, on pages and on the API", async () => {
    const { token, cookie } = await signedInMember();
    for (const path of ["/library", "/api/books"]) {
      await expireIn(token, 10 * DAY_MS);
      const response = await call(path, { cookie });
      expect(response.status).toBe(200);
      const line = setCookieFor(response, "bookclub_session")!;
      expect(line).toContain(`bookclub_session=${token};`);
      expect(line).toContain("HttpOnly");
      expect(line).toContain("SameSite=Lax");
      const expires = Date.parse(line.match(/Expires=([^;]+)/)![1]!);
      expect(expires).toBeGreaterThan(Date.now() + 29 * DAY_MS);
      expect((await sessionRow(token))!.expiresAt).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    }
  });

  it("does not write or re-send anything while the session is fresh", async () => {
    const { token, cookie } = await signedInMember();
    const before = (await sessionRow(token))!.expiresAt;
    const response = await call("/library", { cookie });
    expect(setCookieFor(response, "bookclub_session")).toBeUndefined();
    expect((await sessionRow(token))!.expiresAt).toBe(before);
  });

  it("sets Secure on the cookie over https", async () => {
    const { token, cookie } = await signedInMember();
    await expireIn(token, 2 * DAY_MS);
    const response = await call("https://bookclub.example/library", { cookie });
    expect(setCookieFor(response, "bookclub_session")).toContain("Secure");
  });
});

describe("the member's area", () => {
  it("is read with the session for the server's distances, and kept out of the user that pages may show", async () => {
    const placed = await createMember();
    await db.insert(memberAreas).values({ userId: placed.id, cellLat: -5817, cellLon: 7391, place: "Test town", updatedAt: Date.now() });
    const session = await validateSessionToken(db, (await createSession(db, placed.id)).token);
    expect(session!.areaCell).toEqual({ cellLat: -5817, cellLon: 7391 });
    expect(JSON.stringify(session!.user)).not.toMatch(/cell|5817|7391/i);
    const unplaced = await createMember();
    expect((await validateSessionToken(db, (await createSession(db, unplaced.id)).token))!.areaCell).toBeNull();
  });

  it("is read again by the next request after it changes", async () => {
    const member = await signedInMember();
    const near = () => call("/api/books?near=me&limit=1", { cookie: member.cookie });
    expect((await near()).status).toBe(400);
    await db.insert(memberAreas).values({ userId: member.user.id, cellLat: -5817, cellLon: 7392, place: "Test town", updatedAt: Date.now() });
    expect((await near()).status).toBe(200);
    await db.delete(memberAreas).where(eq(memberAreas.userId, member.user.id));
    expect((await near()).status).toBe(400);
  });
});

describe("expired and malformed sessions", () => {
  it("removes an expired session and treats the request as a visitor's", async () => {
    const { token, cookie } = await signedInMember();
    await expireIn(token, -1);
    const response = await call("/profile", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/profile")}`);
    expect(await sessionRow(token)).toBeUndefined();
    // The browser is told to drop the dead cookie.
    expect(setCookieFor(response, "bookclub_session")).toContain("Max-Age=0");
  });

  it.each(["not-a-token!!", "", "A".repeat(32), "a".repeat(500), "%E0%A4%A"])("ignores the malformed cookie %j", async (value) => {
    const response = await call("/library", { cookie: `bookclub_session=${value}` });
    expect(response.status).toBe(200);
    const api = await call("/api/auth/logout", { method: "POST", cookie: `bookclub_session=${value}` });
    expect(api.status).toBe(401);
    expect(await json<Envelope>(api)).toEqual({ success: false, error: "Please sign in to continue." });
  });

  it("treats an unknown but well-formed token as a visitor", async () => {
    const response = await call("/profile", { cookie: `bookclub_session=${"a".repeat(32)}` });
    expect(response.status).toBe(302);
  });
});

describe("sign-out", () => {
  it("POST /logout deletes the session, clears the cookie and goes to the site root", async () => {
    const { token, cookie } = await signedInMember();
    const response = await postForm("/logout", {}, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const line = setCookieFor(response, "bookclub_session")!;
    expect(line).toMatch(/^bookclub_session=;/);
    expect(line).toContain("Max-Age=0");
    expect(await sessionRow(token)).toBeUndefined();
    expect((await call("/profile", { cookie })).status).toBe(302);
  });

  it("POST /logout goes to a same-site redirectTo (the session-expired handler uses /login)", async () => {
    const { cookie } = await signedInMember();
    const to = encodeURIComponent("/login?redirectTo=%2Fmy-books");
    const response = await postForm(`/logout?redirectTo=${to}`, {}, { cookie });
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmy-books");
    const offsite = await postForm(`/logout?redirectTo=${encodeURIComponent("https://evil.example")}`, {});
    expect(offsite.headers.get("Location")).toBe("/");
  });

  it("GET /logout signs nobody out", async () => {
    const { token, cookie } = await signedInMember();
    const response = await call("/logout", { cookie });
    expect(response.status).toBe(302);
    expect(await sessionRow(token)).toBeDefined();
  });

  it("POST /api/auth/logout deletes the session and clears the cookie", async () => {
    const { token, cookie } = await signedInMember();
    const response = await call("/api/auth/logout", { method: "POST", cookie, headers: sameOrigin });
    expect(response.status).toBe(200);
    expect(await json<Envelope>(response)).toEqual({ success: true, data: { signedOut: true } });
    expect(setCookieFor(response, "bookclub_session")).toContain("Max-Age=0");
    expect(await sessionRow(token)).toBeUndefined();
    expect((await call("/api/auth/logout", { method: "POST", cookie })).status).toBe(401);
  });

  it("signing out everywhere ends all of the member's sessions and no one else's (API)", async () => {
    const { user, token, cookie } = await signedInMember();
    const phone = await createSession(db, user.id);
    const tablet = await createSession(db, user.id);
    const other = await signedInMember();

    const response = await call("/api/auth/logout-all", { method: "POST", cookie, headers: sameOrigin });
    expect(response.status).toBe(200);
    expect(await json<Envelope>(response)).toEqual({ success: true, data: { signedOut: true, sessionsEnded: 3 } });
    expect(setCookieFor(response, "bookclub_session")).toContain("Max-Age=0");
    for (const t of [token, phone.token, tablet.token]) expect(await sessionRow(t)).toBeUndefined();
    expect(await sessionRow(other.token)).toBeDefined();
  });

  it("signing out everywhere works from the page too: POST /logout?everywhere=1", async () => {
    const { user, token, cookie } = await signedInMember();
    const laptop = await createSession(db, user.id);
    const response = await postForm("/logout?everywhere=1", {}, { cookie });
    expect(response.status).toBe(302);
    expect(setCookieFor(response, "bookclub_session")).toContain("Max-Age=0");
    expect(await sessionRow(token)).toBeUndefined();
    expect(await sessionRow(laptop.token)).toBeUndefined();
  });

  it("tells the device that signed out everywhere that it worked, and how many sessions ended", async () => {
    const { user, cookie } = await signedInMember();
    await createSession(db, user.id);
    const response = await postForm("/logout?everywhere=1", {}, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/library");
    const flash = setCookieFor(response, "bookclub_flash");
    expect(flash).toBeTruthy();
    const library = await call("/library", { cookie: flash!.split(";")[0] });
    expect(await library.text()).toContain("Signed out on every device: 2 sessions ended.");
  });

  it("refuses sign-out-everywhere without a session", async () => {
    const response = await call("/api/auth/logout-all", { method: "POST" });
    expect(response.status).toBe(401);
  });
});

describe("Bearer tokens", () => {
  it("authenticate API requests and never touch cookies", async () => {
    const { token } = await signedInMember();
    await expireIn(token, 2 * DAY_MS);
    const response = await call("/api/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it("are refused when unknown or malformed", async () => {
    for (const header of [`Bearer ${"b".repeat(32)}`, "Bearer !!", "Basic abc"]) {
      const response = await call("/api/auth/logout-all", { method: "POST", headers: { Authorization: header } });
      expect(response.status).toBe(401);
    }
  });

  it("give the same member as the cookie would", async () => {
    const { user, token } = await signedInMember();
    expect((await validateSessionToken(db, token))!.user.id).toBe(user.id);
    const bearerLogin = await call("/login", { headers: { Authorization: `Bearer ${token}` } });
    // A signed-in member visiting /login is sent on to the library.
    expect(bearerLogin.status).toBe(302);
    expect(bearerLogin.headers.get("Location")).toBe("/library");
    expect(sessionTokenFrom(bearerLogin)).toBeUndefined();
  });
});
