// The poll's limits as plain numbers: the "New poll" form shows them, so the
// browser imports this file alone, without the schemas and the server's translator (poll-rules.ts).

export const POLL_MAX_OPTIONS = 20;
export const BOOK_POLL_MIN = 2;
export const BOOK_POLL_MAX = 10;
export const QUESTION_MAX = 200;
export const OPTION_LABEL_MAX = 200;
/** A poll closes within a year: far enough for any club, near enough that its alarm means something. */
export const POLL_MAX_AHEAD_MS = 366 * 24 * 3600_000;
export const POLLS_PAGE_SIZE = 20;
