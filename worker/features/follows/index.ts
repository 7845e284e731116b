export { followsDataPart, followsDeletionPart } from "./follows-account";
export {
  FOLLOW_BLOCKED,
  FOLLOW_NOT_FOUND,
  FOLLOW_PAGE_SIZE,
  FOLLOW_RATE_LIMITED,
  FOLLOW_SELF,
  followListQuery,
  followMember,
  followSummary,
  followsBetween,
  listFollows,
  unfollowMember,
  type FollowedMember,
  type FollowPage,
  type FollowSummary,
} from "./follows";
export { NEW_BOOKS_WINDOW_MS, newBooksJob, newBooksNoticeKey, newBooksWindow, noteNewBooks, runNewBooksJob } from "./new-book-notices";
export { noteListedBooks } from "./follow-events";
