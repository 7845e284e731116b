import type { Database } from "@worker/db/client";
import { clubs, follows, loanRecords, loans, memberships, users } from "@worker/db/schema";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

/** Clubs named on a record; more are counted. */
const CLUBS_NAMED = 3;

/** Clubs the viewer and the member are both active in. */
export interface SharedClubs {
  names: string[];
  count: number;
}

/** What an owner sees of whoever asks to borrow: facts from the ledger, never free text. */
export interface BorrowerRecord {
  /** Loans they borrowed and gave back. */
  loansCompleted: number;
  /** Of those, back by the end of the due day. */
  returnedOnTime: number;
  returnedLate: number;
  /** Of those, given back damaged when they were not damaged at hand-over ("returned, damaged"; not late). */
  returnedDamaged: number;
  /** Books they hold now, and of those past their due day. */
  openNow: number;
  overdueNow: number;
  memberSince: number;
  sharedClubs: SharedClubs;
  viewerFollows: boolean;
  followsViewer: boolean;
  /** No loan completed and none open: "New member, no loans yet" (not a penalty). */
  isNew: boolean;
}

/** How soon an owner usually answers a request: the median answer's step. */
export const ANSWER_STEPS = ["hour", "day", "three_days", "week", "longer"] as const;
export type AnswerStep = (typeof ANSWER_STEPS)[number];

/** What a borrower sees of a book's owner. */
export interface LenderRecord {
  /** Loans they lent and had back. */
  loansCompleted: number;
  /** Null until they have answered a request. */
  usuallyAnswers: AnswerStep | null;
  sharedClubs: SharedClubs;
}

const mine = alias(memberships, "mine");
const theirs = alias(memberships, "theirs");

/** The clubs each member shares with the viewer, in one read over both members' memberships. */
function sharedClubsQuery(db: Database, viewerId: string, memberIds: string[]) {
  return db
    .select({ userId: theirs.userId, name: clubs.name })
    .from(mine)
    .innerJoin(theirs, and(eq(theirs.clubId, mine.clubId), eq(theirs.status, "active"), inArray(theirs.userId, memberIds)))
    .innerJoin(clubs, eq(clubs.id, mine.clubId))
    .where(and(eq(mine.userId, viewerId), eq(mine.status, "active")));
}

function groupClubs(rows: { userId: string; name: string }[]): Map<string, SharedClubs> {
  const byMember = new Map<string, string[]>();
  for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row.name]);
  return new Map(
    [...byMember].map(([userId, names]) => {
      const sorted = names.sort((a, b) => a.localeCompare(b));
      return [userId, { names: sorted.slice(0, CLUBS_NAMED), count: sorted.length }];
    }),
  );
}

const NO_CLUBS: SharedClubs = { names: [], count: 0 };

/**
 * The reads behind borrowers' records as `viewerId` (an owner) sees them, for the caller's batch, whatever
 * their number of loans: their counters (primary key), their lent loans now (loans_borrower_lent_due_idx),
 * the clubs they share with the viewer and the follows between them. `today` is the viewer's day.
 */
export function borrowerRecordReads(db: Database, viewerId: string, borrowerIds: readonly string[], today: string) {
  const ids = [...new Set(borrowerIds)];
  return [
    db.select({ id: users.id, since: users.createdAt }).from(users).where(inArray(users.id, ids)),
    db.select().from(loanRecords).where(inArray(loanRecords.userId, ids)),
    db
      .select({
        userId: loans.borrowerId,
        open: sql<number>`count(*)`,
        overdue: sql<number>`coalesce(sum(${loans.dueDate} < ${today}), 0)`,
      })
      .from(loans)
      .where(and(inArray(loans.borrowerId, ids), eq(loans.state, "lent")))
      .groupBy(loans.borrowerId),
    sharedClubsQuery(db, viewerId, ids),
    db
      .select({ followerId: follows.followerId, followeeId: follows.followeeId })
      .from(follows)
      .where(
        or(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, ids)), and(eq(follows.followeeId, viewerId), inArray(follows.followerId, ids))),
      ),
  ] as const;
}

type RecordRows<T> = { [K in keyof T]: T[K] extends { then: unknown } ? Awaited<T[K]> : never };

/** The records from `borrowerRecordReads`'s answers, by member id. */
export function toBorrowerRecords(viewerId: string, rows: RecordRows<ReturnType<typeof borrowerRecordReads>>): Map<string, BorrowerRecord> {
  const [people, counters, open, shared, followed] = rows;
  const countersOf = new Map(counters.map((row) => [row.userId, row]));
  const openOf = new Map(open.map((row) => [row.userId, row]));
  const clubsOf = groupClubs(shared);
  const pairs = new Set(followed.map((row) => `${row.followerId} ${row.followeeId}`));
  return new Map(
    people.map((person) => {
      const counter = countersOf.get(person.id);
      const now = openOf.get(person.id);
      const record: BorrowerRecord = {
        loansCompleted: counter?.borrowedReturned ?? 0,
        returnedOnTime: counter?.returnedOnTime ?? 0,
        returnedLate: counter?.returnedLate ?? 0,
        returnedDamaged: counter?.returnedDamaged ?? 0,
        openNow: now?.open ?? 0,
        overdueNow: now?.overdue ?? 0,
        memberSince: person.since,
        sharedClubs: clubsOf.get(person.id) ?? NO_CLUBS,
        viewerFollows: pairs.has(`${viewerId} ${person.id}`),
        followsViewer: pairs.has(`${person.id} ${viewerId}`),
        isNew: (counter?.borrowedReturned ?? 0) === 0 && (now?.open ?? 0) === 0,
      };
      return [person.id, record];
    }),
  );
}

/** The records of these borrowers as `viewerId` (an owner) sees them, in one batch (`borrowerRecordReads`). */
export async function borrowerRecords(db: Database, viewerId: string, borrowerIds: readonly string[], today: string): Promise<Map<string, BorrowerRecord>> {
  if (borrowerIds.length === 0) return new Map();
  return toBorrowerRecords(viewerId, await db.batch(borrowerRecordReads(db, viewerId, borrowerIds, today)));
}

/** The step holding the median answer, from the counts per step. */
export function medianStep(counts: readonly number[]): AnswerStep | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [i, n] of counts.entries()) {
    seen += n;
    if (seen * 2 >= total) return ANSWER_STEPS[i]!;
  }
  return "longer";
}

/**
 * Book owners' records as a viewer (a member, or a visitor: no shared clubs) sees them: their
 * counters by primary key and the clubs they share with the viewer, in one batch for any number.
 */
export async function lenderRecords(db: Database, viewerId: string | null, ownerIds: readonly string[]): Promise<Map<string, LenderRecord>> {
  const ids = [...new Set(ownerIds)];
  if (ids.length === 0) return new Map();
  const counters = db.select().from(loanRecords).where(inArray(loanRecords.userId, ids));
  const [rows, shared] = viewerId ? await db.batch([counters, sharedClubsQuery(db, viewerId, ids)]) : [await counters, []];
  const countersOf = new Map(rows.map((row) => [row.userId, row]));
  const clubsOf = groupClubs(shared.filter((row) => row.userId !== viewerId));
  return new Map(
    ids.map((id) => {
      const row = countersOf.get(id);
      const record: LenderRecord = {
        loansCompleted: row?.lentReturned ?? 0,
        usuallyAnswers: row ? medianStep([row.answeredHour, row.answeredDay, row.answeredThreeDays, row.answeredWeek, row.answeredLater]) : null,
        sharedClubs: clubsOf.get(id) ?? NO_CLUBS,
      };
      return [id, record];
    }),
  );
}
