import { POLL_KINDS } from "@worker/db/schema";
import { z } from "zod";

// What the poll routes answer in `data`, for the API reference. Times are epoch milliseconds.

const tally = z.looseObject({ optionId: z.string(), votes: z.int() });

/** A count (poll-count.ts PollResult). */
export const pollResultView = z.looseObject({
  kind: z.enum(POLL_KINDS),
  ballots: z.int(),
  tallies: z.array(tally),
  /** Ranked choice (book polls) only: each round's tallies, exhausted ballots and the candidate eliminated. */
  rounds: z.array(z.looseObject({ tallies: z.array(tally), exhausted: z.int(), eliminated: z.string().nullable(), tieBroken: z.boolean() })).optional(),
  winnerId: z.string().nullable(),
  tie: z.boolean(),
});

export const pollView = z.looseObject({
  pollId: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  kind: z.enum(POLL_KINDS),
  question: z.string(),
  closesAt: z.int().nullable(),
  hideResults: z.boolean(),
  closedAt: z.int().nullable(),
  createdAt: z.int(),
  isOpen: z.boolean(),
  ballots: z.int(),
  options: z.array(
    z.looseObject({
      optionId: z.string(),
      position: z.int(),
      label: z.string(),
      bookId: z.string().nullable(),
      author: z.string().nullable(),
      isbn13: z.string().nullable(),
      startsAt: z.int().nullable(),
    }),
  ),
  myChoices: z.array(z.string()).nullable(),
  /** Null while the poll is open with its results hidden. */
  result: pollResultView.nullable(),
  canVote: z.boolean(),
  canManage: z.boolean(),
  timeZone: z.string(),
  /** A closed date poll's winning slot already has a meeting. */
  scheduled: z.boolean(),
});

export const pollPageView = z.looseObject({
  items: z.array(
    z.looseObject({
      pollId: z.string(),
      kind: z.enum(POLL_KINDS),
      question: z.string(),
      closesAt: z.int().nullable(),
      closedAt: z.int().nullable(),
      createdAt: z.int(),
      isOpen: z.boolean(),
      ballots: z.int(),
      voted: z.boolean(),
      winner: z.string().nullable(),
      /** A date poll's winning slot, epoch ms (write it as a date); null otherwise. */
      winnerStartsAt: z.int().nullable(),
    }),
  ),
  /** Pass as `before` for older polls; null on the last page. */
  nextToken: z.string().nullable(),
  clubName: z.string(),
  timeZone: z.string(),
  canManage: z.boolean(),
});

export const ballotView = z.looseObject({ pollId: z.string(), choices: z.array(z.string()), updatedAt: z.int() });

export const currentBookView = z.looseObject({
  clubBookId: z.string(),
  bookId: z.string().nullable(),
  title: z.string(),
  author: z.string(),
  isbn13: z.string().nullable(),
});

/** The meeting "Schedule this meeting" made (club-meetings' meeting, as GET /clubs/{id}/meetings lists it). */
export const scheduledMeetingView = z.looseObject({
  meetingId: z.string(),
  clubId: z.string(),
  startsAt: z.int(),
  endsAt: z.int(),
  timeZone: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  place: z.string(),
  videoUrl: z.string().nullable(),
});
