import { addDays, dayIn } from "@worker/core/shared/calendar";
import { describe, expect, it } from "vitest";
import { bearer, call, type Envelope, json } from "../helpers/http";
import { lendingScene, loanRow, requestLoanAs, stepOk } from "./support";

// Issue 34, item 10: accept read its optional body with Hono's plain json validator, which hands an
// empty object to the route when the Content-Type is not JSON, so the asked-for due date was dropped.
describe("Accepting a loan reads its optional body as every JSON route does", () => {
  it("refuses a due date sent as text/plain instead of accepting with the default date", async () => {
    const scene = await lendingScene();
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    const dueDate = addDays(dayIn("UTC"), 40);
    const response = await call(`/api/loans/${loan.loanId}/accept`, {
      method: "POST",
      headers: { ...bearer(scene.owner.token), "Content-Type": "text/plain" },
      body: JSON.stringify({ dueDate }),
      invalid: true,
    });
    const body = await json<Envelope>(response);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toBe("Content-Type must be application/json");
    expect((await loanRow(loan.loanId)).state).toBe("requested");
  });

  it("still accepts without a body (21 days) and with a JSON due date", async () => {
    const scene = await lendingScene();
    const first = await requestLoanAs(scene.borrower, scene.book.id);
    const accepted = await stepOk(first.loanId, "accept", scene.owner);
    expect(accepted.dueDate).toBe(addDays(dayIn("UTC"), 21));
    await stepOk(first.loanId, "cancel", scene.owner);
    const second = await requestLoanAs(scene.borrower, scene.book.id);
    const dueDate = addDays(dayIn("UTC"), 40);
    expect((await stepOk(second.loanId, "accept", scene.owner, { dueDate })).dueDate).toBe(dueDate);
  });
});
