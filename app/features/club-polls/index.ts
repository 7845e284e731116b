export { ClubPollsSummary } from "./polls-summary";
