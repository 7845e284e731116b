import { env } from "cloudflare:workers";
import { generateSessionToken, sessionIdFromToken } from "@worker/core/session";
import { sessions } from "@worker/db/schema";
import { createMember, db } from "../helpers/fixtures";
import { bearer, call } from "../helpers/http";

/** A member whose only session expired a minute ago (the row is still there, as before cleanup). */
export async function expiredSessionMember() {
  const user = await createMember();
  const token = generateSessionToken();
  await db.insert(sessions).values({ id: sessionIdFromToken(token), userId: user.id, expiresAt: Date.now() - 60_000 });
  return { user, token, cookie: `bookclub_session=${token}` };
}

// Defined beside call() and api(); many tests import them from here.
export { bearer, SAME_ORIGIN } from "../helpers/http";

/** Uploads raw bytes as a profile picture. */
export function uploadPicture(token: string, bytes: Uint8Array, contentType = "image/png", options: { invalid?: boolean } = {}) {
  return call("/api/users/me/picture", {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": contentType },
    body: bytes as Uint8Array<ArrayBuffer>,
    invalid: options.invalid,
  });
}

export async function storedAvatarKeys(userId?: string): Promise<string[]> {
  const listing = await env.MEDIA.list({ prefix: userId ? `avatars/${userId}/` : "avatars/" });
  return listing.objects.map((object) => object.key);
}
