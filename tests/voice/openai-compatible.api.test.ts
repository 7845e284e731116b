import { env } from "cloudflare:workers";
import { openAiCompatibleTranscriber, transcriptionsUrl } from "@worker/features/voice/openai-compatible";
import { TRANSCRIPTION_FAILED } from "@worker/features/voice/transcribe";
import { TranscriptionError } from "@worker/features/voice/types";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as recorded from "./fixtures/whisper";
import { base64, transcribe, wavRecording, webmRecording } from "./support";

// Each test file runs in its own Worker, which reads its settings once: this one transcribes with a
// self-hosted OpenAI-style endpoint, whose answers the tests give at the fetch boundary.
const ENDPOINT = "https://whisper.example.org/v1";
beforeAll(() => {
  Object.assign(env, {
    VOICE_TRANSCRIBER: "openai-compatible",
    VOICE_OPENAI_URL: ENDPOINT,
    VOICE_OPENAI_API_KEY: "sk-test-voice",
    VOICE_OPENAI_MODEL: "whisper-large-v3-turbo",
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function endpointAnswers(answer: recorded.RecordedAnswer) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => recorded.answer(answer));
}

describe("POST /api/voice/transcribe with an OpenAI-compatible endpoint", () => {
  it("uploads the recording as multipart with the model and language, with the key, and returns the text", async () => {
    const fetch = endpointAnswers(recorded.openAiPrideAndPrejudice);
    const audio = webmRecording();

    const { status, body } = await transcribe({ audioData: base64(audio), languageCode: "en-US" });

    expect(status).toBe(200);
    expect(body).toEqual({ success: true, transcript: "Pride and prejudice.", data: { transcript: "Pride and prejudice." } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${ENDPOINT}/audio/transcriptions`);
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ Authorization: "Bearer sk-test-voice", Accept: "application/json" });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const form = init.body as FormData;
    const file = form.get("file") as File;
    expect(file.name).toBe("speech.webm");
    expect(file.type).toBe("audio/webm");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(audio);
    expect(form.get("model")).toBe("whisper-large-v3-turbo");
    expect(form.get("language")).toBe("en");
    expect(form.get("response_format")).toBe("json");
  });

  it("names the file by what its bytes are, not what the client said", async () => {
    const fetch = endpointAnswers(recorded.openAiWithUsage);
    const { body } = await transcribe({ audioData: base64(wavRecording(0.5)) });
    expect(body.transcript).toBe("Pride and Prejudice");
    const file = ((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData).get("file") as File;
    expect([file.name, file.type]).toEqual(["speech.wav", "audio/wav"]);
  });

  it.each([
    ["401 for a wrong key", recorded.openAiInvalidKey, "answered 401"],
    ["429 from the provider's own limit", recorded.openAiRateLimited, "answered 429"],
    ["500", recorded.openAiServerError, "answered 500"],
    ["HTML 502 from a proxy", recorded.badGatewayHtml, "answered 502"],
    ["200 with an HTML page", recorded.okHtml, "did not answer with JSON"],
    ["200 with a body cut short", recorded.okTruncated, "did not answer with JSON"],
    ["200 with JSON but no text", recorded.okNoText, "answer has no text"],
    ["200 with a text that is not a string", recorded.okTextNotString, "answer has no text"],
  ])("answers 502 with the spec's message for %s", async (_case, answer, logged) => {
    endpointAnswers(answer);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { status, body } = await transcribe({ audioData: base64(webmRecording()) });
    expect(status).toBe(502);
    expect(body).toEqual({ success: false, error: TRANSCRIPTION_FAILED });
    expect(String(warn.mock.calls[0]![0])).toContain(logged);
  });

  it("answers 502 when the endpoint cannot be reached", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { status } = await transcribe({ audioData: base64(webmRecording()) });
    expect(status).toBe(502);
    expect(warn).toHaveBeenCalledWith("Voice transcription (openai-compatible) failed: The transcription endpoint failed: Network connection lost.");
  });
});

describe("the OpenAI-compatible transcriber", () => {
  const recording = { audio: webmRecording() as Uint8Array<ArrayBuffer>, mimeType: "audio/webm" as const, languageCode: "en-US" };

  it("gives up with a timeout when the endpoint does not answer in time", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true })),
    );
    const transcriber = openAiCompatibleTranscriber({ url: ENDPOINT, model: "whisper-1", timeoutMs: 50 });
    const error = await transcriber.transcribe(recording).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect(error).toMatchObject({ reason: "timeout" });
  });

  it("sends no Authorization header without a key (local whisper servers need none)", async () => {
    const fetch = endpointAnswers(recorded.openAiPrideAndPrejudice);
    await openAiCompatibleTranscriber({ url: ENDPOINT, model: "whisper-1" }).transcribe(recording);
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty("Authorization");
  });

  it("takes a base URL or the full transcriptions URL", () => {
    expect(transcriptionsUrl("http://127.0.0.1:8000/v1/")).toBe("http://127.0.0.1:8000/v1/audio/transcriptions");
    expect(transcriptionsUrl("https://api.openai.com/v1/audio/transcriptions")).toBe("https://api.openai.com/v1/audio/transcriptions");
  });
});
