export { BookCard } from "./book-card";
export { BookCover } from "./book-cover";
export { DueNote } from "./status-badge";
export { formatKm } from "./distance-note";
