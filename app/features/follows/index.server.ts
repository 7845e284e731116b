export { followIntentAction, isFollowIntent } from "./follow-intents.server";
export { followListsFor, memberFollowsFor, type FollowListsData } from "./follow-lists.server";
