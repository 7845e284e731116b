import { conflict, requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { AccountDeletionPart, DeletingMember, DeletionCounts, MemberDeletion } from "@worker/core/member-data-parts";
import type { ServiceContext } from "@worker/core/service-context";
import { analyticsEvents, books, HOLDING_LOAN_STATES, interestRegistrations, loans, users } from "@worker/db/schema";
import { sessionsDeletionPart } from "@worker/features/auth";
import { booksDeletionPart } from "@worker/features/books";
import { meetingsDeletionPart } from "@worker/features/club-meetings";
import { pollsDeletionPart } from "@worker/features/club-polls";
import { clubReadingDeletionPart } from "@worker/features/club-reading";
import { clubRoomDeletionPart } from "@worker/features/club-room";
import { clubsDeletionPart } from "@worker/features/clubs";
import { commentsDeletionPart } from "@worker/features/comments";
import { followsDeletionPart } from "@worker/features/follows";
import { memberAreaDeletionPart } from "@worker/features/geo";
import { importsDeletionPart } from "@worker/features/imports";
import { borrowerTookPart, loanRecordDeletionPart, loansDeletionPart } from "@worker/features/loans";
import { blocksDeletionPart, conversationsDeletionPart } from "@worker/features/messages";
import { reportsDeletionPart } from "@worker/features/moderation";
import { notificationsDeletionPart } from "@worker/features/notifications";
import { pushDeletionPart } from "@worker/features/push";
import { wantedDeletionPart } from "@worker/features/wanted";
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { dataExportsDeletionPart } from "./data-download";

/** What the member types to confirm; the page and the API both ask for it. */
export const DELETE_CONFIRMATION_WORD = "DELETE";
export const DELETED_MEMBER_NAME = "Deleted member";

/** Written when the confirmation is refused, so it is in the request's language. */
const typeToConfirm = () => translate("Please type {word} to confirm.", { word: DELETE_CONFIRMATION_WORD });

export const deleteAccountSchema = z.object({
  confirm: z
    .string({ error: typeToConfirm })
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION_WORD, { error: typeToConfirm }),
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

/** The refusal names the books, so an API client can show its message as it is. */
function blockedRefusal(blockers: DeletionBlocker[]) {
  const titles = blockers.map((blocker) => `"${blocker.title || translate("Untitled")}"`).join(", ");
  return conflict("You can't delete your account while a book is lent out or you hold someone else's book. Books: {titles}.", { titles });
}

/**
 * The account's own rows: the users row becomes a tombstone named "Deleted member" (so the other side
 * of each conversation keeps its messages), usage events lose the member id, interest registrations
 * under their e-mail go, and their profile pictures leave R2.
 */
export const tombstoneDeletionPart: AccountDeletionPart = {
  name: "tombstone",
  covers: [
    { table: users, how: "made a tombstone: no e-mail, no profile, named Deleted member" },
    { table: analyticsEvents, how: "member id cleared; the events stay" },
    { table: interestRegistrations, how: "deleted, found by the member's e-mail" },
  ],
  async plan({ db, user }, now) {
    return {
      statements: [
        db.delete(interestRegistrations).where(eq(interestRegistrations.email, user.email)),
        db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, user.id)),
        db
          .update(users)
          .set({
            name: DELETED_MEMBER_NAME,
            email: tombstoneEmail(user.id),
            googleSub: null,
            bio: "",
            picture: null,
            showEmail: false,
            isDemo: false,
            deletedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, user.id)),
      ],
      mediaPrefixes: [`avatars/${user.id}/`],
    };
  },
};

/**
 * Every feature's part of deleting a member, in the order their statements run in the one batch and
 * their after-effects run after it. A new table holding a member id gets its part here;
 * tests/account/member-tables.unit.test.ts fails until it has one. Clubs come first: the handover
 * picks among memberships before they change. Sessions and the tombstone come last.
 */
export const ACCOUNT_DELETION_PARTS: readonly AccountDeletionPart[] = [
  clubsDeletionPart,
  meetingsDeletionPart,
  pollsDeletionPart,
  booksDeletionPart,
  memberAreaDeletionPart,
  commentsDeletionPart,
  clubReadingDeletionPart,
  loansDeletionPart,
  loanRecordDeletionPart,
  notificationsDeletionPart,
  pushDeletionPart,
  blocksDeletionPart,
  followsDeletionPart,
  wantedDeletionPart,
  clubRoomDeletionPart,
  importsDeletionPart,
  dataExportsDeletionPart,
  conversationsDeletionPart,
  reportsDeletionPart,
  sessionsDeletionPart,
  tombstoneDeletionPart,
];

/**
 * Deletes the member's account. Refused (409) while a loan holds a book on either side (one they
 * never took part in ends instead, see `accountDeletionBlockers`). Otherwise each part in
 * ACCOUNT_DELETION_PARTS reads what it needs, then all their statements run as one D1 batch (one
 * transaction): clubs handed over or deleted, books (loans, waitlists and search entries follow by
 * cascade and trigger), memberships, requests, notifications, preferences, outbox, blocks, imports,
 * exports and every session go, and the users row becomes the tombstone. Then each part's
 * after-effects run, and the member's covers, pictures and export zips leave R2.
 */
export async function deleteAccount(ctx: ServiceContext): Promise<{ deleted: true } & DeletionCounts> {
  requireUser(ctx);
  const member: DeletingMember = ctx;
  const blockers = await accountDeletionBlockers(ctx);
  if (blockers.length > 0) throw blockedRefusal(blockers);

  const now = Date.now();
  // The parts only read while planning, so they read at once; their statements keep the list's order.
  const plans: MemberDeletion[] = await Promise.all(ACCOUNT_DELETION_PARTS.map((part) => part.plan(member, now)));
  const statements = plans.flatMap((plan) => plan.statements ?? []);
  const results: unknown[] = statements.length ? await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : [];

  const counts: DeletionCounts = { clubsHandedOver: 0, clubsDeleted: 0 };
  let offset = 0;
  for (const plan of plans) {
    const own = plan.statements?.length ?? 0;
    Object.assign(counts, plan.counts?.(results.slice(offset, offset + own)));
    offset += own;
  }
  for (const plan of plans) await plan.after?.();
  await deleteMemberObjects(
    ctx,
    plans.flatMap((plan) => plan.mediaPrefixes ?? []),
    plans.flatMap((plan) => plan.mediaKeys ?? []),
  );
  return { deleted: true, ...counts };
}

/**
 * Deletes everything under the member's prefixes, plus the listed keys (covers stored elsewhere by
 * older rows) that no remaining book still shows. External (https) covers are not ours to delete.
 */
async function deleteMemberObjects({ db, env }: ServiceContext, prefixes: string[], extraKeys: (string | null)[]) {
  const keys = new Set<string>();
  for (const prefix of prefixes) {
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
      const rows = await db
        .select({ key: books.coverKey })
        .from(books)
        .where(inArray(books.coverKey, outside.slice(i, i + 90)));
      for (const row of rows) if (row.key) stillShown.add(row.key);
    }
    for (const key of outside) if (!stillShown.has(key)) keys.add(key);
  }
  const all = [...keys];
  for (let i = 0; i < all.length; i += 1000) await env.MEDIA.delete(all.slice(i, i + 1000));
}
