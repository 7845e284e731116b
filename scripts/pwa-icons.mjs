// Draws the install icons from the logo (public/favicon.svg): `node scripts/pwa-icons.mjs` after
// changing the logo, then commit public/icons. Needs sharp (a devDependency).
import { readFile } from "node:fs/promises";
import sharp from "sharp";

const logo = await readFile("public/favicon.svg", "utf8");
// The logo's book spines, without its rounded tile: maskable and Apple icons draw their own background.
const glyph = logo.match(/<path[^>]*\/>/)?.[0];
if (!glyph) throw new Error("public/favicon.svg has no <path> to draw the icons from");
const BRAND = "#065f46";

/** The glyph on a full square of the brand colour, scaled so it fits the middle `safe` share. @param {number} safe */
const fullBleed = (safe) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(${safe}) translate(-16 -16)">${glyph}</g></svg>`;

/**
 * The glyph alone, white on transparent (Android draws notification badges from their alpha channel
 * only), centred on itself (it sits right of the logo's middle) and a little larger.
 */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><g transform="translate(16 16) scale(1.15) translate(-17.75 -16)">${glyph.replace(/fill="[^"]*"/, 'fill="#fff"')}</g></svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  // Launchers crop maskable icons to a circle or squircle: the glyph stays inside the 80% safe zone.
  { file: "maskable-512.png", size: 512, svg: fullBleed(0.8) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.9) },
  // The push notification's badge (worker/core/shared/push-payload.ts): status bar and notification.
  { file: "badge-96.png", size: 96, svg: badge },
];
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/${file}`);
  console.log(`public/icons/${file} (${size}×${size})`);
}
