import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCookieFor } from "../auth/support";
import { signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json, ORIGIN } from "../helpers/http";
import { JPEG_1PX } from "../helpers/images";

// The Worker under test shares this isolate's env, so a pass-through spy on the real D1 binding shows
// which constraint or bookmark each request's session starts from; every query still runs on local D1.
const BOOKMARK_COOKIE = "bookclub_d1_bookmark";
const BOOKMARK_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

function bookmarkFrom(response: Response): string | undefined {
  return setCookieFor(response, BOOKMARK_COOKIE)?.match(/^bookclub_d1_bookmark=([^;]*)/)?.[1];
}

function putBio(cookie: string, bio: string, url = "/api/users/me") {
  return call(url, { method: "PUT", cookie, headers: { Origin: new URL(url, ORIGIN).origin }, json: { bio } });
}

afterEach(() => vi.restoreAllMocks());

describe("a write", () => {
  it("starts at the primary and sends the new bookmark back in a short-lived HttpOnly cookie", async () => {
    const member = await signedInMember();
    const withSession = vi.spyOn(env.DB, "withSession");
    const response = await putBio(member.cookie, "Reads on the night bus");
    expect(response.status).toBe(200);
    expect(withSession.mock.calls).toEqual([["first-primary"]]);

    const line = setCookieFor(response, BOOKMARK_COOKIE)!;
    expect(bookmarkFrom(response)).toMatch(BOOKMARK_SHAPE);
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).toContain("Path=/");
    expect(Number(line.match(/Max-Age=(\d+)/)![1])).toBeLessThanOrEqual(600);
    expect(line).not.toContain("Secure");
  });

  it("marks the cookie Secure over https", async () => {
    const member = await signedInMember();
    const response = await putBio(member.cookie, "Secure reader", "https://bookclub.example/api/users/me");
    expect(response.status).toBe(200);
    expect(setCookieFor(response, BOOKMARK_COOKIE)).toContain("Secure");
  });
});

describe("an API client with a Bearer token", () => {
  it("still gets its own session per request, but never a cookie", async () => {
    const member = await signedInMember();
    const withSession = vi.spyOn(env.DB, "withSession");
    const response = await call("/api/users/me", {
      method: "PUT",
      headers: { Authorization: `Bearer ${member.token}` },
      json: { bio: "Written by a script" },
    });
    expect(response.status).toBe(200);
    expect(withSession.mock.calls).toEqual([["first-primary"]]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("a read after a write", () => {
  it("continues the session from the cookie's bookmark and sees the write", async () => {
    const member = await signedInMember();
    const bookmark = bookmarkFrom(await putBio(member.cookie, "Written a moment ago"))!;

    const withSession = vi.spyOn(env.DB, "withSession");
    const response = await call("/api/users/me", { cookie: `${member.cookie}; ${BOOKMARK_COOKIE}=${bookmark}` });
    expect(withSession.mock.calls).toEqual([[bookmark]]);
    expect((await json<Envelope<{ bio: string }>>(response)).data!.bio).toBe("Written a moment ago");
    // Bookmarks sort oldest to newest; a session never hands back one older than it started from.
    const next = bookmarkFrom(response) ?? bookmark;
    expect(next >= bookmark).toBe(true);
  });

  it("on a page, too: React Router's raw response gets the cookie, and a read starts anywhere", async () => {
    const withSession = vi.spyOn(env.DB, "withSession");
    const response = await call("/library");
    expect(response.status).toBe(200);
    expect(withSession.mock.calls).toEqual([["first-unconstrained"]]);
    expect(bookmarkFrom(response)).toMatch(BOOKMARK_SHAPE);
  });
});

describe("a malformed bookmark cookie", () => {
  it.each([
    ["garbage", "not-a-bookmark"],
    ["a constraint smuggled in", "first-primary"],
    ["an over-long value", `00000000-${"a".repeat(300)}`],
  ])("is ignored (%s): the request works and gets a fresh bookmark", async (_label, value) => {
    const member = await signedInMember();
    const withSession = vi.spyOn(env.DB, "withSession");

    const read = await call("/api/users/me", { cookie: `${member.cookie}; ${BOOKMARK_COOKIE}=${value}` });
    expect(read.status).toBe(200);
    expect(withSession.mock.calls.at(-1)).toEqual(["first-unconstrained"]);
    expect(bookmarkFrom(read)).toMatch(BOOKMARK_SHAPE);

    const write = await putBio(`${member.cookie}; ${BOOKMARK_COOKIE}=${value}`, "Still works");
    expect(write.status).toBe(200);
    expect(withSession.mock.calls.at(-1)).toEqual(["first-primary"]);
  });
});

describe("media", () => {
  it("never carries a Set-Cookie, whatever cookies the request brought", async () => {
    const member = await signedInMember();
    const key = `covers/${member.user.id}/bookmark-test.jpg`;
    await env.MEDIA.put(key, JPEG_1PX, { httpMetadata: { contentType: "image/jpeg" } });

    const response = await call(`/media/${key}`, { cookie: `${member.cookie}; ${BOOKMARK_COOKIE}=not-a-bookmark` });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("public");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
