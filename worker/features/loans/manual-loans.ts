import { conflict, forbidden } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { dayIn } from "@worker/core/shared/calendar";
import { msg } from "@worker/core/shared/translate";
import { HOLDING_LOAN_STATES, loanEvents, loans, users } from "@worker/db/schema";
import { type BookEdit, LEND_BLOCKED } from "@worker/features/books";
import { requireNotBlocked } from "@worker/features/messages";
import { and, eq, inArray, not } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { afterReturn } from "./loan-lending";
import { borrowerTookPart, findLoan, type LoanView } from "./loan-queries";
import { loanReminderJob, scheduleLoanReminders } from "./loan-reminders";
import {
  ALREADY_PROMISED,
  bookTitle,
  cantNow,
  commitStep,
  handedOverLine,
  isHoldingClash,
  isOpenLoanClash,
  type LoanRecord,
  limitLoanWrite,
  loadLoan,
  loanStepColumns,
  newLoanStatements,
  publishStep,
  told,
  transitionStatements,
} from "./loan-steps";
import { offerToNextInLine } from "./loan-waitlist";

export const ONLY_NAMED_BORROWER = msg("Only the member the book is lent to can say they don't have it.");
export const BORROWER_TOOK_PART = msg("You asked for this loan, so only its owner can end it. Message them if you don't have the book.");

/** The loan steps a manual 'Lent' edit takes, as statements to batch with the book's own update. */
export interface ManualLending {
  statements: BatchItem<"sqlite">[];
  /** Batch positions of the steps' event inserts, and what to do once they are stored. */
  returned?: { loan: LoanRecord; eventAt: number };
  /** `asked`: the borrower took part in the loan before (their request or promise), so it is no surprise. */
  lent?: { loan: LoanRecord; eventAt: number; asked: boolean };
}

/**
 * Keeps the ledger true to the manual 'Lent' edit (docs/product.md#manual-lent). Lending to a member records a loan
 * (lent, with no due date), or hands over the one they were promised; choosing another status
 * returns the lent loan; switching borrower returns the old manual loan and records a new one. A
 * loan made through the ledger (accepted or lent, with a due date) is not the owner's to reassign
 * here: 409. Null when the edit changes nothing about lending.
 */
export async function planManualLending(
  ctx: MemberContext,
  book: { id: string; title: string; status: string; lentToUserId: string | null },
  borrower: { id: string; name: string } | null,
  now: number,
): Promise<ManualLending | null> {
  const [holding] = await ctx.db
    .select({
      ...loanStepColumns,
      borrowerName: users.name,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.borrowerId))
    .where(and(eq(loans.bookId, book.id), inArray(loans.state, HOLDING_LOAN_STATES)))
    .limit(1);
  const record = (row: NonNullable<typeof holding>): LoanRecord => ({ ...row, title: book.title, ownerName: ctx.user.name });
  const owner = ctx.user.id;
  const plan: ManualLending = { statements: [] };
  const returnHolding = (row: NonNullable<typeof holding>) => {
    plan.returned = { loan: record(row), eventAt: plan.statements.length };
    plan.statements.push(
      ...transitionStatements(ctx.db, { loanId: row.id, actorId: owner, action: "returned", from: ["lent"], set: { state: "returned" } }, now),
    );
  };

  if (!borrower) {
    if (holding?.state !== "lent") return null;
    returnHolding(holding);
    return plan;
  }
  if (holding?.borrowerId === borrower.id) {
    if (holding.state === "lent") return null;
    // The owner hands over the book they had promised this member, due date and all.
    plan.lent = { loan: record(holding), eventAt: 0, asked: true };
    plan.statements.push(
      ...transitionStatements(
        ctx.db,
        { loanId: holding.id, actorId: owner, action: "lent", from: ["accepted"], set: { state: "lent" }, eventDueDate: holding.dueDate },
        now,
      ),
    );
    return plan;
  }
  if (holding) {
    if (holding.state !== "lent" || holding.dueDate !== null) throw conflict(ALREADY_PROMISED);
    returnHolding(holding);
  } else if (book.status === "borrowed" && book.lentToUserId === borrower.id) {
    // Lent before the ledger existed: saving the form again records nothing new.
    return null;
  }

  const [request] = await ctx.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.bookId, book.id), eq(loans.borrowerId, borrower.id), eq(loans.state, "requested")))
    .limit(1);
  const loan: LoanRecord = {
    id: request?.id ?? crypto.randomUUID(),
    bookId: book.id,
    ownerId: owner,
    borrowerId: borrower.id,
    state: "lent",
    dueDate: null,
    renewalRequestedAt: null,
    title: book.title,
    ownerName: ctx.user.name,
    borrowerName: borrower.name,
  };
  if (request) {
    // The member had asked for it: their request becomes the loan.
    plan.lent = { loan, eventAt: plan.statements.length, asked: true };
    plan.statements.push(
      ...transitionStatements(ctx.db, { loanId: request.id, actorId: owner, action: "lent", from: ["requested"], set: { state: "lent", dueDate: null } }, now),
    );
  } else {
    // The loan row first, then its event.
    plan.lent = { loan, eventAt: plan.statements.length + 1, asked: false };
    plan.statements.push(...newLoanStatements(ctx.db, loan, { action: "lent", actorId: owner }, now));
  }
  return plan;
}

/**
 * Runs the book's update and the lending steps in one batch, then tells both sides and moves the
 * timers. Another loan taking the book meanwhile fails the whole batch (loans_book_holding_idx): 409.
 */
export async function applyManualLending(ctx: MemberContext, bookUpdate: BatchItem<"sqlite">, plan: ManualLending, now: number): Promise<void> {
  let results: unknown[];
  try {
    results = await ctx.db.batch([bookUpdate, ...plan.statements]);
  } catch (error) {
    if (isHoldingClash(error) || isOpenLoanClash(error)) throw conflict(ALREADY_PROMISED);
    throw error;
  }
  const eventId = (at: number) => (results[at + 1] as { id: number }[] | undefined)?.[0]?.id;
  if (plan.returned) {
    const id = eventId(plan.returned.eventAt);
    const { loan } = plan.returned;
    if (id !== undefined) await afterReturn(ctx, loan, ctx.user.id, id, now, { dedupeKey: manualNoticeKey(loan, "returned", now) });
  }
  if (plan.lent) {
    const id = eventId(plan.lent.eventAt);
    if (id === undefined) return;
    const { loan } = plan.lent;
    await scheduleLoanReminders(ctx, loan.id, now);
    const { asked } = plan.lent;
    const dueDate = loan.dueDate;
    await publishStep(ctx, {
      ...told(loan, ctx.user.id, "lent", id),
      dueDate,
      line: handedOverLine(loan.title, dueDate),
      // A loan the borrower never asked for: their bell tells them how to refuse it.
      unasked: !asked,
      dedupeKey: asked ? undefined : manualNoticeKey(loan, "lent", now),
    });
  }
}

/**
 * Writes an owner's book edit with the ledger following it (the `write` that the book edit's API
 * route and page give updateBook): the lending steps go in the same batch as the book's update.
 */
export async function writeBookEdit(ctx: MemberContext, edit: BookEdit): Promise<void> {
  const lending = await planManualLending(ctx, edit.book, edit.borrower, edit.now);
  if (!lending) return void (await edit.update);
  // A member who blocked the owner (or whom the owner blocked) can't be named as a borrower.
  if (lending.lent) await requireNotBlocked(ctx, lending.lent.loan.borrowerId, LEND_BLOCKED);
  // Lending or taking back tells the borrower: the same per-member budget as the loans API's steps.
  await limitLoanWrite(ctx, ctx.user.id);
  await applyManualLending(ctx, edit.update, lending, edit.now);
}

/**
 * The manual edit's notices name the book, the borrower, the step and the day, not the loan: an
 * owner flipping the status back and forth (each flip a new loan) rings the borrower's bell, and
 * e-mails them, once a day for each, however often it is saved.
 */
function manualNoticeKey(loan: LoanRecord, step: "lent" | "returned", now: number) {
  return `manual-loan:${loan.bookId}:${loan.borrowerId}:${step}:${dayIn("UTC", now)}`;
}

/**
 * The borrower says "I don't have this book" about a loan they never took part in (the owner
 * recorded it with the manual 'Lent' edit, see `borrowerTookPart`): it ends at once (cancelled),
 * the book shows as available, reminders stop, the owner is told and the book's waitlist moves.
 * 403 for the owner, 409 once the loan is not lent, or when the borrower asked for it: a ledger
 * loan ends when the owner marks it returned.
 */
export async function disownLoan(ctx: ServiceContext, loanId: string): Promise<LoanView> {
  const loan = await loadLoan(ctx, loanId);
  const me = (ctx as MemberContext).user.id;
  if (loan.borrowerId !== me) throw forbidden(ONLY_NAMED_BORROWER);
  if (loan.state !== "lent") throw conflict(cantNow("ended"));
  const [tookPart] = await ctx.db
    .select({ id: loanEvents.id })
    .from(loanEvents)
    .where(and(eq(loanEvents.loanId, loanId), eq(loanEvents.actorId, me), not(eq(loanEvents.action, "disowned"))))
    .limit(1);
  if (tookPart) throw conflict(BORROWER_TOOK_PART);
  const now = Date.now();
  const eventId = await commitStep(
    ctx,
    loan,
    me,
    {
      action: "disowned",
      from: ["lent"],
      set: { state: "cancelled" },
      // Checked again with the state, so a renewal asked meanwhile keeps the loan.
      guard: not(borrowerTookPart),
      book: { id: loan.bookId, set: { status: "available", lentToUserId: null, lentToUserName: null } },
    },
    "ended",
    now,
  );
  await scheduleJob(ctx.env, loanReminderJob(loan.id), null);
  await publishStep(ctx, {
    ...told(loan, me, "disowned", eventId),
    line: translate('Said they don\'t have "{title}", so the loan has ended.', { title: bookTitle(loan.title, translate) }),
  });
  await offerToNextInLine(ctx, loan.bookId, now);
  return findLoan(ctx, loanId);
}
