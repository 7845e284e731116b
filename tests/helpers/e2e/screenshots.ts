import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

/**
 * A screenshot of what the reader sees, kept with the test's results. With UPDATE_SCREENSHOTS=1 it
 * also replaces `docs/screenshots/{name}.png`, the pictures README and closing notes show, so they
 * are always taken from a journey that passed rather than staged by hand.
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, animations: "disabled", caret: "hide" });
  if (process.env.UPDATE_SCREENSHOTS !== "1") return;
  const docs = path.join(process.cwd(), "docs", "screenshots");
  await mkdir(docs, { recursive: true });
  await copyFile(file, path.join(docs, `${name}.png`));
}
