import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { books, HOLDING_LOAN_STATES, loans, OPEN_LOAN_STATES, waitlistEntries } from "@worker/db/schema";
import { findBookById } from "@worker/features/books";
import { requireNotBlocked } from "@worker/features/messages";
import { and, asc, count, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import { MEMBERS_ONLY_BOOK, OWN_BOOK } from "./borrow-chat";
import { lendVerdict, requireMayAsk } from "./lending-rules";
import { errorText } from "./loan-steps";

/** How long the first member in line has to ask for a returned book before it passes to the next. */
export const WAITLIST_OFFER_MS = 48 * 3_600_000;
export const ALREADY_WAITING = msg("You're already on the waitlist for this book.");
export const BOOK_AVAILABLE = msg("This book is available — ask to borrow it instead.");
export const NOT_WAITING = msg("You're not on the waitlist for this book.");
export const ALREADY_BORROWING = msg("You're the one borrowing this book.");

export const waitlistJob = (bookId: string) => `waitlist:${bookId}`;

const OPEN_ENTRY_STATES = ["waiting", "offered"] as const;

/**
 * A member queues for a book someone else holds (a loan accepted or lent) or that is being offered
 * to someone on its waitlist. Returns their place: 1 is next in line.
 */
export async function joinWaitlist(ctx: ServiceContext, bookId: string): Promise<{ place: number }> {
  requireUser(ctx);
  const me = ctx.user.id;
  const book = await findBookById(ctx, bookId);
  if (!book) throw notFound("Book not found");
  if (book.userId === me) throw badRequest(OWN_BOOK);
  if (book.membersOnly) throw forbidden(MEMBERS_ONLY_BOOK);
  await requireNotBlocked(ctx, book.userId);
  await requireMayAsk(ctx.db, bookId, me);
  const now = Date.now();
  const [[holder], [offer], [mine], [myLoan]] = await ctx.db.batch([
    ctx.db
      .select({ borrowerId: loans.borrowerId })
      .from(loans)
      .where(and(eq(loans.bookId, bookId), inArray(loans.state, HOLDING_LOAN_STATES)))
      .limit(1),
    ctx.db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.state, "offered"), gt(waitlistEntries.offerExpiresAt, now)))
      .limit(1),
    ctx.db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.userId, me), inArray(waitlistEntries.state, OPEN_ENTRY_STATES)))
      .limit(1),
    ctx.db
      .select({ state: loans.state })
      .from(loans)
      .where(and(eq(loans.bookId, bookId), eq(loans.borrowerId, me), inArray(loans.state, OPEN_LOAN_STATES)))
      .limit(1),
  ]);
  if (holder?.borrowerId === me) throw conflict(ALREADY_BORROWING);
  if (mine) throw conflict(ALREADY_WAITING);
  if (myLoan) throw conflict("You have already asked to borrow this book.");
  if (!holder && !offer) throw badRequest(BOOK_AVAILABLE);

  let entryId: number;
  try {
    const [row] = await ctx.db.insert(waitlistEntries).values({ bookId, userId: me, createdAt: now }).returning({ id: waitlistEntries.id });
    entryId = row!.id;
  } catch (error) {
    // A double press: waitlist_book_user_open_idx kept the first.
    if (/UNIQUE constraint failed: waitlist_entries\.book_id, waitlist_entries\.user_id/.test(errorText(error))) throw conflict(ALREADY_WAITING);
    throw error;
  }
  const [ahead] = await ctx.db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.state, "waiting"), lt(waitlistEntries.id, entryId)));
  return { place: (ahead?.n ?? 0) + 1 };
}

/** A member leaves the queue; leaving while offered the book passes the offer on at once. */
export async function leaveWaitlist(ctx: ServiceContext, bookId: string): Promise<{ left: true }> {
  requireUser(ctx);
  const [entry] = await ctx.db
    .select({ id: waitlistEntries.id, state: waitlistEntries.state })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.userId, ctx.user.id), inArray(waitlistEntries.state, OPEN_ENTRY_STATES)))
    .limit(1);
  if (!entry) throw notFound(NOT_WAITING);
  const [left] = await ctx.db
    .update(waitlistEntries)
    .set({ state: "left" })
    .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.state, entry.state)))
    .returning({ id: waitlistEntries.id });
  if (!left) throw notFound(NOT_WAITING);
  if (entry.state === "offered") await offerToNextInLine(ctx, bookId, Date.now(), { freedBy: `waitlist:${entry.id}` });
  return { left: true };
}

/**
 * Offers the book to the first waiting member for 48 hours, unless it is not free to offer: a loan
 * holds it, an offer is live, or a member's claim of an earlier offer awaits the owner's answer.
 * Returns the live offer's expiry, or null when there is none. The offer is a compare-and-set on the
 * entry (and on there being no other offer), so two callers at once make one offer. `schedule:
 * false` is for the waitlist job itself, whose timer sets its next alarm from the return value.
 */
export async function offerToNextInLine(
  deps: Deps,
  bookId: string,
  now: number,
  options: { schedule?: boolean; freedBy?: string } = {},
): Promise<number | null> {
  // A few tries: another caller may move the queue meanwhile, and members the rule leaves out are passed over.
  for (let attempt = 0; attempt < 10; attempt++) {
    const [[book], [holder], [offer], [claim], [next]] = await deps.db.batch([
      deps.db.select({ title: books.title, ownerId: books.userId }).from(books).where(eq(books.id, bookId)).limit(1),
      deps.db
        .select({ id: loans.id })
        .from(loans)
        .where(and(eq(loans.bookId, bookId), inArray(loans.state, HOLDING_LOAN_STATES)))
        .limit(1),
      deps.db
        .select({ expiresAt: waitlistEntries.offerExpiresAt })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.state, "offered"), gt(waitlistEntries.offerExpiresAt, now)))
        .limit(1),
      deps.db
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .innerJoin(loans, and(eq(loans.bookId, waitlistEntries.bookId), eq(loans.borrowerId, waitlistEntries.userId), eq(loans.state, "requested")))
        .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.state, "claimed")))
        .limit(1),
      deps.db
        .select({ id: waitlistEntries.id, userId: waitlistEntries.userId })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.state, "waiting")))
        .orderBy(asc(waitlistEntries.id))
        .limit(1),
    ]);
    if (!book || holder || claim) return null;
    if (offer) return offer.expiresAt;
    if (next && !(await lendVerdict(deps.db, bookId, next.userId))?.mayAsk) {
      // The book's rule changed since they joined and leaves them out now: their turn passes.
      await deps.db
        .update(waitlistEntries)
        .set({ state: "expired" })
        .where(and(eq(waitlistEntries.id, next.id), eq(waitlistEntries.state, "waiting")));
      continue;
    }
    if (!next) {
      // Free, and nobody waits: members who want this book near it may hear of it (the wanted feature).
      if (options.freedBy) await publish(deps, { type: "loan.book_free", bookId, freedBy: options.freedBy, at: now });
      return null;
    }

    const expiresAt = now + WAITLIST_OFFER_MS;
    const noOtherOffer = sql`not exists (select 1 from ${waitlistEntries} as other where other.book_id = ${bookId} and other.state = 'offered')`;
    const [offered] = await deps.db
      .update(waitlistEntries)
      .set({ state: "offered", offeredAt: now, offerExpiresAt: expiresAt })
      .where(and(eq(waitlistEntries.id, next.id), eq(waitlistEntries.state, "waiting"), noOtherOffer))
      .returning({ id: waitlistEntries.id });
    // Someone else moved the queue meanwhile: look again.
    if (!offered) continue;
    // The member's bell (loan-events.ts) follows from the event.
    await publish(deps, { type: "loan.offered", entryId: offered.id, bookId, bookTitle: book.title, ownerId: book.ownerId, memberId: next.userId, at: now });
    if (options.schedule ?? true) await scheduleJob(deps.env, waitlistJob(bookId), expiresAt);
    return expiresAt;
  }
  return null;
}

/**
 * The `waitlist:{bookId}` job: an offer that lapsed unclaimed expires and the next member is
 * offered the book. Both moves are compare-and-set on the entries' states, so a retried alarm
 * changes nothing; returns the live offer's expiry (the next run), or null when the queue is done.
 */
export async function runWaitlistOffers(deps: Deps, bookId: string, now: number): Promise<number | null> {
  const [expired] = await deps.db
    .update(waitlistEntries)
    .set({ state: "expired" })
    .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.state, "offered"), lte(waitlistEntries.offerExpiresAt, now)))
    .returning({ id: waitlistEntries.id });
  return offerToNextInLine(deps, bookId, now, { schedule: false, freedBy: expired ? `waitlist:${expired.id}` : undefined });
}
