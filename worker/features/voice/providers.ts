import type { AppConfig } from "@worker/core/config";
import { openAiCompatibleTranscriber } from "./openai-compatible";
import type { Transcriber } from "./types";
import { workersAiTranscriber } from "./workers-ai";

export { type Transcriber, TranscriptionError, type VoiceRecording } from "./types";

/** The provider named by VOICE_TRANSCRIBER, or null when server transcription is off (or not set). */
export function createTranscriber(config: AppConfig, env: Pick<Env, "AI">): Transcriber | null {
  switch (config.VOICE_TRANSCRIBER) {
    case "workers-ai":
      return workersAiTranscriber(env.AI);
    case "openai-compatible":
      // config.ts refuses openai-compatible without a URL, so this only narrows the type.
      if (!config.VOICE_OPENAI_URL) throw new Error("VOICE_TRANSCRIBER=openai-compatible needs VOICE_OPENAI_URL");
      return openAiCompatibleTranscriber({
        url: config.VOICE_OPENAI_URL,
        apiKey: config.VOICE_OPENAI_API_KEY,
        model: config.VOICE_OPENAI_MODEL ?? "whisper-1",
      });
    case "off":
    case undefined:
      return null;
  }
}
