export { timeFor, todayFor, withDueLabel } from "./due-label.server";
export { lendRuleFormErrors } from "./lend-rule-form.server";
export { loanIntentAction } from "./loan-intents.server";
