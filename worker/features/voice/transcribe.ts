import { decodeBase64 } from "@oslojs/encoding";
import { readConfig } from "@worker/core/config";
import { badGateway, badRequest, gatewayTimeout, tooLarge, unavailable } from "@worker/core/errors";
import { readBodyWithLimit } from "@worker/core/http/body-limit";
import { translate } from "@worker/core/i18n/request-language";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import { sniffAudioType } from "@worker/core/shared/audio-type";
import { msg } from "@worker/core/shared/translate";
import { MAX_VOICE_AUDIO_BYTES, VOICE_DEFAULT_LANGUAGE } from "@worker/core/shared/voice";
import { z } from "zod";
import { createTranscriber, TranscriptionError } from "./providers";

export const VOICE_UNAVAILABLE = msg("Voice search is unavailable right now. Please type your search.");
export const VOICE_RATE_LIMITED = msg("Too many voice searches. Please wait a moment.");
export const TRANSCRIPTION_FAILED = msg("Failed to transcribe audio. Please try again.");
export const NOT_BASE64 = msg("audioData must be base64-encoded audio.");
export const NOT_AUDIO = msg("That is not an audio recording.");
export const RECORDING_TOO_LARGE = msg("The recording is too long. Voice searches last at most 10 seconds.");
const BAD_LANGUAGE = msg("languageCode must be a language tag such as en-US.");

/** The schema's messages, written in the request's language when a body is refused. */
const notBase64 = () => translate(NOT_BASE64);
const badLanguage = () => translate(BAD_LANGUAGE);

/** The base64 text of the largest accepted recording. */
const MAX_AUDIO_BASE64_CHARS = Math.ceil(MAX_VOICE_AUDIO_BYTES / 3) * 4;
/** The request body: that text, the language and the JSON around them. */
export const MAX_VOICE_BODY_BYTES = MAX_AUDIO_BASE64_CHARS + 1024;

export const transcribeSchema = z.object({
  audioData: z
    .string({ error: notBase64 })
    .min(1, { error: notBase64 })
    // The reference's words for the 413 the size check answers (it is not a 400 of this schema).
    .meta({ maxLength: MAX_AUDIO_BASE64_CHARS, contentEncoding: "base64" })
    .pipe(z.base64({ error: notBase64 })),
  // BCP-47 as browsers write it: a language, then optional script, region or variant subtags.
  languageCode: z
    .string({ error: badLanguage })
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, { error: badLanguage })
    .default(VOICE_DEFAULT_LANGUAGE),
});
export type TranscribeInput = z.output<typeof transcribeSchema>;

/** Whether this deployment transcribes on the server (the page's microphone button needs to know). */
export function serverTranscriptionAvailable(env: Env): boolean {
  return createTranscriber(readConfig(env), env) !== null;
}

/** 503 before anything else when no provider is configured: nothing is counted, nothing is read. */
export function requireServerTranscription(env: Env): void {
  if (!serverTranscriptionAvailable(env)) throw unavailable(VOICE_UNAVAILABLE);
}

/**
 * Counts one transcription against the caller's address and, for members, against the member too
 * (VOICE_LIMITER): both must pass. A member switching networks, or a network of many visitors, is
 * still held to the limit. Called before the body is read, so a refused flood costs no decoding.
 */
export async function limitVoiceSearch(ctx: ServiceContext, clientAddress: string | null): Promise<void> {
  const keys = [`voice:ip:${clientAddress ?? "local"}`];
  if (ctx.user) keys.push(`voice:member:${ctx.user.id}`);
  await limit(ctx.env.VOICE_LIMITER, keys, VOICE_RATE_LIMITED);
}

/** Reads and validates the JSON body itself: it is larger than the API's general 64 KiB JSON limit. */
export async function readTranscribeRequest(request: Request): Promise<TranscribeInput> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([\w.-]+\+)?json\b/i.test(type)) throw badRequest("Content-Type must be application/json");
  const length = request.headers.get("Content-Length");
  if (length && /^\d+$/.test(length) && Number(length) > MAX_VOICE_BODY_BYTES) throw tooLarge(RECORDING_TOO_LARGE);
  const bytes = await readBodyWithLimit(request.body, MAX_VOICE_BODY_BYTES, () => tooLarge(RECORDING_TOO_LARGE));
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
  const parsed = transcribeSchema.safeParse(body);
  // The messages are whole sentences a client can show as they are.
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? NOT_BASE64);
  return parsed.data;
}

/**
 * `POST /voice/transcribe`: the recording's text, as the provider wrote it (trimmed; empty
 * when nothing was said). The bytes must be audio by their own signature and at most 1 MiB. A
 * provider that fails or answers nonsense gives 502 (504 when it is too slow), never a 500: the
 * reader is asked to try again. 503 means only "not configured", so a client may turn voice off.
 */
export async function transcribeRecording(ctx: ServiceContext, input: TranscribeInput): Promise<{ transcript: string }> {
  const transcriber = createTranscriber(readConfig(ctx.env), ctx.env);
  if (!transcriber) throw unavailable(VOICE_UNAVAILABLE);
  // decodeBase64 allocates a plain ArrayBuffer; its declared type predates TypeScript's generic typed arrays.
  const audio = decodeBase64(input.audioData) as Uint8Array<ArrayBuffer>;
  if (audio.byteLength > MAX_VOICE_AUDIO_BYTES) throw tooLarge(RECORDING_TOO_LARGE);
  const mimeType = sniffAudioType(audio);
  if (!mimeType) throw badRequest(NOT_AUDIO);
  try {
    const text = await transcriber.transcribe({ audio, mimeType, languageCode: input.languageCode });
    return { transcript: text.trim() };
  } catch (error) {
    if (!(error instanceof TranscriptionError)) throw error;
    console.warn(`Voice transcription (${transcriber.name}) failed: ${error.message}`);
    throw error.reason === "timeout" ? gatewayTimeout(TRANSCRIPTION_FAILED) : badGateway(TRANSCRIPTION_FAILED);
  }
}
