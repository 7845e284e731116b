import { env } from "cloudflare:workers";
import { generateSessionToken, sessionIdFromToken } from "../../worker/auth/session";
import { sessions } from "../../worker/db/schema";
import { createMember, db } from "../helpers/fixtures";
import { call, ORIGIN } from "../helpers/http";

/** A member whose only session expired a minute ago (the row is still there, as before cleanup). */
export async function expiredSessionMember() {
  const user = await createMember();
  const token = generateSessionToken();
  await db.insert(sessions).values({ id: sessionIdFromToken(token), userId: user.id, expiresAt: Date.now() - 60_000 });
  return { user, token, cookie: `bookclub_session=${token}` };
}

/** Headers a same-origin browser request carries, so cookie-authenticated writes pass the CSRF check. */
export const SAME_ORIGIN = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" };

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Uploads raw bytes as a profile picture. */
export function uploadPicture(token: string, bytes: Uint8Array, contentType = "image/png") {
  return call("/api/users/me/picture", {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": contentType },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

export async function storedAvatarKeys(userId?: string): Promise<string[]> {
  const listing = await env.MEDIA.list({ prefix: userId ? `avatars/${userId}/` : "avatars/" });
  return listing.objects.map((object) => object.key);
}
