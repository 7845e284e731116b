import path from "node:path";
import { build } from "esbuild";
import { expect, test } from "../helpers/e2e/fixtures";

// Under `npm run dev`, React's StrictMode runs every effect twice (mount, clean
// up, mount), which revoked a thumbnail's blob: URL before its <img> loaded. Production React never
// does that, so the served build cannot show it: this journey bundles the picker with React's
// development build, renders it under <StrictMode>, and picks a photo.

const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const HARNESS = `
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { ImagePicker } from "~/features/books/image-picker";

function Harness() {
  const [files, setFiles] = useState([]);
  return <ImagePicker files={files} onChange={setFiles} />;
}
createRoot(document.getElementById("root")).render(<StrictMode><Harness /></StrictMode>);
`;

/** The picker and React (development build) as one script. */
async function harnessScript(): Promise<string> {
  const root = path.resolve(import.meta.dirname, "../..");
  const result = await build({
    stdin: { contents: HARNESS, loader: "tsx", resolveDir: root, sourcefile: "harness.tsx" },
    bundle: true,
    write: false,
    format: "iife",
    jsx: "automatic",
    tsconfig: path.join(root, "tsconfig.cloudflare.json"),
    define: { "process.env.NODE_ENV": '"development"' },
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

// The harness is served from an origin of its own, so nothing of the app's server is involved.
const ORIGIN = "https://picker.test";

test("a picked photo's preview loads under React StrictMode (development's double effects)", async ({ page }) => {
  const script = await harnessScript();
  await page.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/harness.js") return route.fulfill({ contentType: "text/javascript", body: script });
    return route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><body><div id="root"></div><script src="/harness.js"></script></body></html>',
    });
  });
  await page.goto(`${ORIGIN}/`);
  await expect(page.getByText("Choose book cover photos")).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG_1PX });
  const preview = page.getByRole("img", { name: "Selected: cover.png" });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});
