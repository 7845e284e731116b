// The club reading's limits as plain numbers: the admin page's form uses
// them, so the browser imports this file alone, without the schemas and the server's translator
// (reading-rules.ts).

export const MILESTONES_MAX = 30;
export const MILESTONE_LABEL_MAX = 120;
export const CLUB_BOOK_TITLE_MAX = 300;
export const CLUB_BOOK_AUTHOR_MAX = 200;
export const SHELF_PAGE_SIZE = 20;
export const COPIES_PAGE_SIZE = 20;
/** Names shown per milestone: the rest of those who share still count. */
export const SHARED_NAMES_MAX = 20;
