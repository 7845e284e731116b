// The settings `vite preview` gives the end-to-end Worker: it reads <build>/server/.dev.vars, which
// the build copied from .dev.vars. Before each e2e run:
// - settings .dev.vars.example has and that copy lacks are added (ensureDevVars), for a build made
//   from an older .dev.vars;
// - GEOCODER_URL is the recorded geocoder the clubs journey serves (E2E_GEOCODER_URL), or unset:
//   an e2e run never asks the public maps service.
// - GOOGLE_BOOKS_URL and OPEN_LIBRARY_URL are the recorded metadata server the ISBN scanner journey
//   serves (E2E_GOOGLE_BOOKS_URL, E2E_OPEN_LIBRARY_URL), or unset.
// - VOICE_TRANSCRIBER=openai-compatible with VOICE_OPENAI_URL, the recorded Whisper server the voice
//   journey serves (E2E_VOICE_URL); unset, voice transcription stays as .dev.vars says (off).
// - MAP_TILE_URL is the Worker's own recorded tile (/dev-tiles/…): an e2e run never asks a tile server.
// - MODERATORS are E2E_MODERATOR_EMAILS: one per journey that signs in as a moderator, since journeys run side by side.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureDevVars } from "./dev-vars.mjs";

export const E2E_MODERATOR_EMAILS = ["moderator@example.org", "nav-moderator@example.org"];

/** @param {{ buildDir: string, geocoderUrl?: string, googleBooksUrl?: string, openLibraryUrl?: string, voiceUrl?: string }} options */
export function prepareE2eVars({ buildDir, geocoderUrl, googleBooksUrl, openLibraryUrl, voiceUrl }) {
  const file = path.join(buildDir, "server", ".dev.vars");
  ensureDevVars(file);
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !/^\s*(GEOCODER_URL|GOOGLE_BOOKS_URL|OPEN_LIBRARY_URL)\s*=/.test(line))
    .filter((line) => !voiceUrl || !/^\s*(VOICE_TRANSCRIBER|VOICE_OPENAI_URL)\s*=/.test(line))
    .filter((line) => !/^\s*(MODERATORS|MAP_TILE_URL)\s*=/.test(line));
  lines.push("MAP_TILE_URL=/dev-tiles/{z}/{x}/{y}.png");
  // tests/moderation/moderation.e2e.test.ts and tests/shell/phone-navigation.e2e.test.ts sign in with these.
  lines.push(`MODERATORS='${E2E_MODERATOR_EMAILS.join(",")}'`);
  if (geocoderUrl) lines.push(`GEOCODER_URL='${geocoderUrl}'`);
  if (googleBooksUrl) lines.push(`GOOGLE_BOOKS_URL='${googleBooksUrl}'`);
  if (openLibraryUrl) lines.push(`OPEN_LIBRARY_URL='${openLibraryUrl}'`);
  if (voiceUrl) lines.push("VOICE_TRANSCRIBER=openai-compatible", `VOICE_OPENAI_URL='${voiceUrl}'`);
  writeFileSync(file, `${lines.join("\n")}\n`);
}
