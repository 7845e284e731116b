export { BookLoanPanel } from "./book-loan-panel";
export { BorrowButton } from "./borrow-button";
