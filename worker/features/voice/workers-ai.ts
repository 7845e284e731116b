import { encodeBase64 } from "@oslojs/encoding";
import { z } from "zod";
import { isTimeout, TRANSCRIPTION_TIMEOUT_MS, type Transcriber, TranscriptionError, whisperLanguage } from "./types";

export const WHISPER_MODEL = "@cf/openai/whisper-large-v3-turbo";

/** The part of the model's output we use (workers-types: Ai_Cf_Openai_Whisper_Large_V3_Turbo_Output). */
const whisperOutput = z.object({ text: z.string() });

/** Rejects when the signal fires: a mocked or stuck binding may not honour the signal itself. */
function settleBy<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Whisper on Workers AI (production): the audio goes as base64, the language as an ISO 639 code. */
export function workersAiTranscriber(ai: Ai, timeoutMs = TRANSCRIPTION_TIMEOUT_MS): Transcriber {
  return {
    name: "workers-ai",
    async transcribe({ audio, languageCode }) {
      const signal = AbortSignal.timeout(timeoutMs);
      let output: unknown;
      try {
        // Looked up per call, so a replaced binding method (tests, wrappers) is honoured.
        output = await settleBy(ai.run(WHISPER_MODEL, { audio: encodeBase64(audio), language: whisperLanguage(languageCode) }, { signal }), signal);
      } catch (error) {
        if (isTimeout(error)) throw new TranscriptionError("timeout", "Workers AI did not answer in time", { cause: error });
        throw new TranscriptionError("failed", `Workers AI failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      const answer = whisperOutput.safeParse(output);
      if (!answer.success) throw new TranscriptionError("failed", "Workers AI's answer has no transcript text");
      return answer.data.text;
    },
  };
}
