// The loans feature's one door: other features, the pages (app/features/loans and the composing routes) and the
// composition modules import from here only.

export { OWN_BOOK } from "./borrow-chat";
export { borrowFromOwner } from "./borrow-from-owner";
export { isLendRuleRefusal, LEND_RULE_REFUSALS } from "./lending-rules";
export {
  CONDITION_NOTE_MAX,
  type ConditionRecord,
  dropUnusedPhoto,
  handOverSchema,
  type LoanConditions,
  returnSchema,
  saveConditionPhoto,
} from "./loan-conditions";
export { tellMemberOfOffer, tellOtherSideOfStep, tellOwnerOfRequest } from "./loan-events";
export { ALREADY_RENEWAL, changeDueDate, isLentOut, markLoanLent, markLoanReturned, requestRenewal } from "./loan-lending";
export {
  type BookLoanPanel,
  bookLoanPanel,
  borrowerTookPart,
  findLoan,
  firstTabNeedingMember,
  LOAN_NOT_FOUND,
  type LoanTab,
  type LoanTabCounts,
  type LoanView,
  listLoans,
  loanListQuerySchema,
  loansPage,
  loanTabCounts,
} from "./loan-queries";
export type { AnswerStep, BorrowerRecord, LenderRecord } from "./loan-records";
export { runLoanReminders } from "./loan-reminders";
export { ALREADY_PROMISED, DUE_DATE_IN_PAST, DUE_DATE_TOO_FAR, limitLoanWrite } from "./loan-steps";
export { joinWaitlist, leaveWaitlist, runWaitlistOffers } from "./loan-waitlist";
export {
  ALREADY_ASKED,
  acceptLoan,
  acceptLoanSchema,
  cancelLoan,
  declineLoan,
  dueDateSchema,
  LOAN_PERIOD_DAYS,
  OFFERED_TO_NEXT,
  requestLoan,
  requestLoanSchema,
} from "./loans";
export { loanRecordDataPart, loanRecordDeletionPart, loansDataPart, loansDeletionPart } from "./loans-account";
export { BORROWER_TOOK_PART, disownLoan, ONLY_NAMED_BORROWER, writeBookEdit } from "./manual-loans";
