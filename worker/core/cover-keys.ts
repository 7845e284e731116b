import { badRequest, forbidden } from "./errors";
import type { MemberContext } from "./service-context";
import { IMAGE_EXTENSION_PATTERN } from "./shared/image-type";
import { msg } from "./shared/translate";

// Cover keys are chosen by the server when it signs an upload (books) and read back by whoever is
// handed one (a new book, a cover analysis): both sides check them here.
const COVER_KEY = new RegExp(`^covers/([A-Za-z0-9_-]{1,64})/[A-Za-z0-9-]{36}\\.(${IMAGE_EXTENSION_PATTERN})$`);

// Photos of a lent book's condition (loans): the same signed upload, under a prefix /media never serves.
const LOAN_PHOTO_KEY = new RegExp(`^loan-photos/([A-Za-z0-9_-]{1,64})/[A-Za-z0-9-]{36}\\.(${IMAGE_EXTENSION_PATTERN})$`);

/** The member who uploaded a loan photo, from its key, or null when the key is not a loan photo's. */
export function loanPhotoKeyOwner(key: string): string | null {
  return LOAN_PHOTO_KEY.exec(key)?.[1] ?? null;
}

export const IMAGE_REFUSED = msg("The file is not a valid JPEG, PNG or GIF image.");

/** The owner encoded in a cover key, or null when the key is not one of ours. */
export function coverKeyOwner(key: string): string | null {
  return COVER_KEY.exec(key)?.[1] ?? null;
}

export function assertOwnCoverKey(ctx: MemberContext, key: string) {
  const owner = coverKeyOwner(key);
  if (!owner) throw badRequest("s3Key is not a valid cover key");
  if (owner !== ctx.user.id) throw forbidden("You can only use images you uploaded yourself.");
}
