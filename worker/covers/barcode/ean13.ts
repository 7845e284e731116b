import { isValidEan13 } from "../isbn";

/**
 * EAN-13 reader for one line of luminance samples. An EAN-13 symbol is 95 modules: start guard
 * (bar-space-bar), six left digits of 4 runs each in L or G code, a 5-run middle guard, six right
 * digits in R code, and an end guard: 59 runs. The first digit is not drawn; it is the parity
 * pattern (L/G) of the six left digits.
 */

/**
 * Digits are read edge to edge: the distances from a bar's leading edge to the next bar's leading
 * edge (and the same for spaces) do not change when ink spreads or blur widens every bar, which
 * is what photographs do. Keys are those two distances in modules, "e1e2", per code set.
 * L codes are space-bar-space-bar widths 3211, 2221, ...; G codes are L reversed; R codes have
 * L's widths starting with a bar, so they share L's distances.
 */
const L_BY_EDGES: Record<string, number> = { "53": 0, "44": 1, "33": 2, "55": 3, "24": 4, "35": 5, "22": 6, "42": 9 };
const G_BY_EDGES: Record<string, number> = { "23": 0, "34": 1, "43": 2, "25": 3, "54": 4, "45": 5, "52": 6, "32": 9 };
/**
 * Edge distances cannot tell 1 from 7 or 2 from 8; their bar widths differ by two modules:
 * L 1/2 have 3 modules of bar and L 7/8 have 5; G and R 1/2 have 4 and 7/8 have 2.
 */
const TWINS: Record<number, number> = { 1: 7, 2: 8 };
/** Bit i (from the left digit) set = G code; the index is the implied first digit. */
const FIRST_DIGIT_PARITY = [0x00, 0x0b, 0x0d, 0x0e, 0x13, 0x19, 0x1c, 0x15, 0x16, 0x1a];

const RUNS = 59;
const MODULES = 95;
/** How far an edge distance may sit from a whole number of modules before the digit is unreadable. */
const MAX_EDGE_ERROR = 0.4;
/** Below this many pixels per module, sampling invents digits that still pass the check digit. */
const MIN_MODULE_PIXELS = 1.5;
const MIN_CONTRAST = 24;

type CodeSet = "L" | "G" | "R";

/** The digit drawn by four runs starting at `start`, and whether it is in G code; null if unreadable. */
function readDigit(runs: ArrayLike<number>, start: number, module: number, barGain: number, half: "left" | "right") {
  const a = runs[start]!;
  const b = runs[start + 1]!;
  const c = runs[start + 2]!;
  const d = runs[start + 3]!;
  const total = a + b + c + d;
  // Each digit is 7 modules; allow gradual drift across the symbol from perspective.
  if (total < module * 5.6 || total > module * 8.4) return null;
  const unit = total / 7;
  const e1 = (a + b) / unit;
  const e2 = (b + c) / unit;
  const r1 = Math.round(e1);
  const r2 = Math.round(e2);
  if (Math.abs(e1 - r1) > MAX_EDGE_ERROR || Math.abs(e2 - r2) > MAX_EDGE_ERROR) return null;
  const key = `${r1}${r2}`;

  let set: CodeSet;
  let digit: number | undefined;
  if (half === "right") {
    set = "R";
    digit = L_BY_EDGES[key];
  } else if (key in L_BY_EDGES) {
    set = "L";
    digit = L_BY_EDGES[key];
  } else {
    set = "G";
    digit = G_BY_EDGES[key];
  }
  if (digit === undefined) return null;
  const twin = TWINS[digit];
  if (twin !== undefined) {
    // Bars are runs b and d in the left half (which starts with a space), a and c in the right.
    const bars = (set === "R" ? a + c : b + d) / unit - 2 * barGain;
    if (set === "L" ? bars > 4 : bars < 3) digit = twin;
  }
  return { digit, g: set === "G" };
}

function guardMatches(runs: ArrayLike<number>, start: number, count: number, module: number): boolean {
  let total = 0;
  for (let i = 0; i < count; i++) {
    const width = runs[start + i]!;
    if (width < module * 0.3 || width > module * 2.2) return false;
    total += width;
  }
  return Math.abs(total / module - count) <= count * 0.5;
}

/** Decodes 59 runs starting at `first` (a bar), or null. */
function decodeAt(runs: ArrayLike<number>, first: number): string | null {
  let width = 0;
  for (let i = 0; i < RUNS; i++) width += runs[first + i]!;
  const module = width / MODULES;
  if (module < MIN_MODULE_PIXELS) return null;
  // Quiet zones: the standard asks for 11 and 7 modules; photos are often cropped closer.
  if (runs[first - 1]! < module * 3 || runs[first + RUNS]! < module * 2) return null;
  if (!guardMatches(runs, first, 3, module)) return null;
  if (!guardMatches(runs, first + 27, 5, module)) return null;
  if (!guardMatches(runs, first + 56, 3, module)) return null;

  // Ink spread and blur widen every bar by the same amount; the guards (all one module) show by how much.
  const guardBars = [0, 2, 28, 30, 56, 58].reduce((sum, i) => sum + runs[first + i]!, 0) / 6;
  const guardSpaces = [1, 27, 29, 31, 57].reduce((sum, i) => sum + runs[first + i]!, 0) / 5;
  const barGain = (guardBars - guardSpaces) / 2 / module;

  const digits: number[] = [];
  let parity = 0;
  for (let d = 0; d < 6; d++) {
    const read = readDigit(runs, first + 3 + d * 4, module, barGain, "left");
    if (!read) return null;
    digits.push(read.digit);
    if (read.g) parity |= 1 << (5 - d);
  }
  for (let d = 0; d < 6; d++) {
    const read = readDigit(runs, first + 32 + d * 4, module, barGain, "right");
    if (!read) return null;
    digits.push(read.digit);
  }
  const firstDigit = FIRST_DIGIT_PARITY.indexOf(parity);
  if (firstDigit < 0) return null;
  const code = `${firstDigit}${digits.join("")}`;
  return isValidEan13(code) ? code : null;
}

/** Sliding minimum and maximum over a centred window, in O(n) with monotonic deques. */
function localExtrema(values: Uint8Array, radius: number) {
  const n = values.length;
  const min = new Uint8Array(n);
  const max = new Uint8Array(n);
  const minQueue = new Int32Array(n);
  const maxQueue = new Int32Array(n);
  let minHead = 0;
  let minTail = 0;
  let maxHead = 0;
  let maxTail = 0;
  let next = 0;
  for (let i = 0; i < n; i++) {
    const right = Math.min(n - 1, i + radius);
    for (; next <= right; next++) {
      const value = values[next]!;
      while (minTail > minHead && values[minQueue[minTail - 1]!]! >= value) minTail--;
      minQueue[minTail++] = next;
      while (maxTail > maxHead && values[maxQueue[maxTail - 1]!]! <= value) maxTail--;
      maxQueue[maxTail++] = next;
    }
    const left = i - radius;
    while (minQueue[minHead]! < left) minHead++;
    while (maxQueue[maxHead]! < left) maxHead++;
    min[i] = values[minQueue[minHead]!]!;
    max[i] = values[maxQueue[maxHead]!]!;
  }
  return { min, max };
}

/**
 * Run lengths of dark and light along the line, thresholded against the local range so uneven
 * light across a photo does not merge bars; flat stretches fall back to the line's midpoint.
 * Edges are placed where the brightness crosses the threshold, between pixels, so that bars only
 * two or three pixels wide are still measured to a fraction of a module.
 */
export function toRuns(line: Uint8Array): { runs: Float64Array; firstDark: boolean } {
  const n = line.length;
  let lineMin = 255;
  let lineMax = 0;
  for (let i = 0; i < n; i++) {
    const value = line[i]!;
    if (value < lineMin) lineMin = value;
    if (value > lineMax) lineMax = value;
  }
  const lineMid = (lineMin + lineMax) / 2;
  const { min, max } = localExtrema(line, Math.max(8, Math.round(n / 24)));
  const thresholdAt = (i: number) => (max[i]! - min[i]! >= MIN_CONTRAST ? (min[i]! + max[i]!) / 2 : lineMid);

  const runs = new Float64Array(n + 1);
  let count = 0;
  let lastEdge = 0;
  const firstDark = line[0]! < thresholdAt(0);
  let dark = firstDark;
  for (let i = 1; i < n; i++) {
    const threshold = thresholdAt(i);
    const isDark = line[i]! < threshold;
    if (isDark === dark) continue;
    const before = line[i - 1]!;
    const after = line[i]!;
    const fraction = before === after ? 0.5 : Math.min(1, Math.max(0, (threshold - before) / (after - before)));
    const edge = i - 1 + fraction;
    runs[count++] = edge - lastEdge;
    lastEdge = edge;
    dark = isDark;
  }
  runs[count++] = n - lastEdge;
  return { runs: runs.subarray(0, count), firstDark };
}

/** The EAN-13 digits found on this line, read left to right, or null. */
export function readEan13FromLine(line: Uint8Array): string | null {
  const { runs, firstDark } = toRuns(line);
  // Bars are the dark runs; a symbol needs a light run (quiet zone) before and after it.
  for (let first = firstDark ? 2 : 1; first + RUNS < runs.length; first += 2) {
    const code = decodeAt(runs, first);
    if (code) return code;
  }
  return null;
}
