// Takes the install dialog's screenshots (the manifest's "screenshots") from a running app with its
// demo data: `npm run dev` in one terminal, then `node scripts/pwa-screenshots.mjs [base URL]`, and
// commit public/screenshots. Uses Chromium from PATH, like the e2e tests.
import { execFileSync } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://localhost:5173";
const executablePath = execFileSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], { encoding: "utf8" }).trim();
const browser = await chromium.launch({ executablePath, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });

// Sizes the manifest declares: a computer's window and a phone's screen (at 1.5 device pixels per CSS pixel).
const shots = [
  { file: "library-wide.png", viewport: { width: 1280, height: 800 }, scale: 1 },
  { file: "library-narrow.png", viewport: { width: 360, height: 720 }, scale: 1.5 },
];
await mkdir("public/screenshots", { recursive: true });
try {
  for (const { file, viewport, scale } of shots) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: scale });
    await page.goto(`${base}/library`);
    await page.getByRole("heading", { name: "Community Library" }).waitFor();
    // Covers load lazily: wait until those on screen have arrived.
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `public/screenshots/${file}` });
    console.log(`public/screenshots/${file} (${viewport.width * scale}×${viewport.height * scale})`);
    await page.close();
  }
} finally {
  await browser.close();
}
