import { VIEWER_COOKIE, VIEWER_HEADER, VISITOR } from "@worker/core/shared/offline";
import { sessions } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { db, signedInMember } from "../helpers/fixtures";
import { call, ORIGIN } from "../helpers/http";

/** The Set-Cookie a response sends for `name`, or undefined. */
const setCookie = (response: Response, name: string) => response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
const expiresOf = (cookie: string | undefined) => Date.parse(cookie?.match(/Expires=([^;]+)/i)?.[1] ?? "");

// The service worker keeps saved pages for one viewer at a time; it learns who that is from here.
describe("pages say whom they were rendered for", () => {
  it("names the visitor on a public page and its route data", async () => {
    for (const path of ["/library", "/library.data"]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get(VIEWER_HEADER), path).toBe(VISITOR);
    }
  });

  it("names the member on their own pages, and on a redirect", async () => {
    const member = await signedInMember();
    for (const path of ["/my-books", "/my-books.data", "/profile"]) {
      const response = await call(path, { cookie: member.cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get(VIEWER_HEADER), path).toBe(member.user.id);
    }
    // A visitor sent to sign in: still a visitor's answer, which empties a member's saved pages.
    const redirect = await call("/my-books");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get(VIEWER_HEADER)).toBe(VISITOR);
  });
});

// Offline the service worker cannot ask the server who is signed in: the viewer cookie tells it, and
// it must not outlive the session (expiry, sign-out, a session ended elsewhere).
describe("the viewer cookie the service worker reads", () => {
  it("names the member, is readable by scripts, and expires with the session", async () => {
    const member = await signedInMember();
    const response = await call("/my-books", { cookie: member.cookie });
    const cookie = setCookie(response, VIEWER_COOKIE);
    expect(cookie).toMatch(new RegExp(`^${VIEWER_COOKIE}=${member.user.id};`));
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const [session] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, member.user.id));
    expect(Math.abs(expiresOf(cookie) - (session?.expiresAt ?? 0))).toBeLessThan(1_000);
    // Already right: not sent again on every answer.
    const again = await call("/my-books", { cookie: `${member.cookie}; ${VIEWER_COOKIE}=${member.user.id}` });
    expect(setCookie(again, VIEWER_COOKIE)).toBeUndefined();
  });

  it("is cleared once the session is gone: ended elsewhere, or its cookie expired", async () => {
    const member = await signedInMember();
    await db.delete(sessions).where(eq(sessions.userId, member.user.id));
    const ended = await call("/library", { cookie: `${member.cookie}; ${VIEWER_COOKIE}=${member.user.id}` });
    expect(setCookie(ended, VIEWER_COOKIE)).toMatch(/Max-Age=0/i);
    const expired = await call("/library", { cookie: `${VIEWER_COOKIE}=${member.user.id}` });
    expect(setCookie(expired, VIEWER_COOKIE)).toMatch(/Max-Age=0/i);
  });

  it("is cleared when the member signs out, and names the next member only once they are signed in", async () => {
    const member = await signedInMember();
    const signedOut = await call("/logout", { method: "POST", headers: SAME_ORIGIN, cookie: `${member.cookie}; ${VIEWER_COOKIE}=${member.user.id}` });
    expect(signedOut.status).toBe(302);
    expect(setCookie(signedOut, VIEWER_COOKIE)).toMatch(/Max-Age=0/i);
    const next = await signedInMember();
    const response = await call("/profile", { cookie: `${next.cookie}; ${VIEWER_COOKIE}=${member.user.id}` });
    expect(setCookie(response, VIEWER_COOKIE)).toMatch(new RegExp(`^${VIEWER_COOKIE}=${next.user.id};`));
  });
});

describe("the share target without a service worker", () => {
  it("reads nothing and sends the browser to the page that explains", async () => {
    const form = new FormData();
    form.append("covers", new File([new Uint8Array([0xff, 0xd8, 0xff])], "a.jpg", { type: "image/jpeg" }));
    const response = await call("/share-target", { method: "POST", body: form });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/share-target");
    const page = await call("/share-target");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("This browser can&#x27;t receive shared photos, so nothing was uploaded.");
  });

  const share = (headers: Record<string, string>) => {
    const form = new FormData();
    form.append("covers", new File([new Uint8Array([0xff, 0xd8, 0xff])], "a.jpg", { type: "image/jpeg" }));
    return call("/share-target", { method: "POST", body: form, headers });
  };

  it("refuses another site's POST with 403: cross-site, same-site but another origin, or a foreign Origin", async () => {
    const foreign: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      // A page that hides its origin (no-referrer) still cannot hide the site it is on from the browser.
      { "Sec-Fetch-Site": "cross-site", Origin: "null" },
      { "Sec-Fetch-Site": "same-site", Origin: "https://other.localhost" },
      { Origin: "https://evil.example" },
    ];
    for (const headers of foreign) {
      const response = await share(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toBe("403 Forbidden: Cross-site request refused.");
    }
  });

  it("takes the browser's own share (from the share sheet) and a POST from its own pages", async () => {
    const own: Record<string, string>[] = [
      { "Sec-Fetch-Site": "none", Origin: "null" },
      { "Sec-Fetch-Site": "none" },
      { "Sec-Fetch-Site": "same-origin", Origin: ORIGIN },
    ];
    for (const headers of own) {
      const response = await share(headers);
      expect(response.status, JSON.stringify(headers)).toBe(303);
      expect(response.headers.get("Location")).toBe("/share-target");
    }
  });
});
