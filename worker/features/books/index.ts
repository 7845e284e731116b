export type { BookCard } from "./book-columns";
export { type BookEdit, LEND_BLOCKED } from "./book-writes";
export { booksDataPart, booksDeletionPart } from "./books-account";
export { devMapTile } from "./dev-map-tile";
export { bookFieldsFromRecord, mirrorOrigins } from "./isbn-books";
export { findBookById, listLibraryBooks } from "./library";
