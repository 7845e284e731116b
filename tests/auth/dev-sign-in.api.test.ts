import { env } from "cloudflare:workers";
import { readConfig } from "@worker/core/config";
import { validateSessionToken } from "@worker/core/session";
import { users } from "@worker/db/schema";
import { devSignInAllowed } from "@worker/features/auth/dev-sign-in";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { clientAddress, pageText, postForm, sessionTokenFrom, setCookieFor, startOfRateLimitWindow } from "./support";

async function signedInUserId(response: Response) {
  const token = sessionTokenFrom(response);
  return token ? ((await validateSessionToken(db, token))?.user.id ?? null) : null;
}

describe("local sign-in on localhost with DEV_SIGN_IN", () => {
  it("lists the demo members by name with their e-mail, and nobody else", async () => {
    const demo = await createMember({ name: "Zelda Demo", email: "zelda.demo@example.com", isDemo: true });
    await createMember({ name: "Private Person", email: "private.person@example.com" });
    const html = await (await call("/login")).text();
    const group = html.match(/<fieldset aria-label="Sign in as a demo member"[\s\S]*?<\/fieldset>/)?.[0];
    expect(group).toBeDefined();
    expect(pageText(group!)).toContain("Zelda Demo zelda.demo@example.com");
    expect(group).toContain(`value="${demo.id}"`);
    expect(html).not.toContain("Private Person");
    expect(pageText(html)).toContain("Sign in as new member");
  });

  it("signs in as a demo member and returns to the page the visitor came from", async () => {
    const demo = await createMember({ name: "Yusuf Demo", isDemo: true });
    const response = await postForm("/login?redirectTo=%2Fprofile", { intent: "demo", userId: demo.id, redirectTo: "/profile" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(setCookieFor(response, "bookclub_session")).toMatch(/HttpOnly; SameSite=Lax$/);
    expect(await signedInUserId(response)).toBe(demo.id);
  });

  it("goes to the library when the way back is missing, off-site or a sign-in page", async () => {
    const demo = await createMember({ isDemo: true });
    for (const redirectTo of ["", "https://evil.example/x", "//evil.example", "/\\evil.example", "/\t/evil.example", "/login", "/auth/callback?code=1"]) {
      const response = await postForm("/login", { intent: "demo", userId: demo.id, redirectTo });
      expect(response.headers.get("Location"), redirectTo).toBe("/library");
    }
  });

  it("refuses a member who is not a demo member", async () => {
    const someone = await createMember();
    const response = await postForm("/login", { intent: "demo", userId: someone.id });
    expect(response.status).toBe(404);
    expect(pageText(await response.text())).toContain("That demo member no longer exists. Please pick another.");
    expect(sessionTokenFrom(response)).toBeUndefined();
  });

  it("creates a new member by name and e-mail, and finds them again by e-mail next time", async () => {
    const email = `new-local-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const first = await postForm("/login", { intent: "new", name: "  Nia Local  ", email: email.toUpperCase(), redirectTo: "/my-books" });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/my-books");
    const [member] = await db.select().from(users).where(eq(users.email, email));
    expect(member).toMatchObject({ name: "Nia Local", isDemo: false, googleSub: null });
    expect(await signedInUserId(first)).toBe(member!.id);

    const again = await postForm("/login", { intent: "new", name: "Someone Else", email });
    expect(await signedInUserId(again)).toBe(member!.id);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("starts a new member in the browser's zone (the sign-in page's cookie), and ignores a zone that is not one", async () => {
    const lisbon = `lisbon-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await postForm("/login", { intent: "new", name: "Lia Lisbon", email: lisbon }, { cookie: "bookclub_tz=Europe%2FLisbon" });
    const [member] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.email, lisbon));
    expect(member!.timezone).toBe("Europe/Lisbon");

    const mars = `mars-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await postForm("/login", { intent: "new", name: "Max Mars", email: mars }, { cookie: "bookclub_tz=Mars%2FOlympus_Mons" });
    const [other] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.email, mars));
    expect(other!.timezone).toBe("UTC");

    // An existing member keeps the zone they chose, whatever device they sign in from.
    await postForm("/login", { intent: "new", name: "Lia Lisbon", email: lisbon }, { cookie: "bookclub_tz=Asia%2FTokyo" });
    const [again] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.email, lisbon));
    expect(again!.timezone).toBe("Europe/Lisbon");
  });

  it("explains what is wrong with the new-member form", async () => {
    const noEmail = await postForm("/login", { intent: "new", name: "Nia", email: "not-an-email" });
    expect(noEmail.status).toBe(400);
    expect(pageText(await noEmail.text())).toContain("Please enter a valid email address");
    const noName = await postForm("/login", { intent: "new", name: "  ", email: "ok@example.com" });
    expect(noName.status).toBe(400);
    expect(pageText(await noName.text())).toContain("Please enter a name");
    const unknownIntent = await postForm("/login", { intent: "admin" });
    expect(unknownIntent.status).toBe(400);
  });

  it("ends the session the browser already had when someone signs in on it", async () => {
    const demo = await createMember({ isDemo: true });
    const first = await postForm("/login", { intent: "demo", userId: demo.id });
    const oldToken = sessionTokenFrom(first)!;
    const second = await postForm("/login", { intent: "demo", userId: demo.id }, { cookie: `bookclub_session=${oldToken}` });
    expect(await signedInUserId(second)).toBe(demo.id);
    expect(await validateSessionToken(db, oldToken)).toBeNull();
  });

  it("works on 127.0.0.1 too", async () => {
    const demo = await createMember({ isDemo: true });
    const response = await postForm("http://127.0.0.1:5173/login", { intent: "demo", userId: demo.id });
    expect(response.status).toBe(302);
    expect(await signedInUserId(response)).toBe(demo.id);
  });

  it("sends an already signed-in member on from /login", async () => {
    const demo = await createMember({ isDemo: true });
    const signIn = await postForm("/login", { intent: "demo", userId: demo.id });
    const cookie = `bookclub_session=${sessionTokenFrom(signIn)}`;
    const response = await call("/login?redirectTo=%2Fclubs", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/clubs");
  });
});

describe("local sign-in anywhere else", () => {
  it("is neither offered nor accepted on another host (a deployed Worker)", async () => {
    const demo = await createMember({ name: "Xavier Demo", isDemo: true });
    const page = await call("https://bookclub.example/login");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("Sign in as a demo member");
    expect(html).not.toContain("Xavier Demo");

    // A forged POST (same-origin, so CSRF does not stop it) is refused by the server-side guard.
    const forged = await postForm("https://bookclub.example/login", { intent: "demo", userId: demo.id });
    expect(forged.status).toBe(404);
    expect(sessionTokenFrom(forged)).toBeUndefined();
    const forgedNew = await postForm("https://bookclub.example/login", { intent: "new", name: "Eve", email: "eve@example.com" });
    expect(forgedNew.status).toBe(404);
    expect(await db.select().from(users).where(eq(users.email, "eve@example.com"))).toHaveLength(0);
  });

  it("needs DEV_SIGN_IN=true as well as a loopback host", () => {
    const config = readConfig(env);
    expect(devSignInAllowed(config, new URL("http://localhost:5173/login"))).toBe(true);
    expect(devSignInAllowed(config, new URL("http://[::1]:5173/login"))).toBe(true);
    expect(devSignInAllowed({ ...config, DEV_SIGN_IN: false }, new URL("http://localhost:5173/login"))).toBe(false);
    expect(devSignInAllowed(config, new URL("https://bookclub.example/login"))).toBe(false);
    expect(devSignInAllowed(config, new URL("http://localhost.evil.example/login"))).toBe(false);
  });
});

describe("sign-in rate limiting", () => {
  it("answers 429 after 20 attempts a minute from one address, and only for that address", { timeout: 30_000 }, async () => {
    const demo = await createMember({ isDemo: true });
    await startOfRateLimitWindow();
    const ip = clientAddress();
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await postForm("/login", { intent: "demo", userId: demo.id }, { ip });
      expect(response.status, `attempt ${attempt}`).toBe(302);
    }
    const limited = await postForm("/login", { intent: "demo", userId: demo.id }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(pageText(await limited.text())).toContain("Too many sign-in attempts. Please wait a minute and try again.");
    expect(sessionTokenFrom(limited)).toBeUndefined();

    // Starting Google sign-in from the same address is limited too, with a page of its own.
    const google = await postForm("/auth/google", {}, { ip });
    expect(google.status).toBe(429);
    expect(pageText(await google.text())).toContain("Too many sign-in attempts. Please wait a minute and try again.");

    const elsewhere = await postForm("/login", { intent: "demo", userId: demo.id }, { ip: clientAddress() });
    expect(elsewhere.status).toBe(302);
  });
});
