import { env } from "cloudflare:workers";
import { VOICE_UNAVAILABLE } from "@worker/features/voice/transcribe";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { page } from "../helpers/pages";
import { base64, freshIp, libraryVoiceFlag, transcribe, webmRecording } from "./support";

// Each test file runs in its own Worker, which reads its settings once: here no provider is set up,
// as in local runs (.dev.vars.example), where only the browser's own recogniser can do voice search.
beforeAll(() => {
  Object.assign(env, { VOICE_TRANSCRIBER: "off" });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("voice search with server transcription off", () => {
  it("answers 503 with a clear message, for members and visitors, asking no provider and counting nothing", async () => {
    const run = vi.spyOn(env.AI, "run");
    const fetch = vi.spyOn(globalThis, "fetch");
    const member = await signedInMember();
    const ip = freshIp();
    for (let i = 0; i < 12; i++) {
      const answer = await transcribe({ audioData: base64(webmRecording()) }, { ip, cookie: i % 2 ? member.cookie : undefined });
      // Never a 429: a deployment without a provider spends nothing, so there is nothing to limit.
      expect(answer).toEqual({ status: 503, body: { success: false, error: VOICE_UNAVAILABLE } });
    }
    expect(run).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers 503 before looking at the body", async () => {
    expect((await transcribe("not even json", { invalid: true })).status).toBe(503);
  });

  it("tells the library's microphone button, and keeps typed search working", async () => {
    const { status, html } = await page("/library?search=pride");
    expect(status).toBe(200);
    expect(libraryVoiceFlag(html)).toBe(false);
    expect(html).toContain('aria-label="Search by voice"');
    expect(html).toMatch(/<input[^>]*id="library-search"[^>]*value="pride"/);
  });
});
