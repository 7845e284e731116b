export { isLentOut } from "./loan-lending";
export { borrowerTookPart } from "./loan-queries";
export { runLoanReminders } from "./loan-reminders";
export { limitLoanWrite } from "./loan-steps";
export { runWaitlistOffers } from "./loan-waitlist";
export { bookLoanPanel } from "./loans";
export { loansDataPart, loansDeletionPart } from "./loans-account";
export { applyManualLending, planManualLending } from "./manual-loans";
