import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { clientAddress } from "@worker/core/http/client-address";
import { limitVoiceSearch, readTranscribeRequest, requireServerTranscription, transcribeRecording } from "./transcribe";

/**
 * `POST /api/voice/transcribe {audioData, languageCode?}` for anyone (the library is public). The
 * order keeps refusals cheap: not configured (503), then the rate limit (429), and only then is the
 * body read and decoded. Clients read transcripts "as is", so `transcript` sits beside the
 * envelope's `data` too.
 */
export const voiceApi = new Hono<AppEnv>().post("/transcribe", async (c) => {
  const ctx = serviceContext(c);
  requireServerTranscription(c.env);
  await limitVoiceSearch(ctx, clientAddress(c.req.raw));
  const { transcript } = await transcribeRecording(ctx, await readTranscribeRequest(c.req.raw));
  return c.json({ success: true as const, transcript, data: { transcript } });
});
