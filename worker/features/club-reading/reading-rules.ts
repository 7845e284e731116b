import { translate } from "@worker/core/i18n/request-language";
import { CALENDAR_DAY, isCalendarDay } from "@worker/core/shared/calendar";
import { idSchema } from "@worker/core/shared/id";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { z } from "zod";
import { CLUB_BOOK_AUTHOR_MAX, CLUB_BOOK_TITLE_MAX, COPIES_PAGE_SIZE, MILESTONE_LABEL_MAX, MILESTONES_MAX, SHELF_PAGE_SIZE } from "./reading-limits";

// The club's book and reading schedule: limits, messages and inputs.

export {
  CLUB_BOOK_AUTHOR_MAX,
  CLUB_BOOK_TITLE_MAX,
  COPIES_PAGE_SIZE,
  MILESTONE_LABEL_MAX,
  MILESTONES_MAX,
  SHARED_NAMES_MAX,
  SHELF_PAGE_SIZE,
} from "./reading-limits";

export const NO_CURRENT_BOOK = msg("The club has no current book.");
export const MILESTONE_NOT_FOUND = msg("Milestone not found");
export const MANAGERS_ONLY = msg("Only the club's admins can set its book and schedule.");
export const MEMBERS_ONLY = msg("Only the club's members can mark their progress.");
export const BOOK_NOT_FOUND = msg("Book not found");
export const TITLE_REQUIRED = msg("Please enter a title.");
export const NO_BOOK_FOR_ISBN = msg("No book found for that ISBN. Please enter its title and author.");
export const INVALID_ISBN = msg("Give a valid ISBN-10 or ISBN-13");

const day = (field: string) => {
  const error = () => translate("{field} must be a day (YYYY-MM-DD)", { field });
  return z.string().regex(CALENDAR_DAY, { error }).refine(isCalendarDay, { error }).meta({ format: "date" });
};

export const milestoneInputSchema = z.object({
  /** An existing milestone of the current book keeps its id (and so the members' progress on it). */
  milestoneId: idSchema.optional(),
  label: cleanText({ max: MILESTONE_LABEL_MAX, tooLong: msg("A milestone has at most {max} characters."), required: msg("Please name the milestone.") }),
  dueOn: day("dueOn").nullish(),
});
export type MilestoneInput = z.output<typeof milestoneInputSchema>;

const milestoneList = z.array(milestoneInputSchema).max(MILESTONES_MAX, { error: () => translate("At most {max} milestones.", { max: MILESTONES_MAX }) });

/** The schedule: its milestones and, left out to keep it, the book's finish day (null clears it). */
export const milestonesInputSchema = z.object({ milestones: milestoneList, finishBy: day("finishBy").nullish() });

/** The new current book: one of the app's books, or a title and author (an ISBN alone is looked up). */
export const setBookInputSchema = z
  .object({
    bookId: idSchema.optional(),
    title: cleanText({ max: CLUB_BOOK_TITLE_MAX, tooLong: msg("A title has at most {max} characters.") }).optional(),
    author: cleanText({ max: CLUB_BOOK_AUTHOR_MAX, tooLong: msg("An author has at most {max} characters.") }).optional(),
    isbn: z.string().max(32).optional(),
    finishBy: day("finishBy").nullish(),
    milestones: milestoneList.optional(),
  })
  .refine((input) => input.bookId || input.title || input.isbn, { error: () => translate(TITLE_REQUIRED), path: ["title"] });
export type SetBookInput = z.output<typeof setBookInputSchema>;

export const progressInputSchema = z.object({ shared: z.boolean().default(false) });

export const clubParams = z.object({ id: idSchema });
export const milestoneParams = z.object({ id: idSchema, milestoneId: idSchema });

/** Offset tokens for short, bounded lists: `o<offset base 36>`. */
const offsetToken = z
  .string()
  .regex(/^o[0-9a-z]{1,4}$/, { error: () => translate("nextToken is not valid") })
  .transform((token) => Number.parseInt(token.slice(1), 36));
export const encodeOffset = (offset: number) => `o${offset.toString(36)}`;

export const copiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(COPIES_PAGE_SIZE),
  nextToken: offsetToken.optional(),
});
export type CopiesQuery = z.output<typeof copiesQuerySchema>;

/** The shelf's keyset: the last book's (finishedAt, id), `<finishedAt base 36>.<id>`. */
export const shelfCursor = (row: { finishedAt: number; clubBookId: string }) => `${row.finishedAt.toString(36)}.${row.clubBookId}`;
const shelfCursorSchema = z
  .string()
  .regex(/^[0-9a-z]{1,11}\.[0-9A-Za-z-]{1,64}$/, { error: () => translate("nextToken is not valid") })
  .transform((token) => {
    const dot = token.indexOf(".");
    return { finishedAt: Number.parseInt(token.slice(0, dot), 36), id: token.slice(dot + 1) };
  });

export const shelfQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(SHELF_PAGE_SIZE),
  nextToken: shelfCursorSchema.optional(),
});
export type ShelfQuery = z.output<typeof shelfQuerySchema>;
