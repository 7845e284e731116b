export { isLentOut } from "./loan-lending";
export { borrowerTookPart } from "./loan-queries";
export { runLoanReminders } from "./loan-reminders";
export { runWaitlistOffers } from "./loan-waitlist";
export { bookLoanPanel } from "./loans";
export { loansDataPart, loansDeletionPart } from "./loans-account";
export { writeBookEdit } from "./manual-loans";
export { tellOwnerOfRequest } from "./loan-events";
