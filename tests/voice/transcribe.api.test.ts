import { env } from "cloudflare:workers";
import { decodeBase64 } from "@oslojs/encoding";
import { MAX_VOICE_AUDIO_BYTES } from "@worker/core/shared/voice";
import { MAX_VOICE_BODY_BYTES, NOT_AUDIO, NOT_BASE64, RECORDING_TOO_LARGE, TRANSCRIPTION_FAILED, VOICE_RATE_LIMITED } from "@worker/features/voice/transcribe";
import { WHISPER_MODEL } from "@worker/features/voice/workers-ai";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { page } from "../helpers/pages";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import * as recorded from "./fixtures/whisper";
import { base64, freshIp, libraryVoiceFlag, transcribe, wavRecording, webmRecording } from "./support";

// Production's provider (wrangler.toml), set here so a local .dev.vars saying "off" cannot change the test.
beforeAll(() => {
  Object.assign(env, { VOICE_TRANSCRIBER: "workers-ai" });
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

function whisperAnswers(output: unknown) {
  return vi.spyOn(env.AI, "run").mockResolvedValue(output as never);
}

describe("POST /api/voice/transcribe with Workers AI", () => {
  it("sends the recording to Whisper as base64 with the language, and returns the transcript as is and in data", async () => {
    const member: Member = await signedInMember();
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    const audio = webmRecording();

    const { status, body } = await transcribe({ audioData: base64(audio), languageCode: "en-US" }, { cookie: member.cookie });

    expect(status).toBe(200);
    expect(body).toEqual({ success: true, transcript: "Pride and prejudice.", data: { transcript: "Pride and prejudice." } });
    expect(run).toHaveBeenCalledTimes(1);
    const [model, inputs, options] = run.mock.calls[0] as unknown as [string, { audio: string; language: string }, AiOptions];
    expect(model).toBe(WHISPER_MODEL);
    expect(decodeBase64(inputs.audio)).toEqual(audio);
    expect(inputs.language).toBe("en");
    expect(options.signal).toBeInstanceOf(AbortSignal);
  });

  it("lets visitors search by voice too (the library is public), defaulting the language to en-US", async () => {
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    const { status, body } = await transcribe({ audioData: base64(wavRecording(1)) });
    expect(status).toBe(200);
    expect(body.transcript).toBe("Pride and prejudice.");
    expect((run.mock.calls[0]![1] as { language: string }).language).toBe("en");
  });

  it("passes other languages as ISO 639 codes", async () => {
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    expect((await transcribe({ audioData: base64(webmRecording()), languageCode: "fr-CA" })).status).toBe(200);
    expect((run.mock.calls[0]![1] as { language: string }).language).toBe("fr");
  });

  it("answers an empty transcript for a recording with nothing said", async () => {
    whisperAnswers(recorded.workersAiSilence);
    const { status, body } = await transcribe({ audioData: base64(webmRecording()) });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, transcript: "", data: { transcript: "" } });
  });

  it.each([
    ["no text", recorded.workersAiNoText],
    ["a text that is not a string", recorded.workersAiTextNotString],
    ["an HTML page", recorded.workersAiHtml],
    ["nothing", null],
  ])("answers 502 with the spec's message when Whisper gives %s", async (_case, output) => {
    whisperAnswers(output);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { status, body } = await transcribe({ audioData: base64(webmRecording()) });
    expect(status).toBe(502);
    expect(body).toEqual({ success: false, error: TRANSCRIPTION_FAILED });
    expect(warn).toHaveBeenCalledWith("Voice transcription (workers-ai) failed: Workers AI's answer has no transcript text");
  });

  it.each([
    ["is over capacity", recorded.workersAiCapacityError],
    ["cannot decode the audio", recorded.workersAiInvalidInput],
  ])("answers 502 when Workers AI %s", async (_case, error) => {
    vi.spyOn(env.AI, "run").mockRejectedValue(error);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { status, body } = await transcribe({ audioData: base64(webmRecording()) });
    expect(status).toBe(502);
    expect(body).toEqual({ success: false, error: TRANSCRIPTION_FAILED });
    expect(String(warn.mock.calls[0]![0])).toContain(error.message);
  });

  it("answers 504 when Workers AI does not answer in time", async () => {
    vi.spyOn(env.AI, "run").mockRejectedValue(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { status, body } = await transcribe({ audioData: base64(webmRecording()) });
    expect(status).toBe(504);
    expect(body).toEqual({ success: false, error: TRANSCRIPTION_FAILED });
  });
});

describe("what the endpoint refuses before Whisper sees it", () => {
  it.each([
    ["not base64", { audioData: "this is not base64!" }],
    ["base64 with a broken tail", { audioData: "GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibQ=" }],
    ["empty", { audioData: "" }],
    ["missing", {}],
    ["not a string", { audioData: 12345 }],
  ])("400 for audioData that is %s", async (_case, body) => {
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    const answer = await transcribe(body, { invalid: true });
    expect(answer).toEqual({ status: 400, body: { success: false, error: NOT_BASE64 } });
    expect(run).not.toHaveBeenCalled();
  });

  it("400 for a language that is not a BCP-47 tag", async () => {
    const answer = await transcribe({ audioData: base64(webmRecording()), languageCode: "english please" }, { invalid: true });
    expect(answer).toEqual({ status: 400, body: { success: false, error: "languageCode must be a language tag such as en-US." } });
  });

  it.each([
    ["a JPEG", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])],
    ["a PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ["text", new TextEncoder().encode("pride and prejudice")],
    ["a RIFF file that is not WAVE", new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000AVI LIST")],
  ])("400 for bytes that are %s, not audio", async (_case, bytes) => {
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    const answer = await transcribe({ audioData: base64(bytes) });
    expect(answer).toEqual({ status: 400, body: { success: false, error: NOT_AUDIO } });
    expect(run).not.toHaveBeenCalled();
  });

  it("413 for a recording over 1 MiB, without calling Whisper", async () => {
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    // A real WAV padded to 3 bytes past 1 MiB: the body is within its limit, the decoded audio is not.
    const audio = new Uint8Array(MAX_VOICE_AUDIO_BYTES + 3);
    audio.set(wavRecording(0.1));
    const answer = await transcribe({ audioData: base64(audio) }, { invalid: true });
    expect(answer).toEqual({ status: 413, body: { success: false, error: RECORDING_TOO_LARGE } });
    expect(run).not.toHaveBeenCalled();
  });

  it("413 for a body past the limit, refused by its Content-Length before it is read", async () => {
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    const body = JSON.stringify({ audioData: "A".repeat(MAX_VOICE_BODY_BYTES) });
    const answer = await transcribe(body, { invalid: true });
    expect(answer).toEqual({ status: 413, body: { success: false, error: RECORDING_TOO_LARGE } });
    expect(run).not.toHaveBeenCalled();
  });

  it("413 for a streamed body past the limit (no Content-Length to go by)", async () => {
    const chunk = new TextEncoder().encode("A".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_VOICE_BODY_BYTES + chunk.byteLength) return controller.close();
        controller.enqueue(sent === 0 ? new TextEncoder().encode('{"audioData":"') : chunk);
        sent += chunk.byteLength;
      },
    });
    const { call } = await import("../helpers/http");
    const response = await call("/api/voice/transcribe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
      body: stream,
      invalid: true,
      // @ts-expect-error: workerd's RequestInit needs this for a stream body; the DOM lib's type lacks it.
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, error: RECORDING_TOO_LARGE });
  });

  it("400 for a body that is not JSON, or not declared as JSON", async () => {
    expect((await transcribe('{"audioData": "GkXf', { invalid: true })).body).toEqual({ success: false, error: "Malformed JSON in request body" });
    const form = await transcribe(JSON.stringify({ audioData: base64(webmRecording()) }), {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      invalid: true,
    });
    expect(form).toEqual({ status: 400, body: { success: false, error: "Content-Type must be application/json" } });
  });
});

describe("the rate limit (VOICE_LIMITER: 10 a minute)", () => {
  it("turns a member away on the 11th transcription, whatever address they come from", async () => {
    await startOfRateLimitWindow();
    const member: Member = await signedInMember();
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    const audioData = base64(webmRecording());
    for (let i = 0; i < 10; i++) {
      expect((await transcribe({ audioData }, { cookie: member.cookie, ip: freshIp() })).status).toBe(200);
    }
    const eleventh = await transcribe({ audioData }, { cookie: member.cookie, ip: freshIp() });
    expect(eleventh).toEqual({ status: 429, body: { success: false, error: VOICE_RATE_LIMITED } });
    expect(run).toHaveBeenCalledTimes(10);
  });

  it("turns an address away on the 11th, whoever is signed in, and visitors by their address alone", async () => {
    await startOfRateLimitWindow();
    const ip = freshIp();
    const run = whisperAnswers(recorded.workersAiPrideAndPrejudice);
    const audioData = base64(webmRecording());
    for (let i = 0; i < 5; i++) expect((await transcribe({ audioData }, { ip })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const member: Member = await signedInMember();
      expect((await transcribe({ audioData }, { ip, cookie: member.cookie })).status).toBe(200);
    }
    const member: Member = await signedInMember();
    expect((await transcribe({ audioData }, { ip, cookie: member.cookie })).status).toBe(429);
    expect((await transcribe({ audioData }, { ip })).status).toBe(429);
    // Another address is not held back by this one.
    expect((await transcribe({ audioData }, { ip: freshIp() })).status).toBe(200);
    expect(run).toHaveBeenCalledTimes(11);
  });

  it("counts before the body is read: a refused request with a broken body still gets the 429", async () => {
    await startOfRateLimitWindow();
    const ip = freshIp();
    whisperAnswers(recorded.workersAiPrideAndPrejudice);
    for (let i = 0; i < 10; i++) await transcribe({ audioData: "not base64" }, { ip });
    expect(await transcribe({ audioData: "not base64" }, { ip })).toEqual({ status: 429, body: { success: false, error: VOICE_RATE_LIMITED } });
  });
});

describe("the library page", () => {
  it("renders the microphone button and tells it that the server can transcribe", async () => {
    const { status, html } = await page("/library");
    expect(status).toBe(200);
    expect(html).toContain('aria-label="Search by voice"');
    expect(libraryVoiceFlag(html)).toBe(true);
  });
});
