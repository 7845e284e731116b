export { BookLoanPanel } from "./book-loan-panel";
export { BorrowButton } from "./borrow-button";
export { type DueLabel, dueLabel } from "./due-label";
export { LendRuleFields } from "./lend-rule-fields";
