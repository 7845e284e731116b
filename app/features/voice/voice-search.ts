// Voice search in the browser, loaded on the first press of the microphone button: the browser's
// speech recogniser when it has one, otherwise a short webm/opus recording transcribed by
// POST /api/voice/transcribe. Failures reject with a VoiceSearchError carrying the words in docs/product.md#voice-search
// (catalogue texts: the button writes them in the page's language).

import { type MessageValues, msg, type Translate } from "@worker/core/shared/translate";
import {
  searchTextFromTranscript,
  VOICE_BITS_PER_SECOND,
  VOICE_DEFAULT_LANGUAGE,
  VOICE_MIME_TYPE,
  VOICE_SAMPLE_RATE,
  VOICE_SEARCH_MAX_SECONDS,
} from "@worker/core/shared/voice";
import { ApiError, apiFetch } from "~/core/api-client";

export const NOT_SUPPORTED = msg("Voice search is not supported in your browser");
export const VOICE_FAILED = msg("Voice search failed. Please try again.");
export const MICROPHONE_DENIED = msg("Could not access microphone. Please ensure microphone permissions are granted.");
export const RECORDING_FAILED = msg("Recording failed");
export const TRANSCRIPTION_FAILED = msg("Failed to transcribe audio. Please try again.");
export const UNAVAILABLE = msg("Voice search is unavailable");
const RECOGNITION_FAILED = msg("Speech recognition failed: {error}");

/** A failure to tell the reader: `message` is a catalogue text (or the server's words, already written), with its values. */
export class VoiceSearchError extends Error {
  constructor(
    message: string,
    /** True when pressing again cannot help here (no way to hear the reader): the button turns itself off. */
    readonly disable = false,
    readonly values?: MessageValues,
  ) {
    super(message);
    this.name = "VoiceSearchError";
  }
}

export type VoicePhase = "listening" | "transcribing";

export interface VoiceSearch {
  /** The search text heard (trimmed, without a closing full stop). */
  result: Promise<string>;
  /** Ends listening now; what was heard so far is still searched. */
  stop(): void;
  /** Ends listening and drops the result (the page is going away). */
  cancel(): void;
}

export interface VoiceSearchOptions {
  maxSeconds?: number;
  language?: string;
}

/** What the microphone button shows: the live region's text, whether it is listening, and why it is off. */
export interface VoiceButtonView {
  status: string;
  listening?: boolean;
  off?: string;
}

export interface VoiceButton {
  server: boolean;
  /** The page's translator: what the button says is written with it. */
  t: Translate;
  /** The page's Intl locale ("es-MX"): the language the reader is expected to speak. */
  language: string;
  /** The search in progress, so a second press can end it and leaving the page can drop it. */
  session: { current: VoiceSearch | null };
  setView: (view: VoiceButtonView) => void;
  onSearch: (text: string) => void;
}

let offReason: string | undefined;

/** A press of the microphone button: start listening, or end listening early; then search what was heard. */
export async function pressVoiceButton({ server, t, language, session, setView, onSearch }: VoiceButton): Promise<void> {
  if (offReason) return setView({ status: offReason, off: offReason });
  // A second press ends listening early; what was heard so far is still searched.
  if (session.current) return session.current.stop();
  setView({ status: "" });
  const search = startVoiceSearch(
    server,
    (phase) => setView(phase === "listening" ? { status: t("Listening…"), listening: true } : { status: t("Transcribing…") }),
    { language },
  );
  session.current = search;
  try {
    const text = await search.result;
    setView({ status: t("Searching for “{text}”", { text }) });
    onSearch(text);
  } catch (error) {
    const failure = error instanceof VoiceSearchError ? error : new VoiceSearchError(VOICE_FAILED);
    const said = failure.message && t(failure.message, failure.values);
    if (failure.disable) offReason = said;
    setView({ status: said, off: offReason });
  } finally {
    session.current = null;
  }
}

/** The recogniser's error codes after which recording and transcribing on the server may still work. */
const RECORD_INSTEAD = new Set(["network", "service-not-allowed", "language-not-supported"]);
/** The recogniser's error codes that mean the microphone itself could not be used. */
const NO_MICROPHONE = new Set(["not-allowed", "audio-capture"]);
/** getUserMedia's errors for a refused, missing or busy microphone. */
const MICROPHONE_ERRORS = new Set(["NotAllowedError", "NotFoundError", "NotReadableError", "SecurityError"]);

// The Web Speech API is not in TypeScript's DOM library under its prefixed name; this is what we use of it.
interface Recogniser {
  lang: string;
  maxAlternatives: number;
  interimResults: boolean;
  continuous: boolean;
  onstart: (() => void) | null;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecogniserClass = new () => Recogniser;

function recogniserClass(): RecogniserClass | undefined {
  const scope = window as unknown as { SpeechRecognition?: RecogniserClass; webkitSpeechRecognition?: RecogniserClass };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

function canRecord(): boolean {
  return typeof MediaRecorder !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/**
 * Starts listening at once. `server` says whether this deployment transcribes recordings (the
 * library loader's `voice.server`); without it, only a browser with a recogniser can search by voice.
 */
export function startVoiceSearch(server: boolean, onPhase: (phase: VoicePhase) => void, options: VoiceSearchOptions = {}): VoiceSearch {
  const maxSeconds = options.maxSeconds ?? VOICE_SEARCH_MAX_SECONDS;
  const language = options.language ?? VOICE_DEFAULT_LANGUAGE;
  let cancelled = false;
  let end: (discard: boolean) => void = () => {};
  const stages = { onPhase, maxSeconds, language, setEnd: (next: (discard: boolean) => void) => (end = next) };

  const result = (async () => {
    const Recognition = recogniserClass();
    if (Recognition) {
      const heard = await recognise(Recognition, stages);
      if (typeof heard === "string") return searchText(heard);
      if (!(server && RECORD_INSTEAD.has(heard.error ?? "") && canRecord())) throw recognitionError(heard.error);
    } else if (!server || !canRecord()) {
      throw new VoiceSearchError(NOT_SUPPORTED, true);
    }
    const recording = await record(stages);
    if (cancelled) throw new VoiceSearchError("");
    onPhase("transcribing");
    return searchText(await transcribe(recording, language, Boolean(Recognition)));
  })();

  return {
    result,
    stop: () => end(false),
    cancel: () => {
      cancelled = true;
      end(true);
    },
  };
}

interface Stages {
  onPhase: (phase: VoicePhase) => void;
  maxSeconds: number;
  language: string;
  /** Where each stage puts its way of ending early. */
  setEnd: (end: (discard: boolean) => void) => void;
}

function searchText(transcript: string): string {
  const text = searchTextFromTranscript(transcript);
  if (!text) throw new VoiceSearchError(VOICE_FAILED);
  return text;
}

function recognitionError(error: string | null): VoiceSearchError {
  if (error === null) return new VoiceSearchError(VOICE_FAILED);
  if (NO_MICROPHONE.has(error)) return new VoiceSearchError(MICROPHONE_DENIED);
  return new VoiceSearchError(RECOGNITION_FAILED, false, { error });
}

/** One utterance from the browser's recogniser: its text, or the error code it ended with (null: none). */
function recognise(Recognition: RecogniserClass, stages: Stages): Promise<string | { error: string | null }> {
  return new Promise((resolve) => {
    const recognition = new Recognition();
    recognition.lang = stages.language;
    recognition.maxAlternatives = 1;
    recognition.interimResults = false;
    recognition.continuous = false;
    let transcript: string | null = null;
    let error: string | null = null;
    const timer = setTimeout(() => recognition.stop(), stages.maxSeconds * 1000);
    recognition.onstart = () => stages.onPhase("listening");
    recognition.onresult = (event) => {
      transcript = event.results[0]?.[0]?.transcript ?? "";
    };
    recognition.onerror = (event) => {
      error = event.error;
    };
    recognition.onend = () => {
      clearTimeout(timer);
      resolve(transcript ?? { error });
    };
    stages.setEnd((discard) => (discard ? recognition.abort() : recognition.stop()));
    try {
      recognition.start();
    } catch {
      clearTimeout(timer);
      resolve({ error: null });
    }
  });
}

async function openMicrophone(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, sampleRate: VOICE_SAMPLE_RATE } });
  } catch (error) {
    throw new VoiceSearchError(error instanceof Error && MICROPHONE_ERRORS.has(error.name) ? MICROPHONE_DENIED : RECORDING_FAILED);
  }
}

/** Records webm/opus at 16 kbps (or the browser's own format where it has no opus) until stopped or the time is up. */
async function record(stages: Stages): Promise<Blob> {
  const stream = await openMicrophone();
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  return new Promise<Blob>((resolve, reject) => {
    const fail = () => {
      release();
      reject(new VoiceSearchError(RECORDING_FAILED));
    };
    let recorder: MediaRecorder;
    try {
      const mimeType = MediaRecorder.isTypeSupported(VOICE_MIME_TYPE) ? VOICE_MIME_TYPE : undefined;
      recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: VOICE_BITS_PER_SECOND });
    } catch {
      return fail();
    }
    const chunks: Blob[] = [];
    const end = () => {
      if (recorder.state !== "inactive") recorder.stop();
    };
    const timer = setTimeout(end, stages.maxSeconds * 1000);
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onerror = () => {
      clearTimeout(timer);
      fail();
    };
    recorder.onstop = () => {
      clearTimeout(timer);
      release();
      const recording = new Blob(chunks, { type: recorder.mimeType });
      if (recording.size > 0) resolve(recording);
      else reject(new VoiceSearchError(RECORDING_FAILED));
    };
    stages.setEnd(end);
    try {
      recorder.start();
    } catch {
      clearTimeout(timer);
      return fail();
    }
    stages.onPhase("listening");
  });
}

/** Base64 in slices: spreading a whole recording into one call would overflow the argument stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function transcribe(recording: Blob, language: string, hasRecogniser: boolean): Promise<string> {
  const audioData = toBase64(new Uint8Array(await recording.arrayBuffer()));
  try {
    const answer = await apiFetch("/voice/transcribe", { method: "POST", json: { audioData, languageCode: language } }, TRANSCRIPTION_FAILED);
    return answer.transcript;
  } catch (error) {
    // 503: this server does not transcribe (any more). With no recogniser either, voice is off here.
    if (error instanceof ApiError && error.status === 503 && !hasRecogniser) throw new VoiceSearchError(UNAVAILABLE, true);
    // The server's own words for its limit ("Too many voice searches…") tell the reader what to do.
    if (error instanceof ApiError && error.status === 429) throw new VoiceSearchError(error.message);
    throw new VoiceSearchError(TRANSCRIPTION_FAILED);
  }
}
