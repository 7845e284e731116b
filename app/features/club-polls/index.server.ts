export { loadPollsSummary, type PollsSummaryData } from "./polls.server";
