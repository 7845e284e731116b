import { translate } from "@worker/core/i18n/request-language";
import { dayIn } from "@worker/core/shared/calendar";
import { formatDayTime, type Reader } from "@worker/core/shared/date-format";
import { type DueLabel, dueLabel } from "./due-label";

export type { DueLabel } from "./due-label";

/**
 * The reader's calendar day, in their zone. Loaders compute it and pass it down, so the server's
 * render and the hydrated page agree on "Due today" and the like.
 */
export function todayFor(reader: Reader, now: number = Date.now()): string {
  return dayIn(reader.timeZone, now);
}

/**
 * A book with its due label ("Due 12 Dec", "Overdue 3 days") when it is lent with a due date. The
 * label is made here, in the request's language, so the library's cards carry no calendar code (and
 * no loans messages) to the browser.
 */
export function withDueLabel<Book extends { dueDate: string | null }>(book: Book, today: string, reader: Reader): Book & { due: DueLabel | null } {
  return { ...book, due: book.dueDate ? dueLabel(book.dueDate, today, reader.locale, translate) : null };
}

/** An instant as the reader reads it ("14 Dec 2026, 18:30"). */
export function timeFor(reader: Reader, instant: number): string {
  return formatDayTime(instant, reader);
}
