import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { type EventOf, publish } from "@worker/core/events/registry";
import { currentLanguage, translate } from "@worker/core/i18n/request-language";
import { limit } from "@worker/core/rate-limit";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import { dayIn, daysBetween } from "@worker/core/shared/calendar";
import { DEFAULT_LOCALE, formatCalendarDay } from "@worker/core/shared/date-format";
import { DEFAULT_REGION_LOCALE } from "@worker/core/shared/languages";
import { msg, type Translate } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { books, type LoanAction, type LoanState, loanEvents, loans, users } from "@worker/db/schema";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { LOAN_NOT_FOUND } from "./loan-queries";

export const ALREADY_PROMISED = msg("This book is already promised to another member.");
export const DUE_DATE_IN_PAST = msg("The due date can't be in the past.");
export const DUE_DATE_TOO_FAR = msg("The due date can be at most a year ahead.");
export const ONLY_OWNER = msg("Only the book's owner can do that.");
export const ONLY_BORROWER = msg("Only the member who asked to borrow the book can do that.");
export const LOAN_RATE_LIMITED = msg("You're doing that too quickly. Please wait a moment.");
/** How far ahead a due date may be set. */
export const MAX_DUE_DAYS = 365;

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** What every step needs to know about its loan. */
export interface LoanRecord {
  id: string;
  bookId: string;
  ownerId: string;
  borrowerId: string;
  state: LoanState;
  dueDate: string | null;
  renewalRequestedAt: number | null;
  title: string;
  ownerName: string;
  borrowerName: string;
}

const ownerUser = alias(users, "step_owner");
const borrowerUser = alias(users, "step_borrower");

/** What a step needs of the loan row itself, for every query that loads a loan to change it. */
export const loanStepColumns = {
  id: loans.id,
  bookId: loans.bookId,
  ownerId: loans.ownerId,
  borrowerId: loans.borrowerId,
  state: loans.state,
  dueDate: loans.dueDate,
  renewalRequestedAt: loans.renewalRequestedAt,
};

/** The loan if the member is one of its two sides; 404 otherwise, so loan ids reveal nothing. */
export async function loadLoan(ctx: ServiceContext, loanId: string): Promise<LoanRecord> {
  requireUser(ctx);
  const me = ctx.user.id;
  const [loan] = await ctx.db
    .select({
      ...loanStepColumns,
      title: books.title,
      ownerName: ownerUser.name,
      borrowerName: borrowerUser.name,
    })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .innerJoin(ownerUser, eq(ownerUser.id, loans.ownerId))
    .innerJoin(borrowerUser, eq(borrowerUser.id, loans.borrowerId))
    .where(and(eq(loans.id, loanId), or(eq(loans.ownerId, me), eq(loans.borrowerId, me))))
    .limit(1);
  if (!loan) throw notFound(LOAN_NOT_FOUND);
  return loan;
}

/**
 * Refuses a step the member may not take: 403 when only the other side takes it from any state,
 * 409 when their side could, but not from the loan's current state.
 */
export function requireStep(
  loan: LoanRecord,
  actorId: string,
  allowed: { owner?: readonly LoanState[]; borrower?: readonly LoanState[] },
  verb: StepVerb,
): "owner" | "borrower" {
  const side = loan.ownerId === actorId ? "owner" : "borrower";
  const states = allowed[side];
  if (!states) throw forbidden(side === "owner" ? ONLY_BORROWER : ONLY_OWNER);
  if (!states.includes(loan.state)) throw conflict(cantNow(verb));
  return side;
}

/** The 409 of a step the member's side could take, but not from the loan's current state: one whole sentence per step. */
const CANT_NOW = {
  accepted: msg("This loan can't be accepted now."),
  declined: msg("This loan can't be declined now."),
  cancelled: msg("This loan can't be cancelled now."),
  "marked lent": msg("This loan can't be marked lent now."),
  "marked returned": msg("This loan can't be marked returned now."),
  "given a new due date": msg("This loan can't be given a new due date now."),
  renewed: msg("This loan can't be renewed now."),
  ended: msg("This loan can't be ended now."),
} as const;

/** What a step does to a loan, as its refusal names it ("This loan can't be accepted now."). */
export type StepVerb = keyof typeof CANT_NOW;

export const cantNow = (verb: StepVerb): string => CANT_NOW[verb];

/** A due date the owner sets: not before their today, at most a year after it. */
export function checkDueDate(dueDate: string, timeZone: string, now: number): string {
  const ahead = daysBetween(dayIn(timeZone, now), dueDate);
  if (ahead < 0) throw badRequest(DUE_DATE_IN_PAST);
  if (ahead > MAX_DUE_DAYS) throw badRequest(DUE_DATE_TOO_FAR);
  return dueDate;
}

/** Whether a write failed on loans_book_holding_idx: another loan already holds the book. */
export function isHoldingClash(error: unknown): boolean {
  return /UNIQUE constraint failed: loans\.book_id(?!, )/.test(errorText(error));
}
/** Whether a write failed on loans_book_borrower_open_idx: the borrower already has an open loan on the book. */
export function isOpenLoanClash(error: unknown): boolean {
  return /UNIQUE constraint failed: loans\.book_id, loans\.borrower_id/.test(errorText(error));
}
export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
}

/** A step after the request (which publishes "loan.requested" on its own). */
export type StepAction = Exclude<LoanAction, "requested">;

export interface Transition {
  loanId: string;
  actorId: string;
  action: LoanAction;
  from: readonly LoanState[];
  /** The loan's new values (its state, due date...). */
  set: Partial<typeof loans.$inferInsert> & { state: LoanState };
  /** A further condition on the loan, checked with its state (e.g. no renewal asked yet). */
  guard?: SQL;
  /** What the step does to the book row, if anything. */
  book?: { id: string; set: Partial<typeof books.$inferInsert> };
  /** The due date the step set, recorded on its event. */
  eventDueDate?: string | null;
  /** Further writes of the step (a condition record), last in its batch; each checks that the step landed. */
  also?: BatchItem<"sqlite">[];
}

/**
 * A compare-and-set step as statements for one D1 batch (a transaction): the event is recorded only
 * if the loan is still in a `from` state, the loan moves under the same condition, and the book
 * follows only if the loan is now in the new state. Two racing steps therefore never both win: the
 * loser's batch records nothing, and its first statement returns no row.
 */
export function transitionStatements(db: Database, step: Transition, now: number): Batch {
  const still = and(eq(loans.id, step.loanId), inArray(loans.state, step.from), step.guard);
  const event = db
    .insert(loanEvents)
    .select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          loanId: loans.id,
          action: sql<LoanAction>`${step.action}`.as("action"),
          actorId: sql<string>`${step.actorId}`.as("actor_id"),
          dueDate: sql<string | null>`${step.eventDueDate ?? null}`.as("due_date"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(loans)
        .where(still),
    )
    .returning({ id: loanEvents.id });
  const loan = db
    .update(loans)
    .set({ ...step.set, updatedAt: now })
    .where(still);
  const also = step.also ?? [];
  if (!step.book) return [event, loan, ...also];
  const moved = sql`exists (select 1 from ${loans} where ${loans.id} = ${step.loanId} and ${loans.state} = ${step.set.state} and ${loans.updatedAt} = ${now})`;
  const book = db
    .update(books)
    .set({ ...step.book.set, updatedAt: now })
    .where(and(eq(books.id, step.book.id), moved));
  return [event, loan, book, ...also];
}

/** Runs one step; returns its event id, or throws 409 when the loan moved on meanwhile (or another loan holds the book). */
export async function commitTransition(db: Database, step: Transition, verb: StepVerb, now: number): Promise<number> {
  let results: unknown[];
  try {
    results = await db.batch(transitionStatements(db, step, now));
  } catch (error) {
    if (isHoldingClash(error)) throw conflict(ALREADY_PROMISED);
    throw error;
  }
  const [event] = results[0] as { id: number }[];
  if (!event) throw conflict(cantNow(verb));
  return event.id;
}

/** Commits one step of a loan the member loaded (see `loadLoan`). */
export function commitStep(
  ctx: ServiceContext,
  loan: LoanRecord,
  actorId: string,
  change: Omit<Transition, "loanId" | "actorId">,
  verb: StepVerb,
  now: number,
): Promise<number> {
  return commitTransition(ctx.db, { loanId: loan.id, actorId, ...change }, verb, now);
}

/** Who tells whom about a step: the actor posts, the other side is notified; the bell names the actor and the book. */
export function told(loan: LoanRecord, actorId: string, action: StepAction, eventId: number) {
  const byOwner = actorId === loan.ownerId;
  return {
    loanId: loan.id,
    eventId,
    action,
    actorId,
    actorName: byOwner ? loan.ownerName : loan.borrowerName,
    otherId: byOwner ? loan.borrowerId : loan.ownerId,
    bookTitle: loan.title,
  };
}

/** Fresh-insert statements: a loan row and its first event (requests, and the manual 'Lent' edit). */
export function newLoanStatements(
  db: Database,
  loan: { id: string; bookId: string; ownerId: string; borrowerId: string; state: LoanState; dueDate: string | null },
  event: { action: LoanAction; actorId: string },
  now: number,
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  return [
    db.insert(loans).values({
      id: loan.id,
      bookId: loan.bookId,
      ownerId: loan.ownerId,
      borrowerId: loan.borrowerId,
      state: loan.state,
      dueDate: loan.dueDate,
      createdAt: now,
      updatedAt: now,
    }),
    db
      .insert(loanEvents)
      .values({ loanId: loan.id, action: event.action, actorId: event.actorId, dueDate: loan.dueDate, createdAt: now })
      .returning({ id: loanEvents.id }),
  ];
}

/** What a step publishes, but its name and time: see "loan.step_taken" in loan-events.ts. */
export type StepTaken = Omit<EventOf<"loan.step_taken">, "type" | "at">;

/**
 * Publishes the step (it is stored): the line in the pair's chat (messages) and the other side's bell
 * (loan-events.ts) follow from it, each keyed by the event, so a repeat adds nothing. A subscriber's
 * failure is logged by publish(), never reported as the step failing.
 */
export function publishStep(deps: Deps, step: StepTaken, now = Date.now()): Promise<void> {
  return publish(deps, { type: "loan.step_taken", ...step, at: now });
}

/** "12 Dec 2026": due dates in lines and notifications (calendar days, so no timezone shift), in `locale`'s words. */
export function longDay(day: string, locale: string = DEFAULT_LOCALE): string {
  return formatCalendarDay(day, locale);
}

/** A due date in a step's chat line: in the language of the request that took the step. */
export function requestDay(day: string): string {
  return longDay(day, DEFAULT_REGION_LOCALE[currentLanguage()]);
}

/** How much of a book's title a line, a bell item or an e-mail subject quotes (titles may have 300 characters). */
export const QUOTED_TITLE_MAX = 80;

/** The book's title as steps quote it: "Untitled Book" (in `t`'s language) for none, a long one cut with an ellipsis. */
export function bookTitle(title: string, t: Translate): string {
  const text = title || t("Untitled Book");
  return text.length > QUOTED_TITLE_MAX ? `${text.slice(0, QUOTED_TITLE_MAX - 1).trimEnd()}…` : text;
}

/** The chat line of a hand-over (asked for or not), in the language of the request that made it. */
export function handedOverLine(title: string, dueDate: string | null): string {
  const quoted = bookTitle(title, translate);
  return dueDate
    ? translate('Handed over "{title}". Due back {date}.', { title: quoted, date: requestDay(dueDate) })
    : translate('Handed over "{title}".', { title: quoted });
}

/**
 * Every write that tells another member about a loan counts against LOAN_LIMITER, per member (the
 * loans API's steps and the book edit that lends or takes back a book share one bucket): a person
 * never notices it; a script cycling a loan to ring someone's bell does.
 */
export async function limitLoanWrite(ctx: { env: Env }, memberId: string): Promise<void> {
  await limit(ctx.env.LOAN_LIMITER, `loans:${memberId}`, LOAN_RATE_LIMITED);
}
