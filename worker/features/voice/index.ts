export { serverTranscriptionAvailable } from "./transcribe";
