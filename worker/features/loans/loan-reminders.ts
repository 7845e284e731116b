import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps } from "@worker/core/service-context";
import { addDays, instantAt } from "@worker/core/shared/calendar";
import { books, loans, users } from "@worker/db/schema";
import { type NotificationInput, notify } from "@worker/features/notifications";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { bookTitle } from "./loan-steps";

/** Reminders ring at this hour of the borrower's day. */
export const REMINDER_HOUR = 9;
const WEEK_DAYS = 7;

export const loanReminderJob = (loanId: string) => `loan:${loanId}`;

type Milestone = { kind: "due_soon" | "due_today" | "overdue"; day: string; at: number };

/**
 * The loan's reminders in order, in the borrower's timezone: the day before the due date, the due
 * date, then every week while it is overdue (from the day after). Only the milestones around `now`
 * are listed, since overdue ones go on for ever.
 */
export function reminderMilestones(dueDate: string, timeZone: string, now: number): { last: Milestone | null; next: Milestone } {
  const at = (day: string) => instantAt(day, REMINDER_HOUR, timeZone);
  const fixed: Milestone[] = [
    { kind: "due_soon", day: addDays(dueDate, -1), at: at(addDays(dueDate, -1)) },
    { kind: "due_today", day: dueDate, at: at(dueDate) },
  ];
  const firstOverdue = addDays(dueDate, 1);
  const overdue = (week: number): Milestone => {
    const day = addDays(firstOverdue, week * WEEK_DAYS);
    return { kind: "overdue", day, at: at(day) };
  };
  const timeline = [...fixed, overdue(0)];
  if (now < timeline[2]!.at) {
    const nextIndex = timeline.findIndex((milestone) => milestone.at > now);
    return { last: timeline[nextIndex - 1] ?? null, next: timeline[nextIndex]! };
  }
  // Whole weeks since the first overdue reminder, corrected for a DST hour either way.
  let week = Math.floor((now - timeline[2]!.at) / (WEEK_DAYS * 86_400_000));
  while (overdue(week + 1).at <= now) week++;
  while (week > 0 && overdue(week).at > now) week--;
  return { last: overdue(week), next: overdue(week + 1) };
}

/**
 * The `loan:{id}` job: sends the reminder that is due (only the latest one, if the alarm was late)
 * and returns the time of the next. Each reminder's dedupe key names its day, so a retried alarm
 * sends nothing twice; a loan that is no longer lent, or has no due date, ends the job.
 */
export async function runLoanReminders({ db, env }: Deps, loanId: string, now: number): Promise<number | null> {
  const borrower = alias(users, "borrower");
  const [loan] = await db
    .select({
      id: loans.id,
      state: loans.state,
      dueDate: loans.dueDate,
      ownerId: loans.ownerId,
      borrowerId: loans.borrowerId,
      borrowerName: borrower.name,
      timezone: borrower.timezone,
      title: books.title,
    })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .innerJoin(borrower, eq(borrower.id, loans.borrowerId))
    .where(eq(loans.id, loanId))
    .limit(1);
  if (loan?.state !== "lent" || !loan.dueDate) return null;

  const { last, next } = reminderMilestones(loan.dueDate, loan.timezone, now);
  if (last) await notify({ db, env }, reminderNotifications(loan, last), now);
  return next.at;
}

type ReminderLoan = { id: string; ownerId: string; borrowerId: string; borrowerName: string; title: string; dueDate: string | null };

/** The reminders' texts are functions: notify() writes each in its recipient's language. */
function reminderNotifications(loan: ReminderLoan, milestone: Milestone): NotificationInput[] {
  const key = `loan:${loan.id}:${milestone.kind}:${milestone.day}`;
  if (milestone.kind === "due_soon") {
    return [
      {
        userId: loan.borrowerId,
        type: "loan_due_soon",
        title: ({ t }) => t('"{title}" is due back tomorrow', { title: bookTitle(loan.title, t) }),
        link: "/loans?tab=borrowed",
        dedupeKey: key,
      },
    ];
  }
  if (milestone.kind === "due_today") {
    return [
      {
        userId: loan.borrowerId,
        type: "loan_due_today",
        title: ({ t }) => t('"{title}" is due back today', { title: bookTitle(loan.title, t) }),
        link: "/loans?tab=borrowed",
        dedupeKey: key,
      },
    ];
  }
  // Both sides hear about an overdue book. The due date is written as it is stored (YYYY-MM-DD).
  return [
    {
      userId: loan.borrowerId,
      type: "loan_overdue",
      title: ({ t }) => t('"{title}" is overdue', { title: bookTitle(loan.title, t) }),
      body: ({ t }) => t("It was due on {date}.", { date: loan.dueDate }),
      link: "/loans?tab=borrowed",
      dedupeKey: key,
    },
    {
      userId: loan.ownerId,
      type: "loan_overdue",
      title: ({ t }) => t('"{title}" is overdue', { title: bookTitle(loan.title, t) }),
      body: ({ t }) => t("{name} was due to return it on {date}.", { name: loan.borrowerName, date: loan.dueDate }),
      link: "/loans?tab=lent",
      // No actor: the reminder is the app's about the owner's own book, so it reaches them even if
      // they blocked the borrower (notify() drops an event whose actor the recipient blocked).
      dedupeKey: key,
    },
  ];
}

/**
 * (Re)schedules the loan's reminders: after it is lent, and whenever its due date changes. A
 * reminder whose time has already passed (a due date moved into the past) rings at once.
 */
export async function scheduleLoanReminders(deps: Deps, loanId: string, now = Date.now()): Promise<void> {
  const [loan] = await deps.db
    .select({ state: loans.state, dueDate: loans.dueDate, timezone: users.timezone })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.borrowerId))
    .where(eq(loans.id, loanId))
    .limit(1);
  if (loan?.state !== "lent" || !loan.dueDate) {
    await scheduleJob(deps.env, loanReminderJob(loanId), null);
    return;
  }
  const { last, next } = reminderMilestones(loan.dueDate, loan.timezone, now);
  await scheduleJob(deps.env, loanReminderJob(loanId), last ? now : next.at);
}
