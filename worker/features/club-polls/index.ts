export { countPoll, countRankedChoice, countVotes, type PollResult, type RunoffRound } from "./poll-count";
export { tellMembersOfClosedPoll, tellMembersOfNewPoll } from "./poll-events";
export { BOOK_POLL_MAX, ballotInputSchema, POLL_MAX_OPTIONS, type PollInput, pollInputSchema, pollsQuerySchema, scheduleSlotSchema } from "./poll-rules";
export {
  castBallot,
  closePoll,
  closePollNow,
  createPoll,
  getPoll,
  listPolls,
  makeWinnerCurrent,
  type PollPage,
  type PollSummary,
  type PollView,
  runPollCloseJob,
  scheduleWinningSlot,
  type WinningBook,
  winnerOf,
} from "./polls";
export { pollsDataPart, pollsDeletionPart } from "./polls-account";
