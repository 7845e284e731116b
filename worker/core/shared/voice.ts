// Voice rules both the browser (the recorder) and the Worker (the transcription endpoint) apply.
// No imports: this module ships to the client.

/** A voice recording lasts at most 10 s, and 8 s when it comes from the search box (docs/product.md#voice-search). */
export const VOICE_MAX_SECONDS = 10;
export const VOICE_SEARCH_MAX_SECONDS = 8;
/** The default language, as a BCP-47 tag. */
export const VOICE_DEFAULT_LANGUAGE = "en-US";
/** webm/opus at 16 kHz; 16 kbps keeps 10 s of speech near 20 KB. */
export const VOICE_SAMPLE_RATE = 16_000;
export const VOICE_BITS_PER_SECOND = 16_000;
export const VOICE_MIME_TYPE = "audio/webm;codecs=opus";

/**
 * The largest recording the endpoint accepts (decoded). Ten seconds of 16 kHz opus is 20–40 KB and
 * of 16-bit PCM WAV 320 KB, so 1 MiB leaves room for any browser's recorder and no more.
 */
export const MAX_VOICE_AUDIO_BYTES = 1024 * 1024;

/** The transcript as a search: Whisper writes sentences ("Pride and prejudice."), a search has no full stop. */
export function searchTextFromTranscript(transcript: string): string {
  return transcript
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\s.!?。…,;:]+$/u, "");
}
