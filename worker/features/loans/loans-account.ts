import { scheduleJob } from "@worker/core/jobs/schedule";
import { type AccountDataPart, type AccountDeletionPart, mediaExtension } from "@worker/core/member-data-parts";
import { books, loanConditions, loanEvents, loanRecords, loans, users, waitlistEntries } from "@worker/db/schema";
import { and, eq, inArray, not, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { borrowerTookPart } from "./loan-queries";
import { medianStep } from "./loan-records";
import { loanReminderJob } from "./loan-reminders";
import { offerToNextInLine } from "./loan-waitlist";

/** loans.json: every loan on either side, with the book, the other member and the loan's steps. */
export const loansDataPart: AccountDataPart = {
  name: "loans",
  covers: [
    { table: loans, how: "loans.json, as owner or borrower" },
    { table: loanEvents, how: "loans.json, each loan's steps" },
    { table: loanConditions, how: "loans.json, each loan's condition at hand-over and return; their photos in loan-photos/" },
  ],
  files: ["loans.json", "loan-photos/"],
  async write({ db, env }, userId, zip) {
    const other = alias(users, "other");
    // Not batched with other reads: batched rows come back keyed by column name, and loans.id and the other member's id collide.
    const loanRows = await db
      .select({
        loanId: loans.id,
        bookId: loans.bookId,
        bookTitle: books.title,
        role: sql<"owner" | "borrower">`case when ${loans.ownerId} = ${userId} then 'owner' else 'borrower' end`,
        otherMemberId: other.id,
        otherMemberName: other.name,
        state: loans.state,
        dueDate: loans.dueDate,
        createdAt: loans.createdAt,
        updatedAt: loans.updatedAt,
        events: sql<string>`(select json_group_array(json_object('action', ${loanEvents.action}, 'dueDate', ${loanEvents.dueDate}, 'at', ${loanEvents.createdAt})) from ${loanEvents} where ${loanEvents.loanId} = ${loans.id})`,
        conditions: sql<string>`(select json_group_array(json_object('stage', lc.stage, 'condition', lc.condition, 'note', lc.note, 'photoKey', lc.photo_key, 'sameAsHandover', lc.same_as_handover, 'at', lc.created_at)) from ${loanConditions} lc where lc.loan_id = ${loans.id})`,
      })
      .from(loans)
      .innerJoin(books, eq(books.id, loans.bookId))
      .innerJoin(other, sql`${other.id} = case when ${loans.ownerId} = ${userId} then ${loans.borrowerId} else ${loans.ownerId} end`)
      .where(or(eq(loans.ownerId, userId), eq(loans.borrowerId, userId)));
    const photos: { file: string; key: string }[] = [];
    const entries = loanRows.map((row) => {
      const conditions = (JSON.parse(row.conditions ?? "[]") as { stage: string; photoKey: string | null; sameAsHandover: number }[]).map(
        ({ photoKey, ...condition }) => {
          const photo = photoKey ? `loan-photos/${row.loanId}-${condition.stage}.${mediaExtension(photoKey)}` : null;
          if (photo && photoKey) photos.push({ file: photo, key: photoKey });
          return { ...condition, sameAsHandover: Boolean(condition.sameAsHandover), photo };
        },
      );
      return { ...row, events: JSON.parse(row.events ?? "[]"), conditions };
    });
    await zip.json("loans.json", entries);
    // The condition photos of either side's loans, one at a time (each up to 10 MB).
    for (const photo of photos) {
      const object = await env.MEDIA.get(photo.key);
      if (object) await zip.file(photo.file, object.body);
    }
  },
};

/**
 * The member's open requests and waitlist places go; finished loans stay in the owner's history. Loans
 * others recorded on the member that they never answered (not blockers, see `accountDeletionBlockers`)
 * end as if the member had said "I don't have this book". Loans of the member's own books go with the
 * books (books-account.ts). Afterwards the books' waitlists move on.
 */
export const loansDeletionPart: AccountDeletionPart = {
  name: "loans",
  covers: [
    { table: loans, how: "requests deleted, unanswered manual loans cancelled, finished loans kept in the owner's history" },
    { table: loanEvents, how: "a 'disowned' step for each cancelled loan; earlier steps keep the member as actor" },
    { table: waitlistEntries, how: "deleted; a book being offered to the member goes to the next in line" },
  ],
  alsoChanges: [{ table: books, how: "another's book lent to the member by an unanswered manual loan is available again" }],
  async plan({ db, env, user }, now) {
    const me = user.id;
    const unansweredLoan = and(eq(loans.borrowerId, me), eq(loans.state, "lent"), not(borrowerTookPart));
    const [heldOffers, unanswered] = await db.batch([
      db
        .select({ bookId: waitlistEntries.bookId })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.userId, me), eq(waitlistEntries.state, "offered"))),
      db.select({ id: loans.id, bookId: loans.bookId }).from(loans).where(unansweredLoan),
    ]);
    // Each such loan ends: the event, then the book back to available, then the loan (the first two
    // still find it lent). Conditions, not id lists: someone may have recorded more loans on the member
    // than a statement may bind parameters.
    const endUnanswered: BatchItem<"sqlite">[] = unanswered.length
      ? [
          db.insert(loanEvents).select(
            db
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
          db
            .update(books)
            .set({ status: "available", lentToUserId: null, lentToUserName: null, updatedAt: now })
            .where(and(eq(books.lentToUserId, me), inArray(books.id, db.select({ bookId: loans.bookId }).from(loans).where(unansweredLoan)))),
          db.update(loans).set({ state: "cancelled", updatedAt: now }).where(unansweredLoan),
        ]
      : [];
    return {
      statements: [
        // Their open requests to borrow others' books; finished loans stay in the owner's history.
        db.delete(loans).where(and(eq(loans.borrowerId, me), eq(loans.state, "requested"))),
        db.delete(waitlistEntries).where(eq(waitlistEntries.userId, me)),
        ...endUnanswered,
      ],
      // Condition photos are the owner's uploads. Their records go with the loans of the owner's books
      // (books-account.ts, by cascade), so the photos go once the owner's account does, whether the
      // borrower left before or is still here; a borrower leaving keeps them in the owner's history.
      mediaPrefixes: [`loan-photos/${me}/`],
      async after() {
        const deps = { db, env };
        // A book that was being offered to the member goes to the next in line now, not when the offer lapses.
        for (const { bookId } of heldOffers) await offerToNextInLine(deps, bookId, Date.now());
        // The loans that ended with the account: no more reminders, and the books' waitlists move.
        for (const loan of unanswered) {
          await scheduleJob(env, loanReminderJob(loan.id), null);
          await offerToNextInLine(deps, loan.bookId, Date.now());
        }
      },
    };
  },
};

/** loan-record.json: the member's own track record, as owners and borrowers are shown it (issue 38). */
export const loanRecordDataPart: AccountDataPart = {
  name: "loan record",
  covers: [{ table: loanRecords, how: "loan-record.json" }],
  files: ["loan-record.json"],
  async write({ db }, userId, zip) {
    const [row] = await db.select().from(loanRecords).where(eq(loanRecords.userId, userId)).limit(1);
    await zip.json("loan-record.json", {
      asBorrower: {
        loansCompleted: row?.borrowedReturned ?? 0,
        returnedOnTime: row?.returnedOnTime ?? 0,
        returnedLate: row?.returnedLate ?? 0,
        returnedDamaged: row?.returnedDamaged ?? 0,
      },
      asLender: {
        loansCompleted: row?.lentReturned ?? 0,
        usuallyAnswers: row ? medianStep([row.answeredHour, row.answeredDay, row.answeredThreeDays, row.answeredWeek, row.answeredLater]) : null,
        answered: {
          withinAnHour: row?.answeredHour ?? 0,
          withinADay: row?.answeredDay ?? 0,
          withinThreeDays: row?.answeredThreeDays ?? 0,
          withinAWeek: row?.answeredWeek ?? 0,
          later: row?.answeredLater ?? 0,
        },
      },
    });
  },
};

/** The record is the member's: it goes (the other side's record keeps counting their loans together, without a name). */
export const loanRecordDeletionPart: AccountDeletionPart = {
  name: "loan record",
  covers: [{ table: loanRecords, how: "deleted" }],
  async plan({ db, user }) {
    return { statements: [db.delete(loanRecords).where(eq(loanRecords.userId, user.id))] };
  },
};
