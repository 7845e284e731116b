import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, optionalJsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { idSchema } from "@worker/core/shared/id";
import { PRIVATE_IMAGE, uploadUrlSchema } from "@worker/features/books";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  bookLoanPanelView,
  borrowView,
  conditionUploadView,
  loanPageView,
  loanTabCountsView,
  oneLoanView,
  waitlistLeftView,
  waitlistPlaceView,
} from "./api-schemas";
import { borrowFromOwner } from "./borrow-from-owner";
import { conditionPhoto, conditionStageSchema, createConditionPhotoUploadUrl, handOverSchema, returnSchema } from "./loan-conditions";
import { changeDueDate, markLoanLent, markLoanReturned, requestRenewal } from "./loan-lending";
import { bookLoanPanel, findLoan, listLoans, loanListQuerySchema, loanTabCounts } from "./loan-queries";
import { limitLoanWrite } from "./loan-steps";
import { joinWaitlist, leaveWaitlist } from "./loan-waitlist";
import { acceptLoan, acceptLoanSchema, cancelLoan, declineLoan, dueDateSchema, requestLoan, requestLoanSchema } from "./loans";
import { disownLoan } from "./manual-loans";

const idParams = z.object({ id: idSchema });
const borrowSchema = requestLoanSchema.extend({ requestId: z.uuid().optional() });

const tags = ["Loans"];
/** Said on every write below (limitLoanWrites). */
const WRITE_LIMIT = "Loan and waitlist writes: 30 a minute per member (429 `You're doing that too quickly. Please wait a moment.`).";
const NO_LOAN = "404 `Loan not found` (also for anyone but its two members).";
const OWNER_ONLY = "403 `Only the book's owner can do that.`";
const BORROWER_ONLY = "403 `Only the member who asked to borrow the book can do that.`";
const BAD_CONDITION =
  "400 `Choose like new, good, worn or damaged.`, `Keep the note to 280 characters or fewer.`, `Choose the book's condition to add a note or a photo.`, `This photo was not uploaded by you. Please add it again.` or `The photo has not been uploaded yet. Please add it again.`";
const BAD_DUE_DATE = "400 `Please give a real date as YYYY-MM-DD.`, `The due date can't be in the past.` or `The due date can be at most a year ahead.`";
/** The 409 a step answers when the loan is not in a state it can be taken from. */
const cantNow = (verb: string) => `409 \`This loan can't be ${verb} now.\``;

/** Loan and waitlist writes, per member (LOAN_LIMITER): a person never notices it; a script does. */
const limitLoanWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET") await limitLoanWrite(c, c.get("user")!.id);
  await next();
};

/** The lending ledger (worker/features/loans/loans.ts): every step is one POST, answered with the loan as it now is. */
export const loansApi = new Hono<AppEnv>()
  .use("*", membersOnly, limitLoanWrites)
  .post(
    "/",
    doc("POST", {
      summary: "Ask to borrow a book",
      who: "member",
      tags,
      data: oneLoanView,
      status: 201,
      errors: [404, 409],
      description: `Asks the book's owner to lend it: 201 \`{loan}\`, requested. One open request per book and member (409 \`You have already asked to borrow this book.\`); while the book is offered to its waitlist, only the offered member may ask (409 \`This book is being offered to the next member on its waitlist.\`). 400 \`This is your own book.\`; 403 \`Only members of this book's club can borrow it.\` or, across a block, \`You can't message this member.\`; 404 \`Book not found\`. ${WRITE_LIMIT}`,
    }),
    jsonBody(requestLoanSchema),
    async (c) => ok(c, { loan: await requestLoan(serviceContext(c), c.req.valid("json")) }, 201),
  )
  // The book page's "Borrow from {owner}" in one call (before /:id, which would take "borrow" for an id).
  .post(
    "/borrow",
    doc("POST", {
      summary: "Borrow from the owner: ask and open the chat",
      who: "member",
      tags,
      data: borrowView,
      errors: [404, 409],
      description: `The book page's one borrow action: asks to borrow the book as \`POST /loans\` does (the same refusals), opens the chat with the owner and sends \`Hi! I'm interested in borrowing "{title}". Is it available?\`. Answers \`{loan, conversationId, created}\`. Idempotent: when the member already has an open request or loan on the book, nothing is recorded or sent (\`created: false\`) and the chat is just named. \`requestId\` (a UUID) names the message, so a retried call sends it once. 400 \`This is your own book.\`; 403 \`Only members of this book's club can borrow it.\` or \`You can't message this member.\`; 404 \`Book not found\`; 409 \`This book is being offered to the next member on its waitlist.\` ${WRITE_LIMIT}`,
    }),
    jsonBody(borrowSchema),
    async (c) => {
      const { bookId, requestId } = c.req.valid("json");
      return ok(c, await borrowFromOwner(serviceContext(c), bookId, requestId));
    },
  )
  .get(
    "/",
    doc("GET", {
      summary: "My loans on a tab",
      who: "member",
      tags,
      data: loanPageView,
      description:
        "My loans on that tab (`lent`, `borrowed`, `requests` or `history`; `lent` by default), most recently changed first, 20 a page: pass `nextToken` as `before` for the next. A request I am to answer carries the borrower's track record (`borrowerRecord`: loans completed, on time and late, open and overdue now, member since, clubs we share, follows either way); my own request carries the owner's (`ownerRecord`: loans lent and had back, how soon they usually answer, clubs we share). Records come from the ledger only.",
    }),
    zv("query", loanListQuerySchema),
    async (c) => ok(c, await listLoans(serviceContext(c), c.req.valid("query"))),
  )
  // What waits for the member on each tab of /loans (before /:id, which would take "counts" for an id).
  .get(
    "/counts",
    doc("GET", {
      summary: "What waits for me on each loans tab",
      who: "member",
      tags,
      data: loanTabCountsView,
      description:
        "`{lent, borrowed, requests}`, each capped at 100: books to hand over or renewals to answer, borrowed books due today or overdue, and requests for my books waiting for my answer (`history` is always 0).",
    }),
    async (c) => ok(c, { counts: await loanTabCounts(serviceContext(c)) }),
  )
  .get(
    "/:id",
    doc("GET", {
      summary: "One loan",
      who: "owner or borrower",
      tags,
      data: oneLoanView,
      errors: [404],
      description: `\`{loan}\`: its state, due date, the book, both members and the pair's \`conversationId\`. ${NO_LOAN}`,
    }),
    zv("param", idParams),
    async (c) => ok(c, { loan: await findLoan(serviceContext(c), c.req.valid("param").id) }),
  )
  // The body is optional: without one, the loan is due 21 days from the owner's today.
  .post(
    "/:id/accept",
    doc("POST", {
      summary: "Accept a loan request",
      who: "owner",
      tags,
      data: oneLoanView,
      errors: [404, 409],
      description: `Answers a request with yes. The optional \`dueDate\` (YYYY-MM-DD) is from the owner's today to a year ahead, 21 days by default. 409 while another loan holds the book (\`This book is already promised to another member.\`), or ${cantNow("accepted")}; ${BAD_DUE_DATE}; ${OWNER_ONLY}; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    optionalJsonBody(acceptLoanSchema),
    async (c) => ok(c, { loan: await acceptLoan(serviceContext(c), c.req.valid("param").id, c.req.valid("json")) }),
  )
  .post(
    "/:id/decline",
    doc("POST", {
      summary: "Decline a loan request",
      who: "owner",
      tags,
      data: oneLoanView,
      errors: [404, 409],
      description: `Answers a request with no; the book's waitlist moves on. ${cantNow("declined")}; ${OWNER_ONLY}; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    async (c) => ok(c, { loan: await declineLoan(serviceContext(c), c.req.valid("param").id) }),
  )
  .post(
    "/:id/cancel",
    doc("POST", {
      summary: "Call a loan off",
      who: "borrower, or owner once accepted",
      tags,
      data: oneLoanView,
      errors: [404, 409],
      description: `Calls the loan off before the hand-over: the borrower while it is requested or accepted, the owner once accepted. ${cantNow("cancelled")}; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    async (c) => ok(c, { loan: await cancelLoan(serviceContext(c), c.req.valid("param").id) }),
  )
  .post(
    "/:id/lent",
    doc("POST", {
      summary: "Hand the book over",
      who: "owner",
      tags,
      data: oneLoanView,
      errors: [404, 409],
      description: `Marks an accepted loan lent: the book shows as lent to the borrower and due-date reminders start. The body is optional: \`condition\` (like_new, good, worn or damaged), a \`note\` (up to 280 characters) and a \`photoKey\` from \`POST /api/loans/{id}/photo-upload-url\` record the book's condition at hand-over. ${BAD_CONDITION}; ${cantNow("marked lent")}; ${OWNER_ONLY}; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    optionalJsonBody(handOverSchema),
    async (c) => ok(c, { loan: await markLoanLent(serviceContext(c), c.req.valid("param").id, c.req.valid("json")) }),
  )
  .post(
    "/:id/returned",
    doc("POST", {
      summary: "Take the book back",
      who: "owner",
      tags,
      data: oneLoanView,
      errors: [404, 409],
      description: `Marks a lent loan returned: the book is available again, reminders stop, and the first on its waitlist is offered it for 48 hours. The body is optional: \`condition\` "same" confirms the hand-over's record (400 \`No condition was recorded at hand-over, so choose one.\` without one), or like_new, good, worn or damaged records a change, with a \`note\` and a \`photoKey\` as at hand-over. A book returned damaged that was not damaged at hand-over counts in the borrower's record as returned damaged (\`returnedDamaged\`), not as late. ${BAD_CONDITION}; ${cantNow("marked returned")}; ${OWNER_ONLY}; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    optionalJsonBody(returnSchema),
    async (c) => ok(c, { loan: await markLoanReturned(serviceContext(c), c.req.valid("param").id, c.req.valid("json")) }),
  )
  .post(
    "/:id/photo-upload-url",
    doc("POST", {
      summary: "A signed upload URL for a condition photo",
      who: "owner",
      tags,
      data: conditionUploadView,
      errors: [404, 409],
      description: `For the owner of a promised or lent loan (409 \`Photos can only be added while the book is promised or lent.\`): \`fileType\` is image/jpeg, image/png or image/gif (400 \`Supported formats are JPG, PNG and GIF\`). PUT the image to \`uploadUrl\` as for a cover (single use, 5 minutes, at most 10 MB), then pass \`fileKey\` as \`photoKey\` to the hand-over or the return. The photo is private: only the loan's two members and moderators can see it. ${OWNER_ONLY}; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    jsonBody(uploadUrlSchema),
    async (c) => ok(c, await createConditionPhotoUploadUrl(serviceContext(c), c.req.valid("param").id, c.req.valid("json"), new URL(c.req.url).origin)),
  )
  .get(
    "/:id/conditions/:stage/photo",
    doc("GET", {
      summary: "A condition photo",
      who: "the loan's two members, moderators",
      tags,
      errors: [404],
      other: { status: 200, contentType: "image/jpeg", description: "The photo (JPEG, PNG or GIF), never cached by shared caches." },
      description:
        "The photo the owner recorded at `handover` or `return`, for the loan's two members and moderators; 404 `Photo not found` for anyone else, and where there is none.",
    }),
    zv("param", z.object({ id: idSchema, stage: conditionStageSchema })),
    async (c) => {
      const { id, stage } = c.req.valid("param");
      const object = await conditionPhoto(serviceContext(c), id, stage);
      const headers = new Headers();
      object.writeHttpMetadata(headers);
      headers.set("Cache-Control", PRIVATE_IMAGE);
      headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
      headers.set("X-Content-Type-Options", "nosniff");
      return new Response(object.body, { headers });
    },
  )
  .put(
    "/:id/due-date",
    doc("PUT", {
      summary: "Move the due date",
      who: "owner",
      tags,
      data: oneLoanView,
      errors: [404, 409],
      description: `Sets an accepted or lent loan's \`dueDate\` (YYYY-MM-DD, from the owner's today to a year ahead), which also answers a renewal request; reminders follow it. ${BAD_DUE_DATE}; ${cantNow("given a new due date")}; ${OWNER_ONLY}; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    jsonBody(dueDateSchema),
    async (c) => ok(c, { loan: await changeDueDate(serviceContext(c), c.req.valid("param").id, c.req.valid("json")) }),
  )
  .post(
    "/:id/renewal",
    doc("POST", {
      summary: "Ask to keep the book longer",
      who: "borrower",
      tags,
      data: oneLoanView,
      errors: [404, 409],
      description: `Asks the owner for more time on a lent loan: once, until the owner moves the date (409 \`You have already asked to keep this book longer.\`); 409 \`This loan has no due date to extend.\` or ${cantNow("renewed")}; ${BORROWER_ONLY}; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    async (c) => ok(c, { loan: await requestRenewal(serviceContext(c), c.req.valid("param").id) }),
  )
  // The borrower of a loan recorded on them without their part: "I don't have this book".
  .post(
    "/:id/disown",
    doc("POST", {
      summary: "Say I don't have this book",
      who: "borrower of a loan recorded by the manual edit",
      tags,
      data: oneLoanView,
      errors: [404, 409],
      description: `"I don't have this book", about a loan the owner recorded with the manual 'Lent' edit and its borrower never took part in: it ends at once (cancelled), the book shows as available and the owner is told. 409 for a loan the borrower asked for (\`You asked for this loan, so only its owner can end it. Message them if you don't have the book.\`) or ${cantNow("ended")}; 403 \`Only the member the book is lent to can say they don't have it.\`; ${NO_LOAN} ${WRITE_LIMIT}`,
    }),
    zv("param", idParams),
    async (c) => ok(c, { loan: await disownLoan(serviceContext(c), c.req.valid("param").id) }),
  );

/** A book's lending panel (anyone; visitors see only who holds it) and its waitlist (members). */
export const bookLoansApi = new Hono<AppEnv>()
  .get(
    "/:id/loan-panel",
    doc("GET", {
      summary: "A book's lending panel",
      who: "anyone",
      tags,
      data: bookLoanPanelView,
      errors: [404],
      description:
        "Who holds the book (a loan accepted or lent); members also get their own loan and waitlist place, the owner the number of pending requests. A hidden book's panel is its owner's only, and a private club's book shows no loan to non-members. Anyone but the owner also gets the owner's record as a lender (`ownerRecord`; without shared clubs for visitors) and, when the book's lending rule leaves them out, why (`lendRefusal`; visitors only for `nobody`); the owner gets the rule in force (`ownerRule`). 404 `Book not found`.",
    }),
    zv("param", idParams),
    async (c) => ok(c, await bookLoanPanel(serviceContext(c), c.req.valid("param").id)),
  )
  .post(
    "/:id/waitlist",
    doc("POST", {
      summary: "Join a book's waitlist",
      who: "member",
      tags,
      data: waitlistPlaceView,
      status: 201,
      errors: [404, 409],
      description: `Queues for a book someone else holds, or that is being offered to its waitlist: 201 \`{place}\` (1 is next in line). 400 \`This is your own book.\` or \`This book is available — ask to borrow it instead.\`; 403 \`Only members of this book's club can borrow it.\` or, across a block, \`You can't message this member.\`; 404 \`Book not found\`; 409 \`You're already on the waitlist for this book.\`, \`You're the one borrowing this book.\` or \`You have already asked to borrow this book.\` ${WRITE_LIMIT}`,
    }),
    membersOnly,
    limitLoanWrites,
    zv("param", idParams),
    async (c) => ok(c, await joinWaitlist(serviceContext(c), c.req.valid("param").id), 201),
  )
  .delete(
    "/:id/waitlist",
    doc("DELETE", {
      summary: "Leave a book's waitlist",
      who: "member",
      tags,
      data: waitlistLeftView,
      errors: [404],
      description: `Leaves the queue; leaving while offered the book passes the offer to the next in line at once. 404 \`You're not on the waitlist for this book.\` ${WRITE_LIMIT}`,
    }),
    membersOnly,
    limitLoanWrites,
    zv("param", idParams),
    async (c) => ok(c, await leaveWaitlist(serviceContext(c), c.req.valid("param").id)),
  );
