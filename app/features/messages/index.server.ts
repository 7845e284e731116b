export { blockIntentAction, isBlockIntent } from "./block-intents.server";
