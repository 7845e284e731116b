import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { BASE_FLAGS, journeyBrowser } from "../helpers/e2e/browsers";
import { writeEan13Video } from "../helpers/e2e/ean13-video";
import { test as base, expect, expectAccessible, newMember, randomClientAddress, signInAsNewMember, watchPageProblems } from "../helpers/e2e/fixtures";
import { startRecordedMetadata } from "../helpers/e2e/recorded-metadata";
import { SCANNED_ISBN } from "./fixtures/google-books-isbn";

// Chromium's fake camera films a barcode drawn at load time (the browser starts with the file's
// path); Linux Chromium has no BarcodeDetector, so zxing-wasm reads every frame for real.
const videos = path.join(os.tmpdir(), `bookclub-isbn-scan-${process.env.E2E_PORT ?? 4173}`);
const PRICE_BARCODE = "5012345678900";
/** A valid ISBN the recorded metadata server knows nothing about. */
const UNKNOWN_ISBN = "9780000000002";

// A spec's own launch options replace the config's, so they name the journeys' browser and its flags again.
const executablePath = journeyBrowser();
/** Launch options whose fake camera films `code`; `acceptPrompt: false` leaves the camera prompt to the permission set. */
function filming(code: string, { acceptPrompt = true } = {}) {
  return {
    launchOptions: {
      executablePath,
      args: [
        ...BASE_FLAGS,
        ...(acceptPrompt ? ["--use-fake-ui-for-media-stream"] : []),
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${writeEan13Video(code, videos)}`,
      ],
    },
  };
}

// The spec's page films the ISBN; a test that needs another barcode in front of the camera opens a
// browser of its own (launch options are per worker), watched for problems like the page fixture.
const test = base.extend<{ filmingPage: (code: string, options?: { acceptPrompt?: boolean }) => Promise<Page> }>({
  filmingPage: async ({ playwright, baseURL }, use) => {
    const opened: { browser: Browser; problems: string[] }[] = [];
    await use(async (code, options) => {
      const browser = await playwright.chromium.launch(filming(code, options).launchOptions);
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": randomClientAddress() } });
      const page = await context.newPage();
      opened.push({ browser, problems: watchPageProblems(page, baseURL) });
      return page;
    });
    for (const { browser } of opened) await browser.close();
    expect(
      opened.flatMap(({ problems }) => problems),
      "console errors or failed requests in the filming browser",
    ).toEqual([]);
  },
});
test.use(filming(SCANNED_ISBN));

let metadata: Awaited<ReturnType<typeof startRecordedMetadata>>;
test.beforeAll(async () => {
  metadata = await startRecordedMetadata();
});
test.afterAll(async () => {
  await metadata.close();
});

async function openScanner(page: Page, from: "my-books" | "book-new") {
  if (from === "my-books") {
    await page.getByRole("button", { name: "Add Books" }).click();
    await page.getByRole("dialog", { name: "Add Books" }).getByRole("button", { name: "Scan ISBN" }).click();
  } else {
    await page.goto("/books/new");
    await expect(page.getByRole("heading", { level: 1, name: "Add a book" })).toBeVisible();
    await page.getByRole("button", { name: "Scan ISBN" }).click();
  }
  const scanner = page.getByRole("dialog", { name: "Scan ISBN" });
  await expect(scanner).toBeVisible();
  return scanner;
}

test.describe("scanning a book's ISBN", () => {
  test("a new member scans Pride and Prejudice, adds it in one tap and finds it on My Books", async ({ page }) => {
    await signInAsNewMember(page, newMember("Sana Scanner"));
    const scanner = await openScanner(page, "my-books");

    // The camera's barcode, read by ZXing, looked up, and shown.
    await expect(scanner.getByRole("heading", { name: "Pride and Prejudice" })).toBeVisible({ timeout: 30_000 });
    await expect(scanner.getByText("Jane Austen")).toBeVisible();
    await expect(scanner.getByRole("status")).toHaveText(`Found ISBN ${SCANNED_ISBN}.`);
    await expect(scanner.locator("[data-engine]")).toHaveAttribute("data-engine", "zxing");
    // The recorded thumbnail is http (not shown on an https-only page): the generated placeholder.
    await expect(scanner.getByRole("img", { name: "No cover for Pride and Prejudice" })).toBeVisible();
    await expect(scanner.getByRole("button", { name: "Add this book" })).toBeFocused();
    await expectAccessible(page);

    await scanner.getByRole("button", { name: "Add this book" }).click();
    await expect(scanner.getByRole("status")).toHaveText("Added Pride and Prejudice.");
    expect(metadata.requests.some((url) => url.searchParams.get("q") === `isbn:${SCANNED_ISBN}`)).toBe(true);
    await scanner.getByRole("button", { name: "Done" }).click();
    await expect(scanner).toBeHidden();
    const addBooks = page.getByRole("dialog", { name: "Add Books" });
    await addBooks.getByRole("button", { name: "Close" }).click();
    await expect(addBooks).toBeHidden();

    // On the shelf, with the cover the server copied into R2.
    await expect(page.getByText("1 books on your shelf")).toBeVisible();
    const card = page.locator("main ul > li").filter({ has: page.getByRole("link", { name: "Pride and Prejudice" }) });
    await expect(card).toHaveCount(1);
    // (The card's cover is a decorative duplicate of the title link, hidden from the accessibility tree.)
    const cover = card.locator('img[alt^="Cover of Pride and Prejudice"]');
    await expect(cover).toHaveAttribute("src", /^\/media\/covers\/.+\.jpg$/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);

    await card.getByRole("link", { name: "Pride and Prejudice" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pride and Prejudice" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Google Metadata" })).toBeVisible();
    await expect(page.getByText("Penguin Classics").first()).toBeVisible();
    await expect(page.getByText(SCANNED_ISBN).first()).toBeVisible();

    // Scanning the same book again: the member already has it.
    await page.goto("/my-books");
    await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
    const again = await openScanner(page, "my-books");
    await again.getByRole("button", { name: "Add this book" }).click({ timeout: 30_000 });
    await expect(again.getByRole("status")).toHaveText("You already have this book.");
    await again.getByRole("link", { name: "Open it" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pride and Prejudice" })).toBeVisible();
  });
});

test.describe("scanning a price barcode", () => {
  test("says it isn't an ISBN, keeps scanning, and stops the camera when closed with Escape", async ({ filmingPage }) => {
    const page = await filmingPage(PRICE_BARCODE);
    await signInAsNewMember(page, newMember("Priya Price"));
    const scanner = await openScanner(page, "book-new");
    await expect(scanner.getByRole("status")).toHaveText("That barcode isn't an ISBN. Scan the barcode that starts with 978 or 979.", {
      timeout: 30_000,
    });
    await expect(scanner.locator("video")).toBeVisible();

    await page.evaluate(() => {
      const stream = document.querySelector("video")!.srcObject as MediaStream;
      (window as unknown as { scanTracks: MediaStreamTrack[] }).scanTracks = stream.getTracks();
    });
    await page.keyboard.press("Escape");
    await expect(scanner).toBeHidden();
    await expect(page.getByRole("button", { name: "Scan ISBN" })).toBeFocused();
    // The camera stops in the dialog's cleanup, which React runs just after the dialog is gone.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { scanTracks: MediaStreamTrack[] }).scanTracks.map((track) => track.readyState)))
      .toEqual(expect.arrayContaining(["ended"]));
    const states = await page.evaluate(() => (window as unknown as { scanTracks: MediaStreamTrack[] }).scanTracks.map((track) => track.readyState));
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state === "ended")).toBe(true);
  });
});

test.describe("scanning an ISBN nobody knows", () => {
  test("offers to add it by hand with the ISBN filled in", async ({ filmingPage }) => {
    const page = await filmingPage(UNKNOWN_ISBN);
    await signInAsNewMember(page, newMember("Uma Unknown"));
    const scanner = await openScanner(page, "my-books");
    await expect(scanner.getByRole("status")).toHaveText(`We couldn't find details for ISBN ${UNKNOWN_ISBN}.`, { timeout: 30_000 });
    await scanner.getByRole("link", { name: "Add it by hand" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Add a book" })).toBeVisible();
    await expect(page.getByLabel("ISBN")).toHaveValue(UNKNOWN_ISBN);
    await page.getByLabel("Title").fill("A Self-Published Memoir");
    await page.getByLabel("Author").fill("Uma Unknown");
    await page.getByRole("button", { name: "Add Book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "A Self-Published Memoir" })).toBeVisible();
    await expect(page.getByText(UNKNOWN_ISBN).first()).toBeVisible();
  });
});

test.describe("without camera permission", () => {
  test("shows the camera message", async ({ filmingPage, baseURL }) => {
    // No fake UI to accept the prompt, and the member has said no: getUserMedia is refused for real.
    const page = await filmingPage(SCANNED_ISBN, { acceptPrompt: false });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Browser.setPermission", { permission: { name: "camera" }, setting: "denied", origin: baseURL });
    await signInAsNewMember(page, newMember("Dana Denied"));
    const scanner = await openScanner(page, "book-new");
    await expect(scanner.getByRole("status")).toHaveText("Could not access the camera. Please ensure camera permissions are granted.");
    await expect(scanner.locator("video")).toBeHidden();
    await expect(scanner.getByRole("button", { name: "Try again" })).toBeVisible();
    await scanner.getByRole("button", { name: "Close" }).click();
    await expect(scanner).toBeHidden();
  });
});
