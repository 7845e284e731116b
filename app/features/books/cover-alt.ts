import { msg, type Translate } from "@worker/core/shared/translate";

// By what is known: the author (1) and the description (2) of the cover.
const COVER_ALT = [
  msg("Cover of {title}"),
  msg("Cover of {title} by {author}"),
  msg("Cover of {title}: {description}"),
  msg("Cover of {title} by {author}: {description}"),
];

/**
 * A cover's alt text in the reader's language: the book and, when the cover analysis or the owner
 * described it, what it shows ("Cover of Middlemarch by George Eliot: a woman in a green dress
 * reading by a window").
 */
export function coverAlt(t: Translate, title: string, author?: string | null, description?: string | null): string {
  return t(COVER_ALT[(author ? 1 : 0) + (description ? 2 : 0)]!, { title: title || t("Untitled Book"), author, description });
}
