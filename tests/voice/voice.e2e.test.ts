import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { BASE_FLAGS, fullChromium, journeyBrowser } from "../helpers/e2e/browsers";
import { expect, expectAccessible, newMember, randomClientAddress, signInAsNewMember, test, watchPageProblems } from "../helpers/e2e/fixtures";
import { startRecordedTranscriber } from "../helpers/e2e/recorded-transcriber";

const MICROPHONE_DENIED = "Could not access microphone. Please ensure microphone permissions are granted.";

/**
 * A reader saying "pride and prejudice", spoken by espeak-ng into a WAV at test time: Chromium's fake
 * microphone plays it (looped) to the page. Without espeak-ng the spec fails here, saying how to get it.
 */
function spokenSearch(): string {
  const dir = path.join(os.tmpdir(), `bookclub-voice-${process.env.E2E_PORT ?? 4173}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "pride-and-prejudice.wav");
  try {
    execFileSync("espeak-ng", ["-w", file, "-s", "140", "pride and prejudice"], { stdio: "pipe" });
  } catch (error) {
    throw new Error(
      `The voice search journey needs espeak-ng to speak its search (${error instanceof Error ? error.message : error}). ` +
        "Install Debian's espeak-ng package (`apt-get install espeak-ng`); `npm test` and .ci/run install it when they run as root.",
    );
  }
  return file;
}

// A spec's own launch options replace the config's, so they name the journeys' browser and its flags again.
const executablePath = journeyBrowser();
test.use({
  launchOptions: {
    executablePath,
    args: [...BASE_FLAGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${spokenSearch()}`],
  },
});

// Headless Chromium's recogniser would send the audio to Google; without it the page records and
// asks our Worker, which is the path under test.
function withoutRecogniser(page: Page) {
  return page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    delete scope.webkitSpeechRecognition;
    delete scope.SpeechRecognition;
  });
}
test.beforeEach(({ page }) => withoutRecogniser(page));

/** The library, hydrated: a press before React has attached its handlers would do nothing. */
async function openLibrary(page: Page): Promise<Locator> {
  await page.goto("/library");
  await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
  const microphone = page.getByRole("button", { name: "Search by voice" });
  await expect(microphone).toHaveAttribute("aria-pressed", "false");
  await page.waitForFunction(() => {
    const button = document.querySelector('button[aria-label="Search by voice"]');
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
  return microphone;
}

test.describe("voice search on the library", () => {
  test("a visitor says 'pride and prejudice': the recording is transcribed, put in the box and searched", async ({ page }) => {
    const transcriber = await startRecordedTranscriber("Pride and prejudice.");
    try {
      const microphone = await openLibrary(page);
      await expectAccessible(page);

      await microphone.click();
      await expect(page.getByText("Listening…")).toBeVisible();
      await expect(microphone).toHaveAttribute("aria-pressed", "true");
      await expectAccessible(page);
      // The reader just speaks and waits: the search box stops recording by itself after 8 s.
      await expect(page.getByRole("searchbox", { name: "Search books" })).toHaveValue("Pride and prejudice", { timeout: 20_000 });
      await expect(page).toHaveURL(/[?&]search=Pride\+and\+prejudice(&|$)/);
      await expect(page.getByRole("heading", { level: 2, name: "Pride and Prejudice" }).first()).toBeVisible();
      await expect(page.getByText("Searching for “Pride and prejudice”")).toBeVisible();
      await expect(microphone).toHaveAttribute("aria-pressed", "false");

      // The Worker sent the recorder's webm/opus to the (recorded) Whisper server, once.
      expect(transcriber.requests).toHaveLength(1);
      expect(transcriber.requests[0]).toMatchObject({
        path: "/v1/audio/transcriptions",
        fileName: "speech.webm",
        fileType: "audio/webm",
        webmOpus: true,
        model: "whisper-1",
        language: "en",
      });
      expect(transcriber.requests[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(transcriber.requests[0]!.fileBytes).toBeGreaterThan(1_000);
    } finally {
      await transcriber.close();
    }
  });

  test("a member who has blocked the microphone is told so, and typed search still works", async ({ playwright, baseURL }) => {
    // Chromium's fake-UI flag grants every request, so this member's browser runs without it, and
    // the microphone is blocked for the site as a member's "Block" would: Chromium's own setting.
    // The full Chromium: the headless shell does not apply a permission set to "denied" to getUserMedia.
    const browser = await playwright.chromium.launch({ executablePath: fullChromium(), args: [...BASE_FLAGS, "--use-fake-device-for-media-stream"] });
    const transcriber = await startRecordedTranscriber("Pride and prejudice.");
    try {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": randomClientAddress() } });
      const { targetInfo } = await (await context.newCDPSession(await context.newPage())).send("Target.getTargetInfo");
      await (await browser.newBrowserCDPSession()).send("Browser.setPermission", {
        permission: { name: "microphone" },
        setting: "denied",
        origin: new URL(baseURL!).origin,
        browserContextId: targetInfo.browserContextId,
      });
      const page = context.pages()[0]!;
      const problems = watchPageProblems(page, baseURL);
      await withoutRecogniser(page);
      await signInAsNewMember(page, newMember("Mia Muted"));

      const microphone = await openLibrary(page);
      await microphone.click();
      await expect(page.getByText(MICROPHONE_DENIED)).toBeVisible();
      await expect(microphone).toHaveAttribute("aria-pressed", "false");
      expect(transcriber.requests).toHaveLength(0);

      const search = page.getByRole("searchbox", { name: "Search books" });
      await search.fill("Emma");
      await search.press("Enter");
      await expect(page).toHaveURL(/[?&]search=Emma(&|$)/);
      await expect(page.getByRole("heading", { level: 2, name: "Emma" }).first()).toBeVisible();
      expect(problems, "console errors or failed requests in the member's browser").toEqual([]);
    } finally {
      await transcriber.close();
      await browser.close();
    }
  });
});
