import { env } from "cloudflare:workers";
import { sessionIdFromToken } from "@worker/core/session";
import { sessions } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { JPEG_1PX } from "../helpers/images";

const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => vi.restoreAllMocks());

async function sessionExpiry(token: string) {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionIdFromToken(token)));
  return row?.expiresAt;
}

/** A member whose session is due for renewal: any session lookup would move its expiry in D1. */
async function memberDueForRenewal() {
  const member = await signedInMember();
  const expiresAt = Date.now() + 10 * DAY_MS;
  await db
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.id, sessionIdFromToken(member.token)));
  return { ...member, expiresAt };
}

async function storedCover(userId: string) {
  const key = `covers/${userId}/${crypto.randomUUID()}.jpg`;
  await env.MEDIA.put(key, JPEG_1PX, { httpMetadata: { contentType: "image/jpeg" } });
  return `/media/${key}`;
}

describe("/media with a session cookie", () => {
  it("serves the cover without looking the session up", async () => {
    const member = await memberDueForRenewal();
    const url = await storedCover(member.user.id);

    // Pass-through spies on the real binding: a session lookup would have to go through one of them.
    const withSession = vi.spyOn(env.DB, "withSession");
    const prepare = vi.spyOn(env.DB, "prepare");
    const response = await call(url, { cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(withSession).not.toHaveBeenCalled();
    expect(prepare).not.toHaveBeenCalled();
    vi.restoreAllMocks();

    // The row is untouched, whereas a page request with the same cookie renews it: so the lookup
    // really was skipped for /media, not merely kept out of the response.
    expect(await sessionExpiry(member.token)).toBe(member.expiresAt);
    await call("/api/books", { cookie: member.cookie });
    expect(await sessionExpiry(member.token)).toBeGreaterThan(member.expiresAt);
  });

  it("answers conditional and HEAD requests without D1 too", async () => {
    const member = await memberDueForRenewal();
    const url = await storedCover(member.user.id);
    const etag = (await call(url)).headers.get("ETag")!;

    const withSession = vi.spyOn(env.DB, "withSession");
    expect((await call(url, { cookie: member.cookie, headers: { "If-None-Match": etag } })).status).toBe(304);
    expect((await call(url, { cookie: member.cookie, method: "HEAD" })).status).toBe(200);
    expect((await call(`/media/covers/${member.user.id}/missing.jpg`, { cookie: member.cookie })).status).toBe(404);
    expect(withSession).not.toHaveBeenCalled();
    expect(await sessionExpiry(member.token)).toBe(member.expiresAt);
  });

  it("refuses other methods with 405, still without a session lookup", async () => {
    const member = await memberDueForRenewal();
    const url = await storedCover(member.user.id);
    const withSession = vi.spyOn(env.DB, "withSession");
    const response = await call(url, { method: "POST", cookie: member.cookie, body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(withSession).not.toHaveBeenCalled();
    expect(await sessionExpiry(member.token)).toBe(member.expiresAt);
  });
});
