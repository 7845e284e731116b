import { LOAN_COUNT_CAP } from "@worker/core/shared/loan-tabs";
import { BOOK_CONDITIONS, HOLDING_LOAN_STATES, LEND_RULES, LOAN_STATES } from "@worker/db/schema";
import { z } from "zod";

// What the loan routes answer in `data` (the API reference's schemas): each mirrors the service's
// return type (loan-queries.ts, loan-waitlist.ts). Loose objects, so a field added later breaks
// neither old clients nor the check.

/** Epoch milliseconds. */
const epochMs = z.number().int();
/** A calendar day, YYYY-MM-DD. */
const day = z.iso.date();
const member = z.looseObject({ userId: z.string(), name: z.string() });

const count = z.number().int().min(0);
/** Clubs the viewer shares with the member: up to three names, and how many in all. */
const sharedClubs = z.looseObject({ names: z.array(z.string()), count });

/** A borrower's track record from the ledger, as the owner they ask sees it (BorrowerRecord). */
export const borrowerRecordView = z.looseObject({
  loansCompleted: count,
  returnedOnTime: count,
  returnedLate: count,
  openNow: count,
  overdueNow: count,
  /** Books they gave back damaged that were not damaged at hand-over (not counted as late). */
  returnedDamaged: count,
  memberSince: epochMs,
  sharedClubs,
  viewerFollows: z.boolean(),
  followsViewer: z.boolean(),
  /** No loan completed and none open ("New member, no loans yet"). */
  isNew: z.boolean(),
});

/** One stage's condition record (ConditionRecord). */
const conditionRecordView = z.looseObject({
  condition: z.enum(BOOK_CONDITIONS),
  note: z.string(),
  /** GET it with the member's session: the loan's two members and moderators only. */
  photoUrl: z.string().nullable(),
  sameAsHandover: z.boolean(),
  recordedAt: epochMs,
});

/** POST /loans/{id}/photo-upload-url. */
export const conditionUploadView = z.looseObject({ uploadUrl: z.string(), fileKey: z.string() });

/** An owner's record as a lender, as a borrower sees it (LenderRecord). */
export const lenderRecordView = z.looseObject({
  loansCompleted: count,
  /** The step holding their median answer to a request; null before they have answered one. */
  usuallyAnswers: z.enum(["hour", "day", "three_days", "week", "longer"]).nullable(),
  sharedClubs,
});

/** A loan as either side sees it: the book, both members, and the pair's conversation (LoanView). */
export const loanView = z.looseObject({
  loanId: z.string(),
  state: z.enum(LOAN_STATES),
  /** Null for a loan recorded by the manual 'Lent' edit, and before the owner accepts. */
  dueDate: day.nullable(),
  renewalRequestedAt: epochMs.nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
  /** The viewer's side of the loan. */
  role: z.enum(["owner", "borrower"]),
  book: z.looseObject({ bookId: z.string(), title: z.string(), author: z.string(), coverImage: z.string().nullable() }),
  owner: member,
  borrower: member,
  conversationId: z.string().nullable(),
  /** False on a loan the owner recorded that its borrower never answered (they may disown it). */
  borrowerTookPart: z.boolean(),
  /** The book's condition as the owner recorded it at hand-over and at return. */
  conditions: z.looseObject({ handover: conditionRecordView.nullable(), return: conditionRecordView.nullable() }),
  /** On a request the viewer is to answer: the borrower's record. */
  borrowerRecord: borrowerRecordView.optional(),
  /** On the viewer's own request: the owner's record as a lender. */
  ownerRecord: lenderRecordView.optional(),
});

/** Every loan step answers the loan as it now is. */
export const oneLoanView = z.looseObject({ loan: loanView });

/** POST /loans/borrow: the request, the chat with the owner, and whether this call made the request. */
export const borrowView = z.looseObject({ loan: loanView, conversationId: z.string(), created: z.boolean() });

/** GET /loans: one page of a tab, most recently changed first. */
export const loanPageView = z.looseObject({
  items: z.array(loanView),
  /** Pass it as `before` for the next page; null on the last. */
  nextToken: z.string().nullable(),
});

/** At most LOAN_COUNT_CAP + 1, which the tab bar shows as "N+". */
const tabCount = z
  .number()
  .int()
  .min(0)
  .max(LOAN_COUNT_CAP + 1);

/** GET /loans/counts: what waits for the member on each tab (capped). */
export const loanTabCountsView = z.looseObject({
  counts: z.looseObject({ lent: tabCount, borrowed: tabCount, requests: tabCount, history: tabCount }),
});

/** GET /books/{id}/loan-panel (BookLoanPanel). */
export const bookLoanPanelView = z.looseObject({
  /** The loan that holds the book (accepted or lent), if any. */
  holding: z
    .looseObject({
      loanId: z.string(),
      state: z.enum(HOLDING_LOAN_STATES),
      dueDate: day.nullable(),
      borrowerId: z.string(),
      borrowerName: z.string(),
    })
    .nullable(),
  /** The viewer's own open loan on the book, as its borrower (null for visitors). */
  myLoan: loanView.nullable(),
  /** Requests waiting for the owner's answer (0 for anyone but the owner). */
  pendingRequests: z.number().int().min(0),
  waitlist: z.looseObject({
    size: z.number().int().min(0),
    /** 1 is next in line; 0 while the book is offered to the viewer. */
    myPlace: z.number().int().min(0).nullable(),
    myState: z.enum(["waiting", "offered"]).nullable(),
    offerExpiresAt: epochMs.nullable(),
  }),
  /** The owner's record as a lender, for anyone but the owner; null where the book is members only. */
  ownerRecord: lenderRecordView.nullable(),
  /** Why the viewer may not ask for the book (its lending rule), or null when they may. */
  lendRefusal: z.string().nullable(),
  /** Who may ask for the book, for its owner alone (null to anyone else): the rule in force, its km for `near`, and whether the book has its own rule (else the owner's default). */
  ownerRule: z.object({ rule: z.enum(LEND_RULES), km: z.number().int(), own: z.boolean() }).nullable(),
});

/** POST /books/{id}/waitlist: the member's place in line (1 is next). */
export const waitlistPlaceView = z.looseObject({ place: z.number().int().min(1) });

export const waitlistLeftView = z.looseObject({ left: z.literal(true) });
