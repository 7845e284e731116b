export { followIntentAction, isFollowIntent } from "./follow-intents.server";
export { followListsFor, type FollowListsData } from "./follow-lists.server";
