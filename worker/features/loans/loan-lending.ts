import { conflict } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { loans } from "@worker/db/schema";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { conditionStatement, conditionToWrite, type HandOverInput, type ReturnInput } from "./loan-conditions";
import { findLoan, type LoanView } from "./loan-queries";
import { loanReminderJob, scheduleLoanReminders } from "./loan-reminders";
import { bookTitle, checkDueDate, commitStep, handedOverLine, type LoanRecord, loadLoan, publishStep, requestDay, requireStep, told } from "./loan-steps";
import { offerToNextInLine } from "./loan-waitlist";

/**
 * The lending half of a loan: the book changes hands, its due date moves, the borrower asks for
 * longer, and it comes back (worker/features/loans/loans.ts has the asking half).
 */

export const ALREADY_RENEWAL = msg("You have already asked to keep this book longer.");

/**
 * The owner hands the book over: the book shows as lent to the borrower, and reminders are set. The
 * owner may record its condition (like new, good, worn or damaged, a note, a photo) with the step.
 */
export async function markLoanLent(ctx: ServiceContext, loanId: string, input: HandOverInput = {}): Promise<LoanView> {
  const loan = await loadLoan(ctx, loanId);
  const me = (ctx as MemberContext).user.id;
  requireStep(loan, me, { owner: ["accepted"] }, "marked lent");
  const write = await conditionToWrite(ctx as MemberContext, loan, "handover", input);
  const now = Date.now();
  const eventId = await commitStep(
    ctx,
    loan,
    me,
    {
      action: "lent",
      from: ["accepted"],
      set: { state: "lent" },
      eventDueDate: loan.dueDate,
      book: { id: loan.bookId, set: { status: "borrowed", lentToUserId: loan.borrowerId, lentToUserName: loan.borrowerName } },
      also: write ? [conditionStatement(ctx.db, loan.id, write, "lent", now)] : [],
    },
    "marked lent",
    now,
  );
  await scheduleLoanReminders(ctx, loanId, now);
  const dueDate = loan.dueDate;
  await publishStep(ctx, { ...told(loan, me, "lent", eventId), dueDate, line: handedOverLine(loan.title, dueDate) });
  return findLoan(ctx, loanId);
}

/**
 * The book is back: it shows as available again, reminders stop, and the first in its queue is offered
 * it. The owner may confirm the hand-over's condition ("same") or record a change; "damaged" counts in
 * the borrower's record (migration 0028's trigger) unless it was damaged at hand-over.
 */
export async function markLoanReturned(ctx: ServiceContext, loanId: string, input: ReturnInput = {}): Promise<LoanView> {
  const loan = await loadLoan(ctx, loanId);
  const me = (ctx as MemberContext).user.id;
  requireStep(loan, me, { owner: ["lent"] }, "marked returned");
  const write = await conditionToWrite(ctx as MemberContext, loan, "return", input);
  const now = Date.now();
  const eventId = await commitStep(
    ctx,
    loan,
    me,
    {
      action: "returned",
      from: ["lent"],
      set: { state: "returned" },
      book: { id: loan.bookId, set: { status: "available", lentToUserId: null, lentToUserName: null } },
      also: write ? [conditionStatement(ctx.db, loan.id, write, "returned", now)] : [],
    },
    "marked returned",
    now,
  );
  await afterReturn(ctx as MemberContext, loan, me, eventId, now, { damagedNote: write?.newDamage ? write.note : undefined });
  return findLoan(ctx, loanId);
}

/** What follows a return, whether marked on the loan or by the manual status edit. */
export async function afterReturn(
  ctx: MemberContext,
  loan: LoanRecord,
  actorId: string,
  eventId: number,
  now: number,
  options: { dedupeKey?: string; damagedNote?: string } = {},
): Promise<void> {
  await scheduleJob(ctx.env, loanReminderJob(loan.id), null);
  const title = bookTitle(loan.title, translate);
  await publishStep(ctx, {
    ...told(loan, actorId, "returned", eventId),
    line: returnLine(title, options.damagedNote),
    dedupeKey: options.dedupeKey,
  });
  await offerToNextInLine(ctx, loan.bookId, now, { freedBy: `returned:${loan.id}` });
}

/** The return's chat line: a book returned damaged (not damaged at hand-over) says so, with the owner's note. */
function returnLine(title: string, damagedNote: string | undefined): string {
  if (damagedNote === undefined) return translate('"{title}" was returned. Thanks!', { title });
  return damagedNote
    ? translate('"{title}" was returned damaged. Note: {note}', { title, note: damagedNote })
    : translate('"{title}" was returned damaged.', { title });
}

/** The owner moves the due date (which also answers a renewal request); reminders follow it. */
export async function changeDueDate(ctx: ServiceContext, loanId: string, input: { dueDate: string }): Promise<LoanView> {
  const loan = await loadLoan(ctx, loanId);
  const member = ctx as MemberContext;
  requireStep(loan, member.user.id, { owner: ["accepted", "lent"] }, "given a new due date");
  const now = Date.now();
  const dueDate = checkDueDate(input.dueDate, member.user.timezone, now);
  const eventId = await commitStep(
    ctx,
    loan,
    member.user.id,
    {
      action: "due_date_changed",
      from: ["accepted", "lent"],
      set: { state: loan.state, dueDate, renewalRequestedAt: null },
      eventDueDate: dueDate,
    },
    "given a new due date",
    now,
  );
  await scheduleLoanReminders(ctx, loanId, now);
  await publishStep(ctx, {
    ...told(loan, member.user.id, "due_date_changed", eventId),
    dueDate,
    line: translate('Changed the due date of "{title}" to {date}.', { title: bookTitle(loan.title, translate), date: requestDay(dueDate) }),
  });
  return findLoan(ctx, loanId);
}

/** The borrower asks to keep the book longer; the owner answers by changing the due date. */
export async function requestRenewal(ctx: ServiceContext, loanId: string): Promise<LoanView> {
  const loan = await loadLoan(ctx, loanId);
  const me = (ctx as MemberContext).user.id;
  requireStep(loan, me, { borrower: ["lent"] }, "renewed");
  if (!loan.dueDate) throw conflict("This loan has no due date to extend.");
  if (loan.renewalRequestedAt !== null) throw conflict(ALREADY_RENEWAL);
  const now = Date.now();
  let eventId: number;
  try {
    eventId = await commitStep(
      ctx,
      loan,
      me,
      {
        action: "renewal_requested",
        from: ["lent"],
        set: { state: "lent", renewalRequestedAt: now },
        guard: and(isNull(loans.renewalRequestedAt), isNotNull(loans.dueDate)),
      },
      "renewed",
      now,
    );
  } catch (error) {
    // Lost a race with its own double press: the first press asked.
    const [row] = await ctx.db.select({ at: loans.renewalRequestedAt, state: loans.state }).from(loans).where(eq(loans.id, loanId)).limit(1);
    if (row?.state === "lent" && row.at !== null) throw conflict(ALREADY_RENEWAL);
    throw error;
  }
  await publishStep(ctx, {
    ...told(loan, me, "renewal_requested", eventId),
    line: translate('Asked to keep "{title}" a little longer.', { title: bookTitle(loan.title, translate) }),
  });
  return findLoan(ctx, loanId);
}

/** Whether the book is lent out through a loan (deleteBook refuses then). */
export async function isLentOut(ctx: ServiceContext, bookId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.bookId, bookId), eq(loans.state, "lent")))
    .limit(1);
  return Boolean(row);
}
