/** What the profile action answers: saved (and whether a picture came with it), or refused with a message per field. */
export type ProfileActionResult = { ok: true; pictureUploaded: boolean } | { ok: false; errors: Record<string, string> };
