export { BookCard } from "./book-card";
export { BookCover } from "./book-cover";
export { coverAlt } from "./cover-alt";
export { formatKm } from "./distance-note";
export { DueNote } from "./status-badge";
