import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";

const CHOOSE_RULE = msg("Choose who may ask to borrow.");
const CHOOSE_DISTANCE = msg("Choose one of the distances offered.");

/** The lending rule form's refusals in its own words (the schema's name the API's fields and values). */
export function lendRuleFormErrors(errors: Record<string, string>): Record<string, string> {
  return {
    ...errors,
    ...(errors.lendTo ? { lendTo: translate(CHOOSE_RULE) } : {}),
    ...(errors.lendWithinKm ? { lendWithinKm: translate(CHOOSE_DISTANCE) } : {}),
  };
}
