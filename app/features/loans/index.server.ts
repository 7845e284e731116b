export { timeFor, todayFor, withDueLabel } from "./due-label.server";
export { loanIntentAction } from "./loan-intents.server";
