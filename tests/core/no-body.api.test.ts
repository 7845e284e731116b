import { describe, expect, it } from "vitest";
import { bearer, call, type Envelope, json } from "../helpers/http";
import { lendingScene, loanRow, requestLoanAs, stepOk } from "../loans/support";

// Issue 34, item 10: a route the document lists without a request body took any body, malformed
// JSON included, and acted. Now one middleware refuses it before the route runs.
describe("Routes documented without a body refuse one", () => {
  it("refuses malformed JSON sent to decline, and the loan stays requested", async () => {
    const scene = await lendingScene();
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    const response = await call(`/api/loans/${loan.loanId}/decline`, {
      method: "POST",
      headers: { ...bearer(scene.owner.token), "Content-Type": "application/json" },
      body: "{not json",
      invalid: true,
    });
    const body = await json<Envelope>(response);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body).toEqual({ success: false, error: "This request takes no body" });
    expect((await loanRow(loan.loanId)).state).toBe("requested");
  });

  it("refuses a well-formed body of another type too, and acts on the same call without one", async () => {
    const scene = await lendingScene();
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    const response = await call(`/api/loans/${loan.loanId}/decline`, {
      method: "POST",
      headers: { ...bearer(scene.owner.token), "Content-Type": "text/plain" },
      body: "please",
      invalid: true,
    });
    expect(response.status).toBe(400);
    expect((await loanRow(loan.loanId)).state).toBe("requested");
    expect((await stepOk(loan.loanId, "decline", scene.owner)).state).toBe("declined");
  });
});
