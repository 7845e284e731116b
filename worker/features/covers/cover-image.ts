import { checkImage } from "@worker/core/shared/image-type";
import { msg } from "@worker/core/shared/translate";
import { asClassified, PermanentError } from "./errors";
import type { CoverImage } from "./providers/types";

export const IMAGE_MISSING_MESSAGE = msg("We couldn't find the cover image. Please add the title and author.");
export const NOT_AN_IMAGE_MESSAGE = msg("This file doesn't look like a cover image. Please add the title and author.");

/** The uploaded cover from R2, checked by its bytes. A missing or broken file is permanent. */
export async function loadCoverImage(bucket: R2Bucket, key: string): Promise<CoverImage> {
  let object: R2ObjectBody | null;
  let bytes: Uint8Array;
  try {
    object = await bucket.get(key);
    bytes = object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array();
  } catch (error) {
    throw asClassified(error, "Reading the cover from R2");
  }
  if (!object) throw new PermanentError(`No object in MEDIA for ${key}`, IMAGE_MISSING_MESSAGE);
  const check = checkImage(bytes);
  if (!check.ok) throw new PermanentError(`The cover ${key} is ${check.reason}`, NOT_AN_IMAGE_MESSAGE);
  return { bytes, type: check.type };
}
