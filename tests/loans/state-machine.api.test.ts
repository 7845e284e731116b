import { addDays, dayIn } from "@worker/core/shared/calendar";
import { books, LOAN_STATES, type LoanState, loans } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBook, db } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { eventsOf, lendingScene, loanInState, loanRow, loanStep, requestLoanAs, stepOk } from "./support";

type Actor = "owner" | "borrower" | "stranger" | "visitor";
const ACTORS: Actor[] = ["owner", "borrower", "stranger", "visitor"];

/** Who may take each step, from which states, and where it leads (the ledger). */
const STEPS: Record<string, { allowed: Partial<Record<"owner" | "borrower", LoanState[]>>; to: (from: LoanState) => LoanState; body?: () => unknown }> = {
  accept: { allowed: { owner: ["requested"] }, to: () => "accepted", body: () => ({}) },
  decline: { allowed: { owner: ["requested"] }, to: () => "declined" },
  cancel: { allowed: { borrower: ["requested", "accepted"], owner: ["accepted"] }, to: () => "cancelled" },
  lent: { allowed: { owner: ["accepted"] }, to: () => "lent" },
  returned: { allowed: { owner: ["lent"] }, to: () => "returned" },
  "due-date": { allowed: { owner: ["accepted", "lent"] }, to: (from) => from, body: () => ({ dueDate: addDays(dayIn("UTC"), 30) }) },
  renewal: { allowed: { borrower: ["lent"] }, to: () => "lent" },
  // "I don't have this book": these loans have no events, so the borrower never took part in them.
  disown: { allowed: { borrower: ["lent"] }, to: () => "cancelled" },
};

function expectedStatus(step: string, actor: Actor, from: LoanState): number {
  if (actor === "visitor") return 401;
  if (actor === "stranger") return 404;
  const states = STEPS[step]!.allowed[actor];
  if (!states) return 403;
  return states.includes(from) ? 200 : 409;
}

describe("the loan state machine", () => {
  for (const [step, rule] of Object.entries(STEPS)) {
    it(`${step}: every state × owner, borrower, stranger and visitor`, async () => {
      const results: string[] = [];
      const expected: string[] = [];
      for (const from of LOAN_STATES) {
        for (const actor of ACTORS) {
          // A fresh book and pair per case, so no case's loan holds another's book.
          const scene = await lendingScene();
          const loanId = await loanInState(scene, from);
          const member = actor === "visitor" ? null : scene[actor];
          const before = Date.now();
          const answer = await loanStep(loanId, step, member, rule.body?.());
          const want = expectedStatus(step, actor, from);
          expected.push(`${step} ${from} by ${actor}: ${want}`);
          results.push(`${step} ${from} by ${actor}: ${answer.status}`);
          const row = await loanRow(loanId);
          const events = await eventsOf(loanId);
          if (want === 200 && answer.status === 200) {
            expect(answer.body.data!.loan.state).toBe(rule.to(from));
            expect(row.state).toBe(rule.to(from));
            // One event for the step: who took it and when.
            expect(events).toHaveLength(1);
            expect(events[0]!.actorId).toBe(scene[actor as "owner" | "borrower"].user.id);
            expect(events[0]!.createdAt).toBeGreaterThanOrEqual(before);
            expect(events[0]!.createdAt).toBeLessThanOrEqual(Date.now());
          } else {
            // A refused step changes nothing and records nothing.
            expect(row.state).toBe(from);
            expect(events).toEqual([]);
            expect(answer.body.success).toBe(false);
          }
        }
      }
      expect(results).toEqual(expected);
    });
  }

  it("answers refusals with clear texts: strangers learn nothing, the wrong side and the wrong state are told why", async () => {
    const scene = await lendingScene();
    const requested = await loanInState(scene, "requested");
    expect((await loanStep(requested, "accept", scene.stranger, {})).body.error).toBe("Loan not found");
    expect((await loanStep(requested, "accept", scene.borrower, {})).body.error).toBe("Only the book's owner can do that.");
    expect((await loanStep(requested, "renewal", scene.owner)).body.error).toBe("Only the member who asked to borrow the book can do that.");
    expect((await loanStep(requested, "returned", scene.owner)).body.error).toBe("This loan can't be marked returned now.");
    expect((await loanStep("no-such-loan", "accept", scene.owner, {})).status).toBe(404);
  });
});

describe("a loan from request to return", () => {
  it("moves the book's status and borrower with the ledger and records every step", async () => {
    const scene = await lendingScene({ title: "Emma" });
    const start = Date.now();
    const requested = await requestLoanAs(scene.borrower, scene.book.id);
    expect(requested).toMatchObject({
      state: "requested",
      dueDate: null,
      role: "borrower",
      book: { bookId: scene.book.id, title: "Emma", author: "J. R. R. Tolkien", coverImage: null },
      owner: { userId: scene.owner.user.id, name: "Olive Owner" },
      borrower: { userId: scene.borrower.user.id, name: "Bea Borrower" },
    });

    const accepted = await stepOk(requested.loanId, "accept", scene.owner);
    // 21 days from the owner's today by default.
    expect(accepted).toMatchObject({ state: "accepted", dueDate: addDays(dayIn(scene.owner.user.timezone), 21), role: "owner" });
    const [stillAvailable] = await db.select().from(books).where(eq(books.id, scene.book.id));
    expect(stillAvailable).toMatchObject({ status: "available", lentToUserId: null });

    await stepOk(requested.loanId, "lent", scene.owner);
    const [lent] = await db.select().from(books).where(eq(books.id, scene.book.id));
    expect(lent).toMatchObject({ status: "borrowed", lentToUserId: scene.borrower.user.id, lentToUserName: "Bea Borrower" });

    const returned = await stepOk(requested.loanId, "returned", scene.owner);
    expect(returned.state).toBe("returned");
    const [back] = await db.select().from(books).where(eq(books.id, scene.book.id));
    expect(back).toMatchObject({ status: "available", lentToUserId: null, lentToUserName: null });

    const events = await eventsOf(requested.loanId);
    expect(events.map((event) => [event.action, event.actorId, event.dueDate])).toEqual([
      ["requested", scene.borrower.user.id, null],
      ["accepted", scene.owner.user.id, accepted.dueDate],
      ["lent", scene.owner.user.id, accepted.dueDate],
      ["returned", scene.owner.user.id, null],
    ]);
    for (const event of events) expect(event.createdAt).toBeGreaterThanOrEqual(start);
    expect(events.map((event) => event.createdAt)).toEqual([...events.map((event) => event.createdAt)].sort((a, b) => a - b));
  });

  it("takes the owner's due date, refuses one in the past or more than a year ahead, and lets the borrower ask to renew once", async () => {
    const scene = await lendingScene();
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    const today = dayIn("UTC");
    expect(await loanStep(loanId, "accept", scene.owner, { dueDate: addDays(today, -1) })).toMatchObject({
      status: 400,
      body: { error: "The due date can't be in the past." },
    });
    expect((await loanStep(loanId, "accept", scene.owner, { dueDate: addDays(today, 366) })).status).toBe(400);
    expect((await api(`/loans/${loanId}/accept`, scene.owner, { method: "POST", json: { dueDate: "2026-02-30" }, invalid: true })).status).toBe(400);
    expect((await stepOk(loanId, "accept", scene.owner, { dueDate: addDays(today, 3) })).dueDate).toBe(addDays(today, 3));
    await stepOk(loanId, "lent", scene.owner);

    const asked = await stepOk(loanId, "renewal", scene.borrower);
    expect(asked.renewalRequestedAt).toEqual(expect.any(Number));
    expect(await loanStep(loanId, "renewal", scene.borrower)).toMatchObject({
      status: 409,
      body: { error: "You have already asked to keep this book longer." },
    });
    const moved = await stepOk(loanId, "due-date", scene.owner, { dueDate: addDays(today, 10) });
    expect(moved).toMatchObject({ dueDate: addDays(today, 10), renewalRequestedAt: null, state: "lent" });
    expect((await eventsOf(loanId)).map((event) => event.action)).toEqual(["requested", "accepted", "lent", "renewal_requested", "due_date_changed"]);
  });

  it("refuses requests for an unknown book, one's own book, a private club's book and a member who blocked you", async () => {
    const scene = await lendingScene();
    expect((await api("/loans", scene.borrower, { method: "POST", json: { bookId: "nope" } })).status).toBe(404);
    expect(await api("/loans", scene.owner, { method: "POST", json: { bookId: scene.book.id } })).toMatchObject({
      status: 400,
      body: { error: "This is your own book." },
    });
    expect((await api("/loans", scene.borrower, { method: "POST", json: {}, invalid: true })).status).toBe(400);
    const club = await createClub(scene.owner.user.id, { isPrivate: true });
    const clubBook = await createBook(scene.owner.user.id, { clubId: club.id });
    expect(await api("/loans", scene.borrower, { method: "POST", json: { bookId: clubBook.id } })).toMatchObject({
      status: 403,
      body: { error: "Only members of this book's club can borrow it." },
    });
    await addMember(club.id, scene.borrower.user.id);
    await requestLoanAs(scene.borrower, clubBook.id);

    await api(`/dm/blocks/${scene.borrower.user.id}`, scene.owner, { method: "PUT" });
    expect((await api("/loans", scene.borrower, { method: "POST", json: { bookId: scene.book.id } })).status).toBe(403);
    expect(await db.select().from(loans).where(eq(loans.bookId, scene.book.id))).toEqual([]);
  });
});
