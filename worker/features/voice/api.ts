import { doc } from "@worker/core/api/openapi";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { clientAddress } from "@worker/core/http/client-address";
import { Hono } from "hono";
import { transcriptView } from "./api-schemas";
import { limitVoiceSearch, readTranscribeRequest, requireServerTranscription, transcribeRecording, transcribeSchema } from "./transcribe";

/**
 * `POST /api/voice/transcribe {audioData, languageCode?}` for anyone (the library is public). The
 * order keeps refusals cheap: not configured (503), then the rate limit (429), and only then is the
 * body read and decoded. Clients read transcripts "as is", so `transcript` sits beside the
 * envelope's `data` too.
 */
export const voiceApi = new Hono<AppEnv>().post(
  "/transcribe",
  doc("POST", {
    summary: "Transcribe a voice search",
    who: "anyone",
    tags: ["Voice"],
    data: transcriptView,
    errors: [502, 503, 504],
    // Read by readTranscribeRequest itself (after the limit and with its own size cap), so described here.
    body: { description: "The recording, base64, with its language.", content: { "application/json": transcribeSchema } },
    description:
      "The body is JSON `{audioData, languageCode?}`: a recording of at most 1 MiB, base64 (WebM/opus, Ogg, WAV, MP4, MP3 or FLAC, told by its bytes); `languageCode` is BCP-47, default `en-US`. Answers `{transcript}` in `data` and also beside it (the transcript as the provider wrote it, trimmed; empty when nothing was said). 400 bad base64 (`audioData must be base64-encoded audio.`) or not audio (`That is not an audio recording.`); 413 too large (`The recording is too long. Voice searches last at most 10 seconds.`); 429 past 10 a minute per member and per IP (`Too many voice searches. Please wait a moment.`); 502 the provider failed or answered nonsense and 504 it timed out (`Failed to transcribe audio. Please try again.`); 503 no provider configured (`Voice search is unavailable right now. Please type your search.`).",
  }),
  async (c) => {
    const ctx = serviceContext(c);
    requireServerTranscription(c.env);
    await limitVoiceSearch(ctx, clientAddress(c.req.raw));
    const { transcript } = await transcribeRecording(ctx, await readTranscribeRequest(c.req.raw));
    return c.json({ success: true as const, transcript, data: { transcript } });
  },
);
