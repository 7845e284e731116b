import { translate } from "@worker/core/i18n/request-language";
import { coverAlt } from "./cover-alt";

/** A card's cover alt text, written by the loader: the cards' first-load script carries no wording of it. */
export function withCoverAltText<Book extends { title: string; author: string; coverAlt: string | null }>(book: Book): Book & { coverAltText: string } {
  return { ...book, coverAltText: coverAlt(translate, book.title, book.author, book.coverAlt) };
}
