import { daysBetween } from "@worker/core/shared/calendar";
import { formatCalendarDay } from "@worker/core/shared/date-format";
import type { Translate } from "@worker/core/shared/translate";

export interface DueLabel {
  text: string;
  overdue: boolean;
}

/**
 * "Due 12 Dec", "Due today", "Due tomorrow", "Overdue 1 day", "Overdue 3 days", in `t`'s language:
 * library cards, the book page and /loans. `today` is the reader's calendar day (see todayFor).
 */
export function dueLabel(dueDate: string, today: string, locale: string, t: Translate): DueLabel {
  const days = daysBetween(today, dueDate);
  if (days < 0) return { text: t("{days, plural, one {Overdue # day} other {Overdue # days}}", { days: -days }), overdue: true };
  if (days === 0) return { text: t("Due today"), overdue: false };
  if (days === 1) return { text: t("Due tomorrow"), overdue: false };
  return { text: t("Due {date}", { date: formatCalendarDay(dueDate, locale, today) }), overdue: false };
}
