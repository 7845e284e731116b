export { followIntentAction, isFollowIntent } from "./follow-intents.server";
export { type FollowListsData, followListsFor, memberFollowsFor } from "./follow-lists.server";
