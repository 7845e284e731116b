import { execFileSync } from "node:child_process";

/** The flags every journey's browser starts with (a spec that sets its own launch options adds to these). */
export const BASE_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

function onPath(...names: string[]): string | null {
  try {
    return execFileSync("sh", ["-c", names.map((name) => `command -v ${name}`).join(" || ")], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Debian's full Chromium (Playwright cannot download its own here). Two journeys need it: the push
 * journey (the headless shell shows no notifications) and the blocked microphone (the shell ignores
 * a permission set to "denied").
 */
export function fullChromium(): string {
  const found = process.env.CHROMIUM_PATH || onPath("chromium", "chromium-browser");
  if (!found) throw new Error("Chromium was not found on PATH. Install it with `apt-get install chromium` (CI does this).");
  return found;
}

/**
 * The browser journeys run in: Debian's chromium-headless-shell, the same engine without the desktop
 * browser's compositor and UI, as Playwright's own headless default is (about a third less CPU per
 * journey on the 2-core CI machine). Without it, the full Chromium.
 */
export function journeyBrowser(): string {
  return process.env.CHROMIUM_PATH || onPath("chromium-headless-shell") || fullChromium();
}
