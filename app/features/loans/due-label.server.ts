import { dayIn, dueLabel } from "@worker/core/shared/calendar";
import { dateFormat } from "@worker/core/shared/date-format";
import type { SessionUser } from "@worker/core/service-context";

export type DueLabel = ReturnType<typeof dueLabel>;

/**
 * The viewer's calendar day: in their timezone, UTC for visitors. Loaders compute it and pass it
 * down, so the server's render and the hydrated page agree on "Due today" and the like.
 */
export function todayFor(user: Pick<SessionUser, "timezone"> | null, now: number = Date.now()): string {
  return dayIn(user?.timezone ?? "UTC", now);
}

/**
 * A book with its due label ("Due 12 Dec", "Overdue 3 days") when it is lent with a due date. The
 * label is made here, so the library's cards carry no calendar code to the browser.
 */
export function withDueLabel<Book extends { dueDate: string | null }>(book: Book, today: string): Book & { due: DueLabel | null } {
  return { ...book, due: book.dueDate ? dueLabel(book.dueDate, today) : null };
}

/** An instant as the viewer reads it ("Sat 14 Dec, 18:30"), in their timezone, UTC for visitors. */
export function timeFor(user: Pick<SessionUser, "timezone"> | null, instant: number): string {
  return dateFormat("en-GB", {
    timeZone: user?.timezone ?? "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(instant);
}
