import type { AudioType } from "@worker/core/shared/audio-type";

/** A provider that has not answered by now is stuck; the reader is waiting with the microphone icon lit. */
export const TRANSCRIPTION_TIMEOUT_MS = 15_000;

export interface VoiceRecording {
  audio: Uint8Array<ArrayBuffer>;
  /** The format its bytes say it is (worker/core/shared/audio-type.ts), not what the client claimed. */
  mimeType: AudioType;
  /** BCP-47, e.g. "en-US". */
  languageCode: string;
}

/**
 * One way of turning speech into text. Implementations throw TranscriptionError for every failure
 * (unreachable, timed out, refused, or an answer that is not a transcript); they return the text as
 * the provider wrote it, possibly empty when nothing was said.
 */
export interface Transcriber {
  readonly name: "workers-ai" | "openai-compatible";
  transcribe(recording: VoiceRecording): Promise<string>;
}

/** Why a provider gave no transcript: "timeout" when it did not answer in time, "failed" for the rest. */
export class TranscriptionError extends Error {
  constructor(
    readonly reason: "timeout" | "failed",
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "TranscriptionError";
  }
}

/** Whisper takes ISO 639 codes ("en"), not BCP-47 tags ("en-US"). */
export function whisperLanguage(languageCode: string): string {
  return languageCode.split("-")[0]!.toLowerCase();
}

export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}
