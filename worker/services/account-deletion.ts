import { and, eq, inArray, isNotNull, not, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import {
  analyticsEvents,
  blocks,
  books,
  clubs,
  dataExports,
  emailOutbox,
  HOLDING_LOAN_STATES,
  importJobs,
  interestRegistrations,
  inviteCodeFailures,
  joinRequests,
  loanEvents,
  loans,
  memberships,
  notificationPreferences,
  notifications,
  sessions,
  users,
  waitlistEntries,
} from "../db/schema";
import { conflict, requireUser } from "./errors";
import { scheduleJob } from "./job-timers";
import { borrowerTookPart } from "./loan-queries";
import { loanReminderJob } from "./loan-reminders";
import type { ServiceContext } from "./types";
import { signOutOpenTabs } from "./member-inboxes";
import { offerToNextInLine } from "./waitlist";

/** What the member types to confirm; the page and the API both ask for it. */
export const DELETE_CONFIRMATION_WORD = "DELETE";
export const DELETED_MEMBER_NAME = "Deleted member";
export const DELETION_BLOCKED = "You can't delete your account while a book is lent out or you hold someone else's book.";

export const deleteAccountSchema = z.object({
  confirm: z
    .string({ message: `Please type ${DELETE_CONFIRMATION_WORD} to confirm.` })
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION_WORD, `Please type ${DELETE_CONFIRMATION_WORD} to confirm.`),
});

/** A book that keeps the account open: the member's book is lent (or promised), or they hold another's. */
export interface DeletionBlocker {
  bookId: string;
  title: string;
  /** "lent": the member's own book is out with `otherName`; "held": the member holds `otherName`'s book. */
  side: "lent" | "held";
  otherName: string | null;
}

/** Tombstone e-mails are unique and no address, so nobody can sign in with one or find it. */
export const tombstoneEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * The loans (accepted or lent, either side) and manual 'Lent' marks that refuse deletion, with their
 * books. A loan the member holds counts only if they took part in it (asked for it...): one another
 * member recorded on them with the manual 'Lent' edit, that they never answered, is not theirs to
 * settle, and ends with the account (see `deleteAccount`).
 */
export async function accountDeletionBlockers(ctx: ServiceContext): Promise<DeletionBlocker[]> {
  requireUser(ctx);
  const me = ctx.user.id;
  const other = alias(users, "other");
  const [asOwner, asBorrower, manual] = await ctx.db.batch([
    ctx.db
      .select({ bookId: books.id, title: books.title, otherName: other.name })
      .from(loans)
      .innerJoin(books, eq(books.id, loans.bookId))
      .innerJoin(other, eq(other.id, loans.borrowerId))
      .where(and(eq(loans.ownerId, me), inArray(loans.state, [...HOLDING_LOAN_STATES]))),
    ctx.db
      .select({ bookId: books.id, title: books.title, otherName: other.name })
      .from(loans)
      .innerJoin(books, eq(books.id, loans.bookId))
      .innerJoin(other, eq(other.id, loans.ownerId))
      .where(and(eq(loans.borrowerId, me), inArray(loans.state, [...HOLDING_LOAN_STATES]), borrowerTookPart)),
    // The member's own book marked lent by hand, to a member or to a name typed in, with or without a
    // loan row. (A mark naming the member as borrower always has its loan, since migration 0006.)
    ctx.db
      .select({ bookId: books.id, title: books.title, lentTo: books.lentToUserName })
      .from(books)
      .where(and(eq(books.userId, me), eq(books.status, "borrowed"))),
  ]);
  const blockers = new Map<string, DeletionBlocker>();
  for (const row of asOwner) blockers.set(row.bookId, { ...row, side: "lent" });
  for (const row of asBorrower) blockers.set(row.bookId, { ...row, side: "held" });
  for (const row of manual) {
    if (blockers.has(row.bookId)) continue;
    blockers.set(row.bookId, { bookId: row.bookId, title: row.title, side: "lent", otherName: row.lentTo });
  }
  return [...blockers.values()];
}

/** The refusal's message names the books, so an API client can show it as it is. */
function blockedMessage(blockers: DeletionBlocker[]): string {
  const titles = blockers.map((blocker) => `"${blocker.title || "Untitled"}"`).join(", ");
  return `${DELETION_BLOCKED} Books: ${titles}.`;
}

/**
 * Deletes the member's account. Refused (409) while a loan holds a book on either side (one they
 * never took part in ends instead, see `accountDeletionBlockers`). Otherwise one
 * D1 batch (one transaction) hands over or deletes their clubs, removes their books (loans, waitlists
 * and search entries follow by cascade and trigger), memberships, requests, notifications, preferences,
 * outbox, blocks, imports, exports and every session, and turns the users row into a tombstone named
 * "Deleted member" so the other side of each conversation keeps its messages. Then their covers,
 * pictures and export zips leave R2.
 */
export async function deleteAccount(ctx: ServiceContext): Promise<{ deleted: true; clubsHandedOver: number; clubsDeleted: number }> {
  requireUser(ctx);
  const me = ctx.user.id;
  const blockers = await accountDeletionBlockers(ctx);
  if (blockers.length > 0) throw conflict(blockedMessage(blockers));

  const [createdClubs, ownCovers, ownExports, heldOffers, unanswered] = await ctx.db.batch([
    ctx.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.createdBy, me)),
    ctx.db.select({ key: books.coverKey }).from(books).where(and(eq(books.userId, me), isNotNull(books.coverKey))),
    ctx.db.select({ key: dataExports.zipKey }).from(dataExports).where(and(eq(dataExports.userId, me), isNotNull(dataExports.zipKey))),
    ctx.db.select({ bookId: waitlistEntries.bookId }).from(waitlistEntries).where(and(eq(waitlistEntries.userId, me), eq(waitlistEntries.state, "offered"))),
    // Loans others recorded on the member that they never answered (not blockers, see above).
    ctx.db
      .select({ id: loans.id, bookId: loans.bookId })
      .from(loans)
      .where(and(eq(loans.borrowerId, me), eq(loans.state, "lent"), not(borrowerTookPart))),
  ]);
  const clubIds = createdClubs.map((club) => club.id);
  // An active admin other than the member, else the oldest active member: one correlated pick per club.
  const successor = sql`(select ${memberships.userId} from ${memberships} where ${memberships.clubId} = ${clubs.id} and ${memberships.userId} <> ${me} and ${memberships.status} = 'active' order by (${memberships.role} = 'admin') desc, ${memberships.createdAt} asc, ${memberships.userId} asc limit 1)`;
  const now = Date.now();

  const clubSteps = clubIds.length
    ? ([
        ctx.db
          .update(clubs)
          .set({ createdBy: sql`${successor}`, updatedAt: now })
          .where(and(inArray(clubs.id, clubIds), sql`${successor} is not null`))
          .returning({ id: clubs.id }),
        // The new owner is an admin of the club they now own.
        ctx.db
          .update(memberships)
          .set({ role: "admin" })
          .where(
            and(
              inArray(memberships.clubId, clubIds),
              eq(memberships.status, "active"),
              sql`${memberships.userId} = (select ${clubs.createdBy} from ${clubs} where ${clubs.id} = ${memberships.clubId})`,
              sql`${memberships.userId} <> ${me}`,
            ),
          ),
        // Nobody else was in it: the club goes (its memberships, requests and invite code by cascade).
        ctx.db.delete(clubs).where(eq(clubs.createdBy, me)).returning({ id: clubs.id }),
      ] as const)
    : null;

  // Each such loan ends as if the member had said "I don't have this book": the event, then the book
  // back to available, then the loan (the first two still find it lent). Conditions, not id lists:
  // someone may have recorded more loans on the member than a statement may bind parameters.
  const unansweredLoan = and(eq(loans.borrowerId, me), eq(loans.state, "lent"), not(borrowerTookPart));
  const endUnanswered: BatchItem<"sqlite">[] = unanswered.length
    ? [
        ctx.db.insert(loanEvents).select(
          ctx.db
            .select({
              id: sql<number>`null`.as("id"),
              loanId: loans.id,
              action: sql<"disowned">`'disowned'`.as("action"),
              actorId: sql<string>`${me}`.as("actor_id"),
              dueDate: sql<string | null>`null`.as("due_date"),
              createdAt: sql<number>`${now}`.as("created_at"),
            })
            .from(loans)
            .where(unansweredLoan),
        ),
        ctx.db
          .update(books)
          .set({ status: "available", lentToUserId: null, lentToUserName: null, updatedAt: now })
          .where(and(eq(books.lentToUserId, me), inArray(books.id, ctx.db.select({ bookId: loans.bookId }).from(loans).where(unansweredLoan)))),
        ctx.db.update(loans).set({ state: "cancelled", updatedAt: now }).where(unansweredLoan),
      ]
    : [];

  const rest = [
    // Books by the member go, and with them loans of those books, their waitlists and FTS rows.
    ctx.db.delete(books).where(eq(books.userId, me)),
    // Their open requests to borrow others' books; finished loans stay in the owner's history.
    ctx.db.delete(loans).where(and(eq(loans.borrowerId, me), eq(loans.state, "requested"))),
    ctx.db.delete(waitlistEntries).where(eq(waitlistEntries.userId, me)),
    ctx.db.delete(memberships).where(eq(memberships.userId, me)),
    ctx.db.delete(joinRequests).where(eq(joinRequests.userId, me)),
    ctx.db.delete(notifications).where(eq(notifications.userId, me)),
    ctx.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, me)),
    ctx.db.delete(emailOutbox).where(eq(emailOutbox.userId, me)),
    ctx.db.delete(interestRegistrations).where(eq(interestRegistrations.email, ctx.user.email)),
    ctx.db.delete(blocks).where(or(eq(blocks.blockerId, me), eq(blocks.blockedId, me))),
    ctx.db.delete(importJobs).where(eq(importJobs.userId, me)),
    ctx.db.delete(dataExports).where(eq(dataExports.userId, me)),
    ctx.db.delete(inviteCodeFailures).where(eq(inviteCodeFailures.userId, me)),
    ctx.db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, me)),
    // Every device at once.
    ctx.db.delete(sessions).where(eq(sessions.userId, me)),
    ctx.db
      .update(users)
      .set({
        name: DELETED_MEMBER_NAME,
        email: tombstoneEmail(me),
        googleSub: null,
        bio: "",
        picture: null,
        showEmail: false,
        isDemo: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, me)),
    ...endUnanswered,
  ] as const;

  let handedOver = 0;
  let deletedClubs = 0;
  if (clubSteps) {
    const [moved, , removed] = await ctx.db.batch([...clubSteps, ...rest]);
    handedOver = moved.length;
    deletedClubs = removed.length;
  } else {
    await ctx.db.batch(rest);
  }

  // A book that was being offered to the member goes to the next in line now, not when the offer lapses.
  for (const { bookId } of heldOffers) await offerToNextInLine(ctx, bookId, Date.now());
  // The loans that ended with the account: no more reminders, and the books' waitlists move.
  for (const loan of unanswered) {
    await scheduleJob(ctx.env, loanReminderJob(loan.id), null);
    await offerToNextInLine(ctx, loan.bookId, Date.now());
  }
  // Every open tab is signed out at once; this one ignores the notice and goes on to the goodbye page.
  await signOutOpenTabs(ctx, me);
  await deleteMemberObjects(ctx, me, [...ownCovers, ...ownExports].map((row) => row.key));
  return { deleted: true, clubsHandedOver: handedOver, clubsDeleted: deletedClubs };
}

/** The member's prefixes in MEDIA: covers and uploads, profile pictures, data-download zips. */
export const memberMediaPrefixes = (userId: string) => [`covers/${userId}/`, `avatars/${userId}/`, `exports/${userId}/`];

/**
 * Deletes everything under the member's prefixes, plus the listed keys (covers stored elsewhere by
 * older rows) that no remaining book still shows. External (https) covers are not ours to delete.
 */
async function deleteMemberObjects({ db, env }: ServiceContext, userId: string, extraKeys: (string | null)[]) {
  const keys = new Set<string>();
  for (const prefix of memberMediaPrefixes(userId)) {
    let cursor: string | undefined;
    do {
      const listing = await env.MEDIA.list({ prefix, cursor, limit: 1000 });
      for (const object of listing.objects) keys.add(object.key);
      cursor = listing.truncated ? listing.cursor : undefined;
    } while (cursor);
  }
  const outside = extraKeys.filter((key): key is string => !!key && !/^https?:/.test(key) && !keys.has(key));
  if (outside.length > 0) {
    const stillShown = new Set<string>();
    for (let i = 0; i < outside.length; i += 90) {
      const rows = await db.select({ key: books.coverKey }).from(books).where(inArray(books.coverKey, outside.slice(i, i + 90)));
      for (const row of rows) if (row.key) stillShown.add(row.key);
    }
    for (const key of outside) if (!stillShown.has(key)) keys.add(key);
  }
  const all = [...keys];
  for (let i = 0; i < all.length; i += 1000) await env.MEDIA.delete(all.slice(i, i + 1000));
}
