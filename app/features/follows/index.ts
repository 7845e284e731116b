export { FollowButton, FollowCounts } from "./follow-button";
export { FollowLists } from "./follow-lists";
