import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import {
  acceptLoan,
  acceptLoanSchema,
  bookLoanPanel,
  cancelLoan,
  changeDueDate,
  declineLoan,
  disownLoan,
  dueDateSchema,
  findLoan,
  listLoans,
  loanListQuerySchema,
  loanTabCounts,
  markLoanLent,
  markLoanReturned,
  requestLoan,
  requestLoanSchema,
  requestRenewal,
} from "./loans";
import { limitLoanWrite } from "./loan-steps";
import { joinWaitlist, leaveWaitlist } from "./loan-waitlist";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { jsonBody, zv } from "@worker/core/api/validate";
import { idSchema } from "@worker/core/shared/id";

const idParams = z.object({ id: idSchema });

/** Loan and waitlist writes, per member (LOAN_LIMITER): a person never notices it; a script does. */
const limitLoanWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET") await limitLoanWrite(c, c.get("user")!.id);
  await next();
};

/** The lending ledger (worker/features/loans/loans.ts): every step is one POST, answered with the loan as it now is. */
export const loansApi = new Hono<AppEnv>()
  .use("*", membersOnly, limitLoanWrites)
  .post("/", jsonBody(requestLoanSchema), async (c) => ok(c, { loan: await requestLoan(serviceContext(c), c.req.valid("json")) }, 201))
  .get("/", zv("query", loanListQuerySchema), async (c) => ok(c, await listLoans(serviceContext(c), c.req.valid("query"))))
  // What waits for the member on each tab of /loans (before /:id, which would take "counts" for an id).
  .get("/counts", async (c) => ok(c, { counts: await loanTabCounts(serviceContext(c)) }))
  .get("/:id", zv("param", idParams), async (c) => ok(c, { loan: await findLoan(serviceContext(c), c.req.valid("param").id) }))
  // The body is optional: without one, the loan is due 21 days from the owner's today.
  .post("/:id/accept", zv("param", idParams), zv("json", acceptLoanSchema), async (c) =>
    ok(c, { loan: await acceptLoan(serviceContext(c), c.req.valid("param").id, c.req.valid("json")) }),
  )
  .post("/:id/decline", zv("param", idParams), async (c) => ok(c, { loan: await declineLoan(serviceContext(c), c.req.valid("param").id) }))
  .post("/:id/cancel", zv("param", idParams), async (c) => ok(c, { loan: await cancelLoan(serviceContext(c), c.req.valid("param").id) }))
  .post("/:id/lent", zv("param", idParams), async (c) => ok(c, { loan: await markLoanLent(serviceContext(c), c.req.valid("param").id) }))
  .post("/:id/returned", zv("param", idParams), async (c) =>
    ok(c, { loan: await markLoanReturned(serviceContext(c), c.req.valid("param").id) }),
  )
  .put("/:id/due-date", zv("param", idParams), jsonBody(dueDateSchema), async (c) =>
    ok(c, { loan: await changeDueDate(serviceContext(c), c.req.valid("param").id, c.req.valid("json")) }),
  )
  .post("/:id/renewal", zv("param", idParams), async (c) => ok(c, { loan: await requestRenewal(serviceContext(c), c.req.valid("param").id) }))
  // The borrower of a loan recorded on them without their part: "I don't have this book".
  .post("/:id/disown", zv("param", idParams), async (c) => ok(c, { loan: await disownLoan(serviceContext(c), c.req.valid("param").id) }));

/** A book's lending panel (anyone; visitors see only who holds it) and its waitlist (members). */
export const bookLoansApi = new Hono<AppEnv>()
  .get("/:id/loan-panel", zv("param", idParams), async (c) => ok(c, await bookLoanPanel(serviceContext(c), c.req.valid("param").id)))
  .post("/:id/waitlist", membersOnly, limitLoanWrites, zv("param", idParams), async (c) =>
    ok(c, await joinWaitlist(serviceContext(c), c.req.valid("param").id), 201),
  )
  .delete("/:id/waitlist", membersOnly, limitLoanWrites, zv("param", idParams), async (c) =>
    ok(c, await leaveWaitlist(serviceContext(c), c.req.valid("param").id)),
  );
