// Profile rules both the browser (instant feedback) and the Worker (the authority) apply.
// Imports only client-safe shared modules: this module ships to the client.

import { ACCEPTED_IMAGE_TYPES, isAcceptedImageType } from "./image-type";
import { msg } from "./translate";

export const MAX_PROFILE_PICTURE_BYTES = 5 * 1024 * 1024;
/** Profile pictures take the same formats as covers. */
export const PROFILE_PICTURE_TYPES = ACCEPTED_IMAGE_TYPES;
export const PROFILE_NAME_MAX = 100;
export const PROFILE_BIO_MAX = 1000;

// Catalogue texts: a form shows them with t(), the server writes them in the request's language.
export const NAME_REQUIRED = msg("Display Name is required");
export const NO_CHANGES = msg("No changes detected");
export const INVALID_PICTURE = msg("Please select a valid image file (JPEG, PNG, or GIF)");
export const PICTURE_TOO_LARGE = msg("File size must be less than 5MB");

/** What the browser can tell from a chosen file before uploading it (a catalogue text); the server checks the bytes. */
export function pictureFileProblem(file: { type: string; size: number }): string | null {
  if (!isAcceptedImageType(file.type)) return INVALID_PICTURE;
  if (file.size > MAX_PROFILE_PICTURE_BYTES) return PICTURE_TOO_LARGE;
  return null;
}
