// The loans feature's one door: other features, the pages (app/features/loans and the composing routes) and the
// composition modules import from here only.
export { BORROWER_TOOK_PART, disownLoan, ONLY_NAMED_BORROWER, writeBookEdit } from "./manual-loans";
export { ALREADY_PROMISED, DUE_DATE_IN_PAST, DUE_DATE_TOO_FAR, limitLoanWrite } from "./loan-steps";
export { ALREADY_RENEWAL, changeDueDate, isLentOut, markLoanLent, markLoanReturned, requestRenewal } from "./loan-lending";
export {
  bookLoanPanel,
  type BookLoanPanel,
  borrowerTookPart,
  findLoan,
  firstTabNeedingMember,
  LOAN_NOT_FOUND,
  listLoans,
  loanListQuerySchema,
  loanTabCounts,
  loansPage,
  type LoanTab,
  type LoanTabCounts,
  type LoanView,
} from "./loan-queries";
export {
  acceptLoan,
  acceptLoanSchema,
  ALREADY_ASKED,
  cancelLoan,
  declineLoan,
  dueDateSchema,
  LOAN_PERIOD_DAYS,
  OFFERED_TO_NEXT,
  requestLoan,
  requestLoanSchema,
} from "./loans";
export { OWN_BOOK } from "./borrow-chat";
export { borrowFromOwner } from "./borrow-from-owner";
export { runLoanReminders } from "./loan-reminders";
export { joinWaitlist, leaveWaitlist, runWaitlistOffers } from "./loan-waitlist";
export { loansDataPart, loansDeletionPart } from "./loans-account";
export { tellOwnerOfRequest } from "./loan-events";
