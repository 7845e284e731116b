export { pushIntentAction, pushSettingsFor } from "./push-intents.server";
