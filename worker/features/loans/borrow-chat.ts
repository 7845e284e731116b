export const OWN_BOOK = "This is your own book.";
export const MEMBERS_ONLY_BOOK = "Only members of this book's club can borrow it.";
export const BORROW_INTENT = "borrow_intent";

/** The message the borrow flow sends the owner (docs/product.md#borrow-from-the-owner). */
export const borrowRequestText = (title: string) => `Hi! I'm interested in borrowing "${title}". Is it available?`;
