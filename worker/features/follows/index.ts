export { noteListedBooks } from "./follow-events";
export {
  FOLLOW_BLOCKED,
  FOLLOW_NOT_FOUND,
  FOLLOW_PAGE_SIZE,
  FOLLOW_RATE_LIMITED,
  FOLLOW_SELF,
  type FollowedMember,
  type FollowPage,
  type FollowSummary,
  followListQuery,
  followMember,
  followSummary,
  followsBetween,
  listFollows,
  unfollowMember,
} from "./follows";
export { followsDataPart, followsDeletionPart } from "./follows-account";
export { NEW_BOOKS_WINDOW_MS, newBooksJob, newBooksNoticeKey, newBooksWindow, noteNewBooks, runNewBooksJob } from "./new-book-notices";
