import { encodeHexLowerCase } from "@oslojs/encoding";
import { assertOwnCoverKey, coverKeyOwner, IMAGE_REFUSED, loanPhotoKeyOwner } from "@worker/core/cover-keys";
import { badRequest, conflict, forbidden, requireUser, tooLarge } from "@worker/core/errors";
import { readBodyWithLimit } from "@worker/core/http/body-limit";
import { translate } from "@worker/core/i18n/request-language";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import { ACCEPTED_IMAGE_TYPES, checkImage, IMAGE_EXTENSIONS, type ImageType } from "@worker/core/shared/image-type";
import { msg } from "@worker/core/shared/translate";
import { users } from "@worker/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { signUpload, verifyUpload } from "./upload-signing";

export { assertOwnCoverKey, coverKeyOwner, IMAGE_REFUSED };

const PUBLIC_IMAGE = "public, max-age=31536000, immutable";
/** Loan photos are the two members' (and moderators'): never kept by a shared cache. */
export const PRIVATE_IMAGE = "private, no-store";

/** The per-image limit for book covers (docs/product.md#add-books-dialog). */
export const MAX_COVER_BYTES = 10 * 1024 * 1024;

export const uploadUrlSchema = z.object({
  fileType: z.enum(ACCEPTED_IMAGE_TYPES, { error: () => translate("Supported formats are JPG, PNG and GIF") }),
  fileName: z.string().trim().min(1).max(255).optional(),
});

/** A short-lived signed URL on this Worker for one image upload to `fileKey` (a key the server chose). */
export async function signedUploadUrl(env: Env, fileKey: string, origin: string): Promise<string> {
  return `${origin}/api/uploads/${fileKey}?${await signUpload(env, fileKey)}`;
}

/** A short-lived signed URL on this Worker for one cover upload, under a key the server chooses. */
export async function createCoverUploadUrl(ctx: ServiceContext, input: z.output<typeof uploadUrlSchema>, origin: string) {
  requireUser(ctx);
  const fileKey = `covers/${ctx.user.id}/${crypto.randomUUID()}.${IMAGE_EXTENSIONS[input.fileType]}`;
  const params = await signUpload(ctx.env, fileKey);
  return {
    uploadUrl: `${origin}/api/uploads/${fileKey}?${params}`,
    fileUrl: `${origin}/media/${fileKey}`,
    fileKey,
  };
}

export const IMAGE_TRUNCATED = msg("The image is incomplete. Please try uploading it again.");
export const COVER_TOO_LARGE = msg("Images must be 10MB or smaller.");
export const UPLOAD_LINK_USED = msg("This upload link has already been used. Please upload the image again.");

/**
 * A cover sent with a page's form (Add a book, Edit Book): checked by its bytes like a signed upload
 * (10 MB, JPEG/PNG/GIF) and stored under a fresh key of the member's, which the caller then gives
 * the book (createBook/updateBook check it again like any uploaded cover).
 */
export function saveCoverImage(ctx: ServiceContext, bytes: Uint8Array): Promise<string> {
  return saveImage(ctx, "covers", bytes);
}

/**
 * An image sent with a page's form, checked as a signed upload is (10 MB, JPEG/PNG/GIF by its bytes)
 * and stored under a fresh key of the member's in `folder` ("loan-photos" are private).
 */
export async function saveImage(ctx: ServiceContext, folder: "covers" | "loan-photos", bytes: Uint8Array): Promise<string> {
  requireUser(ctx);
  if (bytes.byteLength > MAX_COVER_BYTES) throw tooLarge(COVER_TOO_LARGE);
  const image = checkImage(bytes);
  if (!image.ok) throw badRequest(image.reason === "truncated" ? IMAGE_TRUNCATED : IMAGE_REFUSED);
  const key = `${folder}/${ctx.user.id}/${crypto.randomUUID()}.${IMAGE_EXTENSIONS[image.type]}`;
  const cacheControl = folder === "covers" ? PUBLIC_IMAGE : PRIVATE_IMAGE;
  await ctx.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: image.type, cacheControl } });
  return key;
}

/**
 * Checks a signed cover upload and stores it in R2; anything refused stores nothing, and so does a
 * link whose member has since been suspended or deleted. Each link
 * stores one image: covers are served `immutable`, so a key is written only if it does not exist
 * yet (R2 checks that atomically). Sending the same bytes again (a retry whose answer was lost)
 * succeeds without writing; different bytes are refused with 409.
 */
export async function storeCoverUpload(
  { db, env }: Deps,
  request: { key: string; expires?: string; sig?: string; contentLength: number | null; body: ReadableStream<Uint8Array> | null },
): Promise<{ fileKey: string; contentType: ImageType; size: number }> {
  const check = await verifyUpload(env, request.key, request);
  const loanPhoto = loanPhotoKeyOwner(request.key);
  const owner = coverKeyOwner(request.key) ?? loanPhoto;
  if (check !== "valid" || !owner) {
    throw forbidden(check === "expired" ? "This upload link has expired. Please try again." : "This upload link is not valid.");
  }
  // A link handed out before its member was suspended or deleted must not store anything under /media.
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, owner), isNull(users.suspendedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!member) throw forbidden("This upload link is not valid.");
  if (request.contentLength !== null && request.contentLength > MAX_COVER_BYTES) throw tooLarge(COVER_TOO_LARGE);
  const bytes = await readBodyWithLimit(request.body, MAX_COVER_BYTES, () => tooLarge(COVER_TOO_LARGE));
  const image = checkImage(bytes);
  if (!image.ok) throw badRequest(image.reason === "truncated" ? IMAGE_TRUNCATED : IMAGE_REFUSED);
  const sha256 = encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
  const stored = await env.MEDIA.put(request.key, bytes, {
    onlyIf: { etagDoesNotMatch: "*" },
    sha256,
    httpMetadata: { contentType: image.type, cacheControl: loanPhoto ? PRIVATE_IMAGE : PUBLIC_IMAGE },
  });
  if (!stored) {
    // The key is taken: only a repeat of the very same bytes is accepted, and it writes nothing.
    const existing = await env.MEDIA.head(request.key);
    if (existing?.checksums.toJSON().sha256 !== sha256) throw conflict(UPLOAD_LINK_USED);
  }
  return { fileKey: request.key, contentType: image.type, size: bytes.byteLength };
}
