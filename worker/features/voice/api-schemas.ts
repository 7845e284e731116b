import { z } from "zod";

/** What the voice route answers in `data`, for the API reference. */

/** `POST /api/voice/transcribe`: the recording's text, trimmed; empty when nothing was said. */
export const transcriptView = z.looseObject({ transcript: z.string() });
