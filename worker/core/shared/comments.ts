/** Book comments' limits and texts, shared by the server's checks and the page's form. */

/** A comment is short: a line or two under a book, not a review. */
export const COMMENT_MAX_LENGTH = 500;
export const COMMENT_TOO_LONG = `A comment can have at most ${COMMENT_MAX_LENGTH} characters.`;
export const COMMENT_REQUIRED = "Please write a comment.";
/** How many comments the book page shows at a time, newest first. */
export const COMMENTS_PAGE_SIZE = 20;
