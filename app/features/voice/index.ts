export { VoiceSearchButton } from "./voice-search-button";
