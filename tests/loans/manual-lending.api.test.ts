import { books, loans } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { eventsOf, holdingLoans, lendingScene, loanStep, requestLoanAs, stepOk } from "./support";

const lendTo = (scene: Awaited<ReturnType<typeof lendingScene>>, borrowerId: string) =>
  api(`/books/${scene.book.id}`, scene.owner, { method: "PUT", json: { status: "borrowed", lentToUserId: borrowerId } });

describe("the manual 'Lent' edit keeps the ledger", () => {
  it("records a loan with no due date, and switching the status back returns it", async () => {
    const scene = await lendingScene();
    expect((await lendTo(scene, scene.borrower.user.id)).status).toBe(200);
    const [loan] = await db.select().from(loans).where(eq(loans.bookId, scene.book.id));
    expect(loan).toMatchObject({ state: "lent", dueDate: null, ownerId: scene.owner.user.id, borrowerId: scene.borrower.user.id });
    expect((await eventsOf(loan!.id)).map((event) => [event.action, event.actorId, event.dueDate])).toEqual([["lent", scene.owner.user.id, null]]);
    const panel = await api<{ holding: unknown }>(`/books/${scene.book.id}/loan-panel`, null);
    expect(panel.body.data!.holding).toMatchObject({ loanId: loan!.id, state: "lent", dueDate: null, borrowerName: "Bea Borrower" });

    // Saving the form again with the same borrower records nothing new.
    expect((await lendTo(scene, scene.borrower.user.id)).status).toBe(200);
    expect(await db.select().from(loans).where(eq(loans.bookId, scene.book.id))).toHaveLength(1);

    const back = await api(`/books/${scene.book.id}`, scene.owner, { method: "PUT", json: { status: "available" } });
    expect(back.body.data).toMatchObject({ status: "available", lentToUserId: null });
    const [returned] = await db.select().from(loans).where(eq(loans.id, loan!.id));
    expect(returned!.state).toBe("returned");
    expect((await eventsOf(loan!.id)).map((event) => event.action)).toEqual(["lent", "returned"]);
  });

  it("switching the borrower returns the old loan and records a new one", async () => {
    const scene = await lendingScene();
    const other = await signedInMember({ name: "Nell New" });
    await lendTo(scene, scene.borrower.user.id);
    const switched = await lendTo(scene, other.user.id);
    expect(switched.body.data).toMatchObject({ status: "borrowed", lentToUserId: other.user.id, lentToUserName: "Nell New" });
    const rows = await db.select({ borrowerId: loans.borrowerId, state: loans.state }).from(loans).where(eq(loans.bookId, scene.book.id));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { borrowerId: scene.borrower.user.id, state: "returned" },
        { borrowerId: other.user.id, state: "lent" },
      ]),
    );
  });

  it("hands over a promised loan to its borrower, turns a member's request into the loan, and refuses to give a promised book to someone else", async () => {
    const scene = await lendingScene();
    const other = await signedInMember();
    const promised = await requestLoanAs(scene.borrower, scene.book.id);
    const accepted = await stepOk(promised.loanId, "accept", scene.owner, {});

    expect(await lendTo(scene, other.user.id)).toMatchObject({ status: 409, body: { error: "This book is already promised to another member." } });
    const [unchanged] = await db.select().from(books).where(eq(books.id, scene.book.id));
    expect(unchanged).toMatchObject({ status: "available", lentToUserId: null });

    expect((await lendTo(scene, scene.borrower.user.id)).status).toBe(200);
    const [handed] = await db.select().from(loans).where(eq(loans.id, promised.loanId));
    expect(handed).toMatchObject({ state: "lent", dueDate: accepted.dueDate });

    // A ledger loan (with a due date) is not switched by the edit either.
    expect((await lendTo(scene, other.user.id)).status).toBe(409);

    const second = await lendingScene();
    const asked = await requestLoanAs(second.borrower, second.book.id);
    await lendTo(second, second.borrower.user.id);
    const [fromRequest] = await db.select().from(loans).where(eq(loans.id, asked.loanId));
    expect(fromRequest).toMatchObject({ state: "lent", dueDate: null });
    expect(await holdingLoans(second.book.id)).toHaveLength(1);
  });

  it("keeps the edit's own rules: a borrower is required and the stored name is the member's", async () => {
    const scene = await lendingScene();
    expect((await api(`/books/${scene.book.id}`, scene.owner, { method: "PUT", json: { status: "borrowed" } })).status).toBe(400);
    const lent = await api(`/books/${scene.book.id}`, scene.owner, {
      method: "PUT",
      json: { status: "borrowed", lentToUserId: scene.borrower.user.id, lentToUserName: "Spoofed" },
    });
    expect(lent.body.data).toMatchObject({ lentToUserName: "Bea Borrower" });
  });

  it("refuses to delete a book that is lent out until it is returned", async () => {
    const scene = await lendingScene();
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loanId, "accept", scene.owner, {});
    await stepOk(loanId, "lent", scene.owner);
    expect(await api(`/books/${scene.book.id}`, scene.owner, { method: "DELETE" })).toMatchObject({
      status: 409,
      body: { error: "You can't delete a book that is lent out. Mark it returned first." },
    });
    await loanStep(loanId, "returned", scene.owner);
    expect((await api(`/books/${scene.book.id}`, scene.owner, { method: "DELETE" })).status).toBe(200);
  });
});
