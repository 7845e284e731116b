import { readEan13FromLine } from "./ean13";
import type { Luminance } from "./luminance";

/** Lines sampled per direction: a barcode taller than ~1/100 of the image is crossed several times. */
const LINES_PER_DIRECTION = 100;
/** Two lines agreeing is enough; the check digit already rules out most misreads. */
const VOTES_TO_ACCEPT = 2;

function row(image: Luminance, y: number): Uint8Array {
  return image.data.subarray(y * image.width, (y + 1) * image.width);
}

function column(image: Luminance, x: number): Uint8Array {
  const line = new Uint8Array(image.height);
  for (let y = 0; y < image.height; y++) line[y] = image.data[y * image.width + x]!;
  return line;
}

function reversed(line: Uint8Array): Uint8Array {
  return line.slice().reverse();
}

/**
 * Looks for an EAN-13 across rows and columns, in both reading directions (covers are photographed
 * sideways and upside down). Returns the most often read code, or null.
 */
export function findEan13(image: Luminance): string | null {
  const votes = new Map<string, number>();
  const lines: (() => Uint8Array)[] = [];
  const rowStep = Math.max(1, Math.floor(image.height / LINES_PER_DIRECTION));
  for (let y = Math.floor(rowStep / 2); y < image.height; y += rowStep) lines.push(() => row(image, y));
  const columnStep = Math.max(1, Math.floor(image.width / LINES_PER_DIRECTION));
  for (let x = Math.floor(columnStep / 2); x < image.width; x += columnStep) lines.push(() => column(image, x));

  for (const getLine of lines) {
    const line = getLine();
    const code = readEan13FromLine(line) ?? readEan13FromLine(reversed(line));
    if (!code) continue;
    const count = (votes.get(code) ?? 0) + 1;
    if (count >= VOTES_TO_ACCEPT) return code;
    votes.set(code, count);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [code, count] of votes) {
    if (count > bestCount) {
      best = code;
      bestCount = count;
    }
  }
  return best;
}
