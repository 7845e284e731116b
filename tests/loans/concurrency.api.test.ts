import { loans } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { eventsOf, holdingLoans, lendingScene, loanStep, requestLoanAs } from "./support";

describe("simultaneous steps leave one open loan", () => {
  it("two members asking at once make two requests; two accepts at once leave exactly one accepted", async () => {
    const scene = await lendingScene();
    const other = await signedInMember({ name: "Cora Contender" });
    const [first, second] = await Promise.all([requestLoanAs(scene.borrower, scene.book.id), requestLoanAs(other, scene.book.id)]);
    expect(first.state).toBe("requested");
    expect(second.state).toBe("requested");

    const answers = await Promise.all([loanStep(first.loanId, "accept", scene.owner, {}), loanStep(second.loanId, "accept", scene.owner, {})]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error).toBe("This book is already promised to another member.");
    const holding = await holdingLoans(scene.book.id);
    expect(holding).toHaveLength(1);
    expect(holding[0]!.state).toBe("accepted");
    // The loser stays a request, with no 'accepted' event.
    const loserId = holding[0]!.id === first.loanId ? second.loanId : first.loanId;
    expect((await eventsOf(loserId)).map((event) => event.action)).toEqual(["requested"]);
  });

  it("the same member asking twice at once makes one request", async () => {
    const scene = await lendingScene();
    const answers = await Promise.all([
      api("/loans", scene.borrower, { method: "POST", json: { bookId: scene.book.id } }),
      api("/loans", scene.borrower, { method: "POST", json: { bookId: scene.book.id } }),
      api("/loans", scene.borrower, { method: "POST", json: { bookId: scene.book.id } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.error).toBe("You have already asked to borrow this book.");
    const rows = await db
      .select()
      .from(loans)
      .where(and(eq(loans.bookId, scene.book.id), eq(loans.borrowerId, scene.borrower.user.id)));
    expect(rows).toHaveLength(1);
    expect(await eventsOf(rows[0]!.id)).toHaveLength(1);
  });

  it("two racing steps on one loan never both win (decline against accept, returned twice)", async () => {
    const scene = await lendingScene();
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    const [accept, decline] = await Promise.all([loanStep(loanId, "accept", scene.owner, {}), loanStep(loanId, "decline", scene.owner)]);
    expect([accept.status, decline.status].sort()).toEqual([200, 409]);
    expect(await eventsOf(loanId)).toHaveLength(2);

    const second = await lendingScene();
    const loan = await requestLoanAs(second.borrower, second.book.id);
    await loanStep(loan.loanId, "accept", second.owner, {});
    await loanStep(loan.loanId, "lent", second.owner);
    const returns = await Promise.all([loanStep(loan.loanId, "returned", second.owner), loanStep(loan.loanId, "returned", second.owner)]);
    expect(returns.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await eventsOf(loan.loanId)).filter((event) => event.action === "returned")).toHaveLength(1);
  });
});
