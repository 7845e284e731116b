import { tooLarge } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { COVER_TOO_LARGE, MAX_COVER_BYTES, saveCoverImage } from "@worker/features/books/uploads";
import { readFormData } from "~/core/form-data.server";

// Room for the text fields and multipart framing next to a cover of the maximum size.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Add a book's and Edit Book's form, which may carry a cover picture (10 MB, 413 past that). */
export function readBookForm(request: Request): Promise<FormData> {
  return readFormData(request, MAX_COVER_BYTES + FORM_OVERHEAD_BYTES, COVER_TOO_LARGE);
}

/**
 * Stores the form's cover picture, if one was chosen, and returns its key for the book (browsers send
 * an empty file part when none was). Refused like a signed upload: 413 over 10 MB, 400 not an image.
 */
export async function coverFromForm(ctx: ServiceContext, form: FormData): Promise<string | undefined> {
  const cover = form.get("cover");
  if (!(cover instanceof File) || (cover.size === 0 && !cover.name)) return undefined;
  if (cover.size > MAX_COVER_BYTES) throw tooLarge(COVER_TOO_LARGE);
  return saveCoverImage(ctx, new Uint8Array(await cover.arrayBuffer()));
}

/** A stored cover the book did not take (the rest of the form was refused): not left behind in R2. */
export async function dropUnusedCover(ctx: ServiceContext, key: string | undefined) {
  if (key) await ctx.env.MEDIA.delete(key);
}
