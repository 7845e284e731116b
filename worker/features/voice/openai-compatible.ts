import { AUDIO_EXTENSIONS } from "@worker/core/shared/audio-type";
import { z } from "zod";
import { isTimeout, TRANSCRIPTION_TIMEOUT_MS, type Transcriber, TranscriptionError, whisperLanguage } from "./types";

export interface OpenAiTranscriptionSettings {
  url: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

/** Accepts a base URL (".../v1") or the full transcriptions URL, as self-hosting guides vary. */
export function transcriptionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, "");
  return /\/audio\/transcriptions$/.test(trimmed) ? trimmed : `${trimmed}/audio/transcriptions`;
}

const transcriptionAnswer = z.object({ text: z.string() });

/**
 * Any OpenAI-style `/audio/transcriptions` endpoint: OpenAI itself, whisper.cpp's server,
 * faster-whisper-server / speaches, LocalAI, hosted gateways. Multipart upload, JSON answer.
 */
export function openAiCompatibleTranscriber(settings: OpenAiTranscriptionSettings): Transcriber {
  const endpoint = transcriptionsUrl(settings.url);
  return {
    name: "openai-compatible",
    async transcribe({ audio, mimeType, languageCode }) {
      const form = new FormData();
      form.set("file", new Blob([audio], { type: mimeType }), `speech.${AUDIO_EXTENSIONS[mimeType]}`);
      form.set("model", settings.model);
      form.set("language", whisperLanguage(languageCode));
      form.set("response_format", "json");
      const headers: Record<string, string> = { Accept: "application/json" };
      if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;

      let response: Response;
      let payload: unknown;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers,
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs ?? TRANSCRIPTION_TIMEOUT_MS),
        });
        if (!response.ok) {
          const detail = (await response.text()).slice(0, 200);
          throw new TranscriptionError("failed", `The transcription endpoint answered ${response.status}: ${detail}`);
        }
        payload = await response.json();
      } catch (error) {
        if (error instanceof TranscriptionError) throw error;
        if (isTimeout(error)) throw new TranscriptionError("timeout", "The transcription endpoint did not answer in time", { cause: error });
        if (error instanceof SyntaxError) throw new TranscriptionError("failed", "The transcription endpoint did not answer with JSON");
        throw new TranscriptionError("failed", `The transcription endpoint failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      const answer = transcriptionAnswer.safeParse(payload);
      if (!answer.success) throw new TranscriptionError("failed", "The transcription endpoint's answer has no text");
      return answer.data.text;
    },
  };
}
