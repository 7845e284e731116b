import { translate } from "@worker/core/i18n/request-language";
import { idSchema } from "@worker/core/shared/id";
import { normalizeIsbn } from "@worker/core/shared/isbn";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { POLL_KINDS } from "@worker/db/schema";
import { z } from "zod";
import { BOOK_POLL_MAX, BOOK_POLL_MIN, OPTION_LABEL_MAX, POLL_MAX_OPTIONS, POLLS_PAGE_SIZE, QUESTION_MAX } from "./poll-limits";

// The poll's limits and messages, shared by the API and the pages' actions.

export { BOOK_POLL_MAX, BOOK_POLL_MIN, OPTION_LABEL_MAX, POLL_MAX_AHEAD_MS, POLL_MAX_OPTIONS, POLLS_PAGE_SIZE, QUESTION_MAX } from "./poll-limits";

export const POLL_NOT_FOUND = msg("Poll not found");
export const POLL_MANAGERS_ONLY = msg("Only the club's admins can run polls.");
export const POLL_MEMBERS_ONLY = msg("Only the club's members can vote.");
export const POLL_CLOSED = msg("This poll is closed.");
export const POLL_NOT_CLOSED = msg("The poll is still open.");
export const POLL_NO_WINNER = msg("This poll has no winning book.");
export const POLL_NOT_BOOK = msg("Only a book poll can set the club's book.");
export const POLL_BAD_BALLOT = msg("That ballot does not fit this poll.");
export const POLL_BOOK_NOT_FOUND = msg("Book not found");
export const POLL_NOT_DATE = msg("Only a date poll can schedule a meeting.");
export const POLL_NO_SLOT = msg("This poll has no winning date.");
export const POLL_NO_BOOK_FOR_ISBN = msg("No book found for ISBN {isbn}. Please enter its title and author.");
export const POLL_SLOT_SCHEDULED = msg("A meeting is already scheduled at this time.");

export type PollKind = (typeof POLL_KINDS)[number];

/** One option as sent: a label (a title for books, an answer for choice), a book of the app's, or a meeting slot. */
const optionInput = z.object({
  label: cleanText({ max: OPTION_LABEL_MAX, tooLong: msg("An option can have at most {max} characters.") }).optional(),
  bookId: idSchema.optional(),
  author: cleanText({ max: OPTION_LABEL_MAX, tooLong: msg("An author can have at most {max} characters.") }).optional(),
  isbn13: z
    .string()
    .trim()
    .max(20)
    .transform((value, ctx) => {
      if (!value) return undefined;
      const isbns = normalizeIsbn(value);
      if (!isbns) {
        ctx.addIssue({ code: "custom", message: translate("That ISBN is not valid.") });
        return z.NEVER;
      }
      return isbns.isbn13;
    })
    .optional(),
  /** Epoch milliseconds of the meeting slot (date polls). */
  startsAt: z.int().min(0).max(8_640_000_000_000).optional(),
});
export type PollOptionInput = z.output<typeof optionInput>;

export const pollInputSchema = z
  .object({
    kind: z.enum(POLL_KINDS),
    question: cleanText({ max: QUESTION_MAX, tooLong: msg("A question can have at most {max} characters."), required: msg("Please ask a question.") }),
    /** Epoch milliseconds; left out, the poll stays open until an admin closes it. */
    closesAt: z.int().min(0).nullable().optional(),
    hideResults: z.boolean().default(false),
    options: z
      .array(optionInput)
      .min(2, { error: () => translate("A poll needs at least {min} options.", { min: 2 }) })
      .max(POLL_MAX_OPTIONS, { error: () => translate("A poll can have at most {max} options.", { max: POLL_MAX_OPTIONS }) }),
  })
  .superRefine((poll, ctx) => {
    const issue = (message: string, path: (string | number)[] = ["options"]) => ctx.addIssue({ code: "custom", message, path });
    if (poll.kind === "book" && (poll.options.length < BOOK_POLL_MIN || poll.options.length > BOOK_POLL_MAX)) {
      issue(translate("A book poll has {min} to {max} candidate books.", { min: BOOK_POLL_MIN, max: BOOK_POLL_MAX }));
    }
    poll.options.forEach((option, index) => {
      if (poll.kind === "book" && !option.bookId && !option.label && !option.isbn13)
        issue(translate("Each candidate needs a book or a title."), ["options", index]);
      if (poll.kind === "date" && option.startsAt === undefined) issue(translate("Each slot needs a date and time."), ["options", index]);
      if (poll.kind === "choice" && !option.label) issue(translate("Each option needs a label."), ["options", index]);
    });
  });
export type PollInput = z.output<typeof pollInputSchema>;

/** A ballot: option ids (ranked choice: best first; approval: every slot that works; choice: one). */
export const ballotInputSchema = z.object({
  choices: z
    .array(idSchema)
    .min(1, { error: () => translate("Please choose at least one option.") })
    .max(POLL_MAX_OPTIONS),
});
export type BallotInput = z.output<typeof ballotInputSchema>;

/** "Schedule this meeting": where (the club's area when left out) or a video link. */
export const scheduleSlotSchema = z.object({
  place: cleanText({ max: 200, tooLong: msg("Place must be at most {max} characters") }).optional(),
  videoUrl: z.string().trim().max(500).optional(),
});
export type ScheduleSlotInput = z.output<typeof scheduleSlotSchema>;

export const clubPollParams = z.object({ id: idSchema });
export const pollParams = z.object({ id: idSchema, pollId: idSchema });

/** Newest polls first; the cursor is the last poll's (createdAt, id), opaque: `<createdAt base 36>.<id>`. */
export const pollCursor = (poll: { createdAt: number; pollId: string }) => `${poll.createdAt.toString(36)}.${poll.pollId}`;
export const pollsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(POLLS_PAGE_SIZE),
  before: z
    .string()
    .regex(/^[0-9a-z]{1,11}\.[0-9A-Za-z-]{1,64}$/, { error: () => translate("before is not valid") })
    .transform((token) => {
      const dot = token.indexOf(".");
      return { createdAt: Number.parseInt(token.slice(0, dot), 36), id: token.slice(dot + 1) };
    })
    .optional(),
});
export type PollsQuery = z.output<typeof pollsQuerySchema>;

/** The kind's own rule for a ballot, beyond "known option ids": null when it fits. */
export function ballotProblem(kind: PollKind, choices: readonly string[], optionIds: ReadonlySet<string>): string | null {
  if (new Set(choices).size !== choices.length) return POLL_BAD_BALLOT;
  if (choices.some((id) => !optionIds.has(id))) return POLL_BAD_BALLOT;
  if (kind === "choice" && choices.length !== 1) return POLL_BAD_BALLOT;
  return null;
}
