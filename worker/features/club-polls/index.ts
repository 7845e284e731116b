export { countPoll, countRankedChoice, countVotes, type PollResult, type RunoffRound } from "./poll-count";
export { pollInputSchema, ballotInputSchema, pollsQuerySchema, POLL_MAX_OPTIONS, BOOK_POLL_MAX, type PollInput } from "./poll-rules";
export {
  castBallot,
  closePoll,
  closePollNow,
  createPoll,
  getPoll,
  listPolls,
  makeWinnerCurrent,
  runPollCloseJob,
  winnerOf,
  type PollPage,
  type PollSummary,
  type PollView,
  type WinningBook,
} from "./polls";
export { pollsDataPart, pollsDeletionPart } from "./polls-account";
export { tellMembersOfNewPoll } from "./poll-events";
