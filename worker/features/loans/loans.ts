import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { type EventOf, publish } from "@worker/core/events/registry";
import { currentLanguage, translate } from "@worker/core/i18n/request-language";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { addDays, dayIn, isCalendarDay } from "@worker/core/shared/calendar";
import { idField } from "@worker/core/shared/id";
import { DEFAULT_REGION_LOCALE } from "@worker/core/shared/languages";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { HOLDING_LOAN_STATES, loans, waitlistEntries } from "@worker/db/schema";
import { findBookById } from "@worker/features/books";
import { BLOCKED, blockBetween } from "@worker/features/messages";
import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { MEMBERS_ONLY_BOOK, OWN_BOOK } from "./borrow-chat";
import { requireMayAsk } from "./lending-rules";
import { findLoan, type LoanView, openLoanOf } from "./loan-queries";
import { type BorrowerRecord, borrowerRecordReads, toBorrowerRecords } from "./loan-records";
import {
  ALREADY_PROMISED,
  bookTitle,
  checkDueDate,
  commitStep,
  isOpenLoanClash,
  loadLoan,
  newLoanStatements,
  publishStep,
  requestDay,
  requireStep,
  told,
} from "./loan-steps";
import { offerToNextInLine } from "./loan-waitlist";
import { borrowerRecordFacts } from "./record-facts";

/** The due date an accepted loan gets unless the owner picks another. */
export const LOAN_PERIOD_DAYS = 21;
export const ALREADY_ASKED = msg("You have already asked to borrow this book.");
export const OFFERED_TO_NEXT = msg("This book is being offered to the next member on its waitlist.");

const day = z
  .string()
  .trim()
  .refine(isCalendarDay, { error: () => translate("Please give a real date as YYYY-MM-DD.") })
  .meta({ format: "date" });

export const requestLoanSchema = z.object({ bookId: idField("bookId is required") });
export const acceptLoanSchema = z.object({ dueDate: day.optional() });
export const dueDateSchema = z.object({ dueDate: day });

/**
 * A member asks to borrow a book. Requests queue while the book is lent; while the book is offered
 * to someone on its waitlist, only that member may ask, and their request claims the offer.
 */
export async function requestLoan(ctx: ServiceContext, input: z.output<typeof requestLoanSchema>): Promise<LoanView> {
  requireUser(ctx);
  const me = ctx.user.id;
  const book = await findBookById(ctx, input.bookId);
  if (!book) throw notFound("Book not found");
  if (book.userId === me) throw badRequest(OWN_BOOK);
  if (book.membersOnly) throw forbidden(MEMBERS_ONLY_BOOK);
  await requireMayAsk(ctx.db, book.bookId, me);
  const now = Date.now();
  // The borrower's record as the owner will see it (the e-mail, the chat line) comes in the same round trip.
  const [[block], [open], [offer], ...recordRows] = await ctx.db.batch([
    blockBetween(ctx.db, me, book.userId),
    ...requestReads(ctx.db, book.bookId, me, now),
    ...borrowerRecordReads(ctx.db, book.userId, [me], dayIn(ctx.user.timezone, now)),
  ]);
  if (block) throw forbidden(BLOCKED);
  if (open) throw conflict(ALREADY_ASKED);
  refuseOfferedToOther(offer, me);
  const { loanId, statements } = requestWrites(ctx.db, book, me, now);
  let eventId: number;
  try {
    const [, events] = await ctx.db.batch(statements);
    eventId = (events as { id: number }[])[0]!.id;
  } catch (error) {
    // A simultaneous second request from the same member: the partial unique index kept one.
    if (isOpenLoanClash(error)) throw conflict(ALREADY_ASKED);
    throw error;
  }
  // The chat line (messages) and the owner's bell (loan-events.ts) follow from the event.
  const record = toBorrowerRecords(book.userId, recordRows).get(me)!;
  await publish(ctx, loanRequested(ctx, { loanId, eventId, ownerId: book.userId, bookTitle: book.title, borrowerRecord: record }, now));
  return findLoan(ctx, loanId);
}

/**
 * The reads a request's rules need, for the caller's batch: the member's open loan on the book (its
 * view), and a live offer from the book's waitlist.
 */
export function requestReads(db: Database, bookId: string, me: string, now: number) {
  return [
    openLoanOf(db, bookId, me),
    db
      .select({ userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.state, "offered"), gt(waitlistEntries.offerExpiresAt, now)))
      .limit(1),
  ] as const;
}

/** While the book is offered to someone on its waitlist, only that member may ask. */
export function refuseOfferedToOther(offer: { userId: string } | undefined, me: string): void {
  if (offer && offer.userId !== me) throw conflict(OFFERED_TO_NEXT);
}

/**
 * A request's writes, for one batch (the caller may add its own): the loan, its "requested" event
 * (answering its id) and the claim of the member's offer, if any. A clash on the open-loan index
 * (isOpenLoanClash) is a simultaneous second request.
 */
export function requestWrites(db: Database, book: { bookId: string; userId: string }, me: string, now: number) {
  const loanId = crypto.randomUUID();
  const [insertLoan, insertEvent] = newLoanStatements(
    db,
    { id: loanId, bookId: book.bookId, ownerId: book.userId, borrowerId: me, state: "requested", dueDate: null },
    { action: "requested", actorId: me },
    now,
  );
  const claimOffer = db
    .update(waitlistEntries)
    .set({ state: "claimed" })
    .where(and(eq(waitlistEntries.bookId, book.bookId), eq(waitlistEntries.userId, me), eq(waitlistEntries.state, "offered")));
  return { loanId, statements: [insertLoan, insertEvent, claimOffer] as const };
}

/**
 * What a stored request publishes: its line is written in the language of the request that asked, with
 * the borrower's record under it in the figures both members may read (the line is one stored message).
 */
export function loanRequested(
  ctx: MemberContext,
  loan: { loanId: string; eventId: number; ownerId: string; bookTitle: string; borrowerRecord: BorrowerRecord },
  now: number,
): EventOf<"loan.requested"> {
  const reader = { locale: DEFAULT_REGION_LOCALE[currentLanguage()], timeZone: ctx.user.timezone };
  const asked = translate('📚 Asked to borrow "{title}".', { title: bookTitle(loan.bookTitle, translate) });
  return {
    type: "loan.requested",
    ...loan,
    borrowerId: ctx.user.id,
    borrowerName: ctx.user.name,
    line: `${asked}\n${borrowerRecordFacts(loan.borrowerRecord, translate, reader, "both").join(" · ")}`,
    at: now,
  };
}

/** The owner accepts a request, with a due date (default: 21 days from their today). */
export async function acceptLoan(ctx: ServiceContext, loanId: string, input: z.output<typeof acceptLoanSchema>): Promise<LoanView> {
  const loan = await loadLoan(ctx, loanId);
  const member = ctx as MemberContext;
  requireStep(loan, member.user.id, { owner: ["requested"] }, "accepted");
  const now = Date.now();
  const dueDate = input.dueDate ? checkDueDate(input.dueDate, member.user.timezone, now) : addDays(dayIn(member.user.timezone, now), LOAN_PERIOD_DAYS);
  const [holder] = await ctx.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.bookId, loan.bookId), inArray(loans.state, HOLDING_LOAN_STATES), ne(loans.id, loan.id)))
    .limit(1);
  if (holder) throw conflict(ALREADY_PROMISED);
  const eventId = await commitStep(
    ctx,
    loan,
    member.user.id,
    { action: "accepted", from: ["requested"], set: { state: "accepted", dueDate, renewalRequestedAt: null }, eventDueDate: dueDate },
    "accepted",
    now,
  );
  // The borrower no longer needs a place in the book's queue.
  await ctx.db
    .update(waitlistEntries)
    .set({ state: "claimed" })
    .where(and(eq(waitlistEntries.bookId, loan.bookId), eq(waitlistEntries.userId, loan.borrowerId), inArray(waitlistEntries.state, ["waiting", "offered"])));
  // The chat line (messages) and the borrower's bell (loan-events.ts) follow from the event.
  await publishStep(ctx, {
    ...told(loan, member.user.id, "accepted", eventId),
    dueDate,
    line: translate('✅ Accepted — "{title}" is due back on {date}.', { title: bookTitle(loan.title, translate), date: requestDay(dueDate) }),
  });
  return findLoan(ctx, loanId);
}

export async function declineLoan(ctx: ServiceContext, loanId: string): Promise<LoanView> {
  const loan = await loadLoan(ctx, loanId);
  const me = (ctx as MemberContext).user.id;
  requireStep(loan, me, { owner: ["requested"] }, "declined");
  const now = Date.now();
  const eventId = await commitStep(ctx, loan, me, { action: "declined", from: ["requested"], set: { state: "declined" } }, "declined", now);
  await publishStep(ctx, {
    ...told(loan, me, "declined", eventId),
    line: translate('Declined the request for "{title}".', { title: bookTitle(loan.title, translate) }),
  });
  await offerToNextInLine(ctx, loan.bookId, now);
  return findLoan(ctx, loanId);
}

/** Either side calls a loan off before the book changes hands: the borrower while asked or accepted, the owner once accepted. */
export async function cancelLoan(ctx: ServiceContext, loanId: string): Promise<LoanView> {
  const loan = await loadLoan(ctx, loanId);
  const me = (ctx as MemberContext).user.id;
  requireStep(loan, me, { borrower: ["requested", "accepted"], owner: ["accepted"] }, "cancelled");
  const now = Date.now();
  const from = loan.state;
  const eventId = await commitStep(ctx, loan, me, { action: "cancelled", from: [from], set: { state: "cancelled" } }, "cancelled", now);
  await publishStep(ctx, {
    ...told(loan, me, "cancelled", eventId),
    line:
      from === "requested"
        ? translate('Cancelled the request for "{title}".', { title: bookTitle(loan.title, translate) })
        : translate('Cancelled the loan of "{title}".', { title: bookTitle(loan.title, translate) }),
  });
  // An agreed loan called off frees the book; a request withdrawn never held it.
  await offerToNextInLine(ctx, loan.bookId, now, { freedBy: from === "accepted" ? `cancelled:${loan.id}` : undefined });
  return findLoan(ctx, loanId);
}
