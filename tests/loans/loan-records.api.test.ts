import { addDays, dayIn } from "@worker/core/shared/calendar";
import { follows, loanEvents, loanRecords, loans } from "@worker/db/schema";
import type { LoanView } from "@worker/features/loans";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { type Member, requestLoanAs, stepOk } from "./support";

const at = (iso: string) => Date.parse(iso);

/** A loan of the owner's to the borrower written straight into the ledger, with its steps at given times. */
async function ledgerLoan(
  owner: Member,
  borrower: Member,
  loan: { state: "returned" | "lent" | "requested"; dueDate: string | null; steps: [string, number, Member][] },
) {
  const book = await createBook(owner.user.id, { title: `Ledger ${crypto.randomUUID().slice(0, 6)}` });
  const id = crypto.randomUUID();
  const createdAt = loan.steps[0]?.[1] ?? Date.now();
  await db.insert(loans).values({
    id,
    bookId: book.id,
    ownerId: owner.user.id,
    borrowerId: borrower.user.id,
    state: loan.state,
    dueDate: loan.dueDate,
    createdAt,
    updatedAt: createdAt,
  });
  for (const [action, time, actor] of loan.steps) {
    await db.insert(loanEvents).values({ loanId: id, action: action as "returned", actorId: actor.user.id, createdAt: time });
  }
  return id;
}

const requestsOf = async (member: Member) => (await api<{ items: LoanView[] }>("/loans?tab=requests", member)).body.data!.items;

describe("track records from the ledger", () => {
  it("show the owner each requester's loans completed, on time and late, open and overdue now, member since, shared clubs and follows", async () => {
    const [owner, borrower, newcomer] = await Promise.all([
      signedInMember({ name: "Opal Owner" }),
      signedInMember({ name: "Ben Borrower" }),
      signedInMember({ name: "Nell New" }),
    ]);
    const other = await signedInMember({ name: "Lou Lender" });
    // Returned on the due day; three days late; on the due day's evening in Honolulu (the next UTC morning): on time.
    await ledgerLoan(other, borrower, {
      state: "returned",
      dueDate: "2026-01-10",
      steps: [
        ["requested", at("2026-01-01T10:00:00Z"), borrower],
        ["returned", at("2026-01-10T20:00:00Z"), other],
      ],
    });
    await ledgerLoan(other, borrower, {
      state: "returned",
      dueDate: "2026-01-10",
      steps: [
        ["requested", at("2026-01-01T10:00:00Z"), borrower],
        ["returned", at("2026-01-13T12:00:00Z"), other],
      ],
    });
    await ledgerLoan(owner, borrower, {
      state: "returned",
      dueDate: "2026-02-10",
      steps: [
        ["requested", at("2026-02-01T10:00:00Z"), borrower],
        ["returned", at("2026-02-11T09:00:00Z"), owner],
      ],
    });
    // Held now: one due next week, one due yesterday.
    const today = dayIn("UTC");
    await ledgerLoan(other, borrower, { state: "lent", dueDate: addDays(today, 7), steps: [] });
    await ledgerLoan(other, borrower, { state: "lent", dueDate: addDays(today, -1), steps: [] });
    const club = await createClub(owner.user.id, { name: "Tuesday Readers" });
    await addMember(club.id, borrower.user.id);
    await db.insert(follows).values({ followerId: borrower.user.id, followeeId: owner.user.id });

    const book = await createBook(owner.user.id, { title: "Asked For" });
    await requestLoanAs(borrower, book.id);
    await requestLoanAs(newcomer, book.id);

    const records = Object.fromEntries((await requestsOf(owner)).map((item) => [item.borrower.name, item.borrowerRecord]));
    expect(records["Ben Borrower"]).toEqual({
      loansCompleted: 3,
      returnedOnTime: 2,
      returnedLate: 1,
      returnedDamaged: 0,
      openNow: 2,
      overdueNow: 1,
      memberSince: borrower.user.createdAt,
      sharedClubs: { names: ["Tuesday Readers"], count: 1 },
      viewerFollows: false,
      followsViewer: true,
      isNew: false,
    });
    expect(records["Nell New"]).toMatchObject({ loansCompleted: 0, openNow: 0, isNew: true, sharedClubs: { names: [], count: 0 } });
    // Nothing in a record is free text about the person, and the borrower's own card carries no record of themselves.
    const mine = await requestsOf(borrower);
    expect(mine.every((item) => item.borrowerRecord === undefined)).toBe(true);
  });

  it("show a borrower the owner's loans lent and how soon they usually answer, on the request and the book page", async () => {
    const [owner, borrower, past] = await Promise.all([signedInMember({ name: "Quick Quinn" }), signedInMember(), signedInMember()]);
    // Answers after 30 minutes, 2 hours and 5 hours: the middle one is within a day.
    for (const hours of [0.5, 2, 5]) {
      const asked = at("2026-03-01T08:00:00Z");
      await ledgerLoan(owner, past, {
        state: "returned",
        dueDate: "2026-03-20",
        steps: [
          ["requested", asked, past],
          ["accepted", asked + hours * 3_600_000, owner],
          ["returned", at("2026-03-15T08:00:00Z"), owner],
        ],
      });
    }
    const book = await createBook(owner.user.id, { title: "Lent Often" });
    await requestLoanAs(borrower, book.id);
    const [request] = await requestsOf(borrower);
    expect(request!.ownerRecord).toEqual({ loansCompleted: 3, usuallyAnswers: "day", sharedClubs: { names: [], count: 0 } });

    const panel = async (member: Member | null) => (await api<{ ownerRecord: unknown }>(`/books/${book.id}/loan-panel`, member)).body.data!.ownerRecord;
    expect(await panel(null)).toEqual({ loansCompleted: 3, usuallyAnswers: "day", sharedClubs: { names: [], count: 0 } });
    expect(await panel(borrower)).toMatchObject({ loansCompleted: 3 });
    expect(await panel(owner)).toBeNull();
  });

  it("are kept in step by the loan's own steps", async () => {
    const [owner, borrower] = await Promise.all([signedInMember(), signedInMember()]);
    const book = await createBook(owner.user.id, { title: "Stepped Through" });
    const loan = await requestLoanAs(borrower, book.id);
    await stepOk(loan.loanId, "accept", owner, { dueDate: addDays(dayIn("UTC"), 10) });
    await stepOk(loan.loanId, "lent", owner);
    await stepOk(loan.loanId, "returned", owner);
    const counters = async (member: Member) => (await db.select().from(loanRecords).where(eq(loanRecords.userId, member.user.id)))[0];
    expect(await counters(borrower)).toMatchObject({ borrowedReturned: 1, returnedOnTime: 1, returnedLate: 0, lentReturned: 0 });
    expect(await counters(owner)).toMatchObject({ lentReturned: 1, answeredHour: 1, borrowedReturned: 0 });
  });
});
