export { BookCard } from "./book-card";
export { BookCover } from "./book-cover";
export { coverAlt } from "./cover-alt";
export { DueNote } from "./status-badge";
