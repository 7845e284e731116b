export { voiceApi } from "./api";
export { serverTranscriptionAvailable } from "./transcribe";
