/**
 * A book is listed (library, search, clubs, the map, followers, wanted matches) only once it has a
 * title (docs/decisions/024-listed-only-with-a-title.md). Until then it is its owner's alone, hidden as
 * "untitled"; the trigger books_listed_once_titled lists it when the title arrives.
 */
export function hiddenUntilTitled(title: string | null | undefined): "untitled" | null {
  return title?.trim() ? null : "untitled";
}

export const BOOK_DETAILS = ["title", "author"] as const;
export type BookDetail = (typeof BOOK_DETAILS)[number];

/** What the owner's "Needs details" badge names: the details the book still lacks. */
export function missingDetails(book: { title: string; author: string }): BookDetail[] {
  return BOOK_DETAILS.filter((detail) => !book[detail].trim());
}

/** Whether the owner is offered "Look up again": the ISBN is known and the title is not. */
export function canLookUpAgain(book: { title: string; isbn13: string | null }): boolean {
  return Boolean(book.isbn13) && !book.title.trim();
}
