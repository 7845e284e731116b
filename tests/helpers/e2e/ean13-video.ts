import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// A fake camera for Chromium (--use-file-for-fake-video-capture): a Y4M video of a printed EAN-13,
// drawn from the standard encoding tables, so the scanner's real decoder reads a real barcode.

const L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"];
const G = ["0100111", "0110011", "0011011", "0100001", "0011101", "0111001", "0000101", "0010001", "0001001", "0010111"];
const R = ["1110010", "1100110", "1101100", "1000010", "1011100", "1001110", "1010000", "1000100", "1001000", "1110100"];
/** Which of L or G encodes each left-hand digit; the first digit is carried only by this choice. */
const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];

/** The 95 modules of an EAN-13 ("1" = bar), guards included. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`Not 13 digits: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits
    .slice(1, 7)
    .map((digit, i) => (parity[i] === "L" ? L : G)[digit])
    .join("");
  const right = digits
    .slice(7)
    .map((digit) => R[digit])
    .join("");
  return `101${left}01010${right}101`;
}

export const VIDEO_WIDTH = 640;
export const VIDEO_HEIGHT = 480;

/** One grayscale frame: black bars, `modulePx` wide, centred on white (the margins are the quiet zones). */
function lumaPlane(code: string, modulePx: number): Buffer {
  const modules = ean13Modules(code);
  const plane = Buffer.alloc(VIDEO_WIDTH * VIDEO_HEIGHT, 235); // video white
  const left = Math.round((VIDEO_WIDTH - modules.length * modulePx) / 2);
  const top = Math.round(VIDEO_HEIGHT * 0.25);
  const bottom = Math.round(VIDEO_HEIGHT * 0.75);
  for (let y = top; y < bottom; y++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] === "1") plane.fill(16, y * VIDEO_WIDTH + left + m * modulePx, y * VIDEO_WIDTH + left + (m + 1) * modulePx); // video black
    }
  }
  return plane;
}

/**
 * Writes a YUV4MPEG2 file of `frames` identical frames showing `code` (4:2:0, chroma neutral) and
 * returns its path. Chromium loops it as the camera's picture.
 */
export function writeEan13Video(code: string, directory: string, { frames = 5, modulePx = 4 } = {}): string {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `ean13-${code}.y4m`);
  const luma = lumaPlane(code, modulePx);
  const chroma = Buffer.alloc((VIDEO_WIDTH / 2) * (VIDEO_HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${VIDEO_WIDTH} H${VIDEO_HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}
