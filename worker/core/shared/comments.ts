/** Book comments' limits and texts (catalogue texts), shared by the server's checks and the page's form. */

import { msg } from "./translate";

/** A comment is short: a line or two under a book, not a review. */
export const COMMENT_MAX_LENGTH = 500;
// The limit is written out, not a {max} value: the text is used as it is (tests compare it). Keep the two in step.
export const COMMENT_TOO_LONG = msg("A comment can have at most 500 characters.");
export const COMMENT_REQUIRED = msg("Please write a comment.");
/** How many comments the book page shows at a time, newest first. */
export const COMMENTS_PAGE_SIZE = 20;
