import { badField, badRequest, forbidden, requireUser, tooLarge } from "@worker/core/errors";
import { readBodyWithLimit } from "@worker/core/http/body-limit";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { checkImage, IMAGE_EXTENSION_PATTERN, IMAGE_EXTENSIONS } from "@worker/core/shared/image-type";
import { mediaUrl } from "@worker/core/shared/media-url";
import { INVALID_PICTURE, MAX_PROFILE_PICTURE_BYTES, PICTURE_TOO_LARGE } from "@worker/core/shared/profile";
import { users } from "@worker/db/schema";
import { eq } from "drizzle-orm";

const AVATAR_KEY = new RegExp(`^avatars/([A-Za-z0-9_-]{1,64})/[0-9a-f-]{36}\\.(${IMAGE_EXTENSION_PATTERN})$`);
const avatarPrefix = (userId: string) => `avatars/${userId}/`;
/** The API's field name, written before its refusals ("profilePicture: …"). */
const PICTURE_FIELD = "profilePicture";

/**
 * Turns what a client sends as profilePicture (the `/media/...` URL we returned, an absolute URL
 * to it, or the bare key) into the caller's own R2 key. Other members' pictures are refused.
 */
export async function resolveOwnAvatarKey(ctx: MemberContext, value: string): Promise<string> {
  const key = keyFromPictureValue(value);
  const owner = key && AVATAR_KEY.exec(key)?.[1];
  if (!key || !owner) throw badField(PICTURE_FIELD, "not a picture uploaded to this site");
  if (owner !== ctx.user.id) throw forbidden("You can only use pictures you uploaded yourself.");
  if (!(await ctx.env.MEDIA.head(key))) throw badField(PICTURE_FIELD, "upload the picture first");
  return key;
}

function keyFromPictureValue(value: string): string | null {
  try {
    const path = /^https?:\/\//i.test(value) ? new URL(value).pathname : value;
    return decodeURIComponent(path.replace(/^\/media\//, ""));
  } catch {
    return null; // not a URL, or broken percent-encoding
  }
}

/**
 * Checks a picture by its bytes and stores it under a fresh key. It does not change the profile:
 * the caller saves the returned URL (PUT /api/users/me) or the page's action does both at once.
 */
export async function saveProfilePicture(ctx: ServiceContext, bytes: Uint8Array) {
  requireUser(ctx);
  if (bytes.byteLength > MAX_PROFILE_PICTURE_BYTES) throw tooLarge(PICTURE_TOO_LARGE);
  // Truncated files are refused too: a half-uploaded picture is not a valid image.
  const image = checkImage(bytes);
  if (!image.ok) throw badRequest(INVALID_PICTURE);

  const key = `${avatarPrefix(ctx.user.id)}${crypto.randomUUID()}.${IMAGE_EXTENSIONS[image.type]}`;
  await ctx.env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: image.type, cacheControl: "public, max-age=31536000, immutable" },
  });
  // Uploads that were never saved to the profile would otherwise pile up; keep the current one.
  const [current] = await ctx.db.select({ picture: users.picture }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  await pruneAvatars(ctx.env, ctx.user.id, [key, current?.picture ?? null]);
  return { key, profilePicture: mediaUrl(key)! };
}

/** Reads an uploaded body, refusing more than 5 MB without buffering the rest. */
export async function readProfilePictureBody(body: ReadableStream<Uint8Array> | null, contentLength: number | null) {
  if (contentLength !== null && contentLength > MAX_PROFILE_PICTURE_BYTES) throw tooLarge(PICTURE_TOO_LARGE);
  return readBodyWithLimit(body, MAX_PROFILE_PICTURE_BYTES, () => tooLarge(PICTURE_TOO_LARGE));
}

/** Deletes the member's stored pictures except the ones listed (e.g. the old one after a replace). */
export async function pruneAvatars(env: Env, userId: string, keep: (string | null)[]) {
  const listing = await env.MEDIA.list({ prefix: avatarPrefix(userId), limit: 1000 });
  const stale = listing.objects.map((object) => object.key).filter((key) => !keep.includes(key));
  if (stale.length > 0) await env.MEDIA.delete(stale);
}
