// Deterministic, self-contained SVG book covers for demo data. Pure string building: no DOM and no
// Node APIs (its one import is a pure PRNG), so the same code runs in a Cloudflare Worker and in Node.
import { rng } from "../lib/prng.ts";

/** 32-bit FNV-1a over the UTF-8 bytes of `s` (lone surrogates count as U+FFFD, as TextEncoder does). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  const add = (byte: number): void => {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  };
  for (let i = 0; i < s.length; i++) {
    let cp = s.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else cp = 0xfffd;
    } else if (cp >= 0xdc00 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) add(cp);
    else if (cp < 0x800) {
      add(0xc0 | (cp >> 6));
      add(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      add(0xe0 | (cp >> 12));
      add(0x80 | ((cp >> 6) & 0x3f));
      add(0x80 | (cp & 0x3f));
    } else {
      add(0xf0 | (cp >> 18));
      add(0x80 | ((cp >> 12) & 0x3f));
      add(0x80 | ((cp >> 6) & 0x3f));
      add(0x80 | (cp & 0x3f));
    }
  }
  return h >>> 0;
}

interface Palette {
  /** Gradient ends. */
  bg1: string;
  bg2: string;
  /** Motif fill: a tone of the background, so text stays readable wherever the motif runs under it. */
  motif: string;
  /** Title and author colour: at least 4.5:1 against bg1, bg2 and motif. */
  ink: string;
  /** Frame and ornaments only; never behind text. */
  accent: string;
}

const PALETTES: readonly Palette[] = [
  { bg1: "#1b2a41", bg2: "#263d5a", motif: "#2f4a6b", ink: "#f4ecd8", accent: "#d9b26f" }, // navy & brass
  { bg1: "#5a1e2b", bg2: "#6f2633", motif: "#7e2e3c", ink: "#fbeee0", accent: "#e8c07d" }, // oxblood
  { bg1: "#1f3b2d", bg2: "#2a4f3c", motif: "#335c46", ink: "#f1ead0", accent: "#c9a86a" }, // forest
  { bg1: "#f5efe0", bg2: "#ebe2cc", motif: "#e0d3b4", ink: "#2b2118", accent: "#9c3d2e" }, // parchment
  { bg1: "#0f4c5c", bg2: "#135a6b", motif: "#1a6274", ink: "#fdf6e3", accent: "#f2b880" }, // teal
  { bg1: "#f2c14e", bg2: "#e9b43c", motif: "#deaa36", ink: "#2a1e0f", accent: "#6b3f12" }, // mustard
  { bg1: "#3d2342", bg2: "#4d2d53", motif: "#5a365f", ink: "#f6e9f0", accent: "#e3a6c2" }, // plum
  { bg1: "#2f3640", bg2: "#3b4450", motif: "#454f5c", ink: "#f5f5f0", accent: "#e07a5f" }, // slate & coral
  { bg1: "#e3e9d8", bg2: "#d3ddc4", motif: "#c6d3b5", ink: "#1f2a1c", accent: "#5b7045" }, // sage
  { bg1: "#7c2e1d", bg2: "#8a3522", motif: "#973c27", ink: "#fff3e6", accent: "#f3c69b" }, // terracotta
  { bg1: "#dde9f3", bg2: "#cbdcea", motif: "#bcd1e3", ink: "#14283d", accent: "#3d6a91" }, // sky
  { bg1: "#1e1e24", bg2: "#2a2a32", motif: "#34343e", ink: "#f2e9dc", accent: "#f08a4b" }, // charcoal & ember
];

const W = 400;
const H = 600;
const TEXT_WIDTH = 296; // inside the frame with a comfortable margin
const ELLIPSIS = "\u2026";
const SERIF = "Georgia,'Times New Roman',Times,serif";
const SANS = "'Helvetica Neue',Helvetica,Arial,sans-serif";

function pick<T>(items: readonly T[], r: number): T {
  const item = items[Math.floor(r * items.length) % items.length];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Drops characters XML 1.0 forbids and repairs lone surrogates, then collapses whitespace. */
function clean(s: string): string {
  return s
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => {
    switch (c) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case '"':
        return "&quot;";
      default:
        return "&apos;";
    }
  });
}

/** Cuts to at most `max` code points, ending with an ellipsis when something was cut. */
function clip(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length <= max
    ? s
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}${ELLIPSIS}`;
}

/** Rough advance width of one character, in ems, for a proportional serif or (caps) sans face. */
function charEm(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x2e80) return 1; // CJK and other full-width scripts
  if (ch === " ") return 0.26;
  if ("iljtfrI.,;:'!|".includes(ch)) return 0.3;
  if ("mwMW".includes(ch)) return 0.84;
  if (ch >= "A" && ch <= "Z") return 0.7;
  if (ch >= "0" && ch <= "9") return 0.56;
  if ('-\u2013\u2014()[]"'.includes(ch)) return ch === "\u2014" ? 1 : 0.36;
  return 0.52;
}

function widthEm(s: string, extraPerChar = 0): number {
  let w = 0;
  for (const ch of s) w += charEm(ch) + extraPerChar;
  return w;
}

interface Wrapped {
  lines: string[];
  /** A word had to be split because it was wider than a whole line. */
  broke: boolean;
}

/** Greedy word wrap to `maxEm`; over-long words are split by character. */
function wrap(text: string, maxEm: number, extraPerChar = 0): Wrapped {
  const lines: string[] = [];
  let broke = false;
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthEm(candidate, extraPerChar) <= maxEm) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let piece = "";
    for (const ch of word) {
      if (piece && widthEm(piece + ch, extraPerChar) > maxEm) {
        lines.push(piece);
        piece = "";
        broke = true;
      }
      piece += ch;
    }
    line = piece;
  }
  if (line) lines.push(line);
  return { lines, broke };
}

/** Keeps the first `max` lines; the last kept line ends in an ellipsis that still fits. */
function truncateLines(lines: string[], max: number, maxEm: number, extraPerChar = 0): string[] {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1] ?? "";
  const fits = (s: string) => widthEm(s + ELLIPSIS, extraPerChar) <= maxEm;
  while (last && !fits(last)) {
    const space = last.lastIndexOf(" ");
    last = space > 0 ? last.slice(0, space) : Array.from(last).slice(0, -1).join("");
  }
  kept[max - 1] = last.replace(/[\s,;:.\u2013\u2014-]+$/, "") + ELLIPSIS;
  return kept;
}

/** Title sizes from largest to smallest, with the most lines each may use. */
const TITLE_SIZES: readonly (readonly [size: number, maxLines: number])[] = [
  [56, 2],
  [48, 2],
  [42, 3],
  [36, 4],
  [31, 4],
  [27, 4],
];

function layoutTitle(title: string): { size: number; lines: string[] } {
  for (const [size, maxLines] of TITLE_SIZES) {
    const { lines, broke } = wrap(title, TEXT_WIDTH / size);
    if (!broke && lines.length <= maxLines) return { size, lines };
  }
  const size = 27;
  const maxEm = TEXT_WIDTH / size;
  return { size, lines: truncateLines(wrap(title, maxEm).lines, 4, maxEm) };
}

const AUTHOR_TRACKING = 2; // px of letter-spacing

function layoutAuthor(author: string): { size: number; lines: string[] } {
  const upper = author.toUpperCase();
  for (const size of [15, 14, 13, 12]) {
    const perChar = AUTHOR_TRACKING / size;
    if (widthEm(upper, perChar) <= TEXT_WIDTH / size) return { size, lines: [upper] };
  }
  const size = 12;
  const perChar = AUTHOR_TRACKING / size;
  const maxEm = TEXT_WIDTH / size;
  return { size, lines: truncateLines(wrap(upper, maxEm, perChar).lines, 2, maxEm, perChar) };
}

/** One geometric motif, drawn in the palette's background tone. */
function motif(style: number, r: () => number, p: Palette, id: string): { defs: string; body: string } {
  const f = (n: number) => String(Math.round(n));
  switch (style) {
    case 0: {
      // Concentric rings rising from an edge.
      const cx = pick([70, 200, 330], r());
      const cy = pick([0, 600], r());
      const step = 34 + Math.floor(r() * 14);
      let rings = "";
      for (let rad = step; rad < 360; rad += step) rings += `<circle cx="${cx}" cy="${cy}" r="${rad}"/>`;
      return { defs: "", body: `<g fill="none" stroke="${p.motif}" stroke-width="${f(step / 3)}">${rings}</g>` };
    }
    case 1: {
      // Diagonal bands.
      const band = 36 + Math.floor(r() * 30);
      const gap = band + 24 + Math.floor(r() * 40);
      const slant = r() < 0.5 ? 1 : -1;
      let d = "";
      for (let x = -440; x < 440 + W; x += gap) {
        d += slant > 0 ? `M${x} 600l400-600h${band}l-400 600z` : `M${x} 0l400 600h${band}l-400-600z`;
      }
      return { defs: "", body: `<path fill="${p.motif}" d="${d}"/>` };
    }
    case 2: {
      // A field of dots.
      const s = 22 + Math.floor(r() * 14);
      const rad = (s * (0.16 + r() * 0.12)).toFixed(1);
      return {
        defs: `<pattern id="p${id}" width="${s}" height="${s}" patternUnits="userSpaceOnUse"><circle cx="${s / 2}" cy="${s / 2}" r="${rad}" fill="${p.motif}"/></pattern>`,
        body: `<rect width="${W}" height="${H}" fill="url(#p${id})"/>`,
      };
    }
    case 3: {
      // Layered peaks along the bottom.
      let shapes = "";
      for (let i = 0; i < 3; i++) {
        const peak = -60 + r() * 520;
        const top = 330 + i * 50 + r() * 40;
        const half = 170 + r() * 130;
        shapes += `<path d="M${f(peak - half)} 600L${f(peak)} ${f(top)}L${f(peak + half)} 600z"/>`;
      }
      return { defs: "", body: `<g fill="${p.motif}">${shapes}</g>` };
    }
    case 4: {
      // Rolling wave lines.
      const amp = 12 + Math.floor(r() * 14);
      const len = 80 + Math.floor(r() * 3) * 20;
      let d = "";
      const halves = Math.ceil((W + 40) / (len / 2));
      for (let y = 330 + Math.floor(r() * 60); y < 600; y += 34) {
        d += `M-20 ${y}q${len / 4} ${-amp} ${len / 2} 0${`t${len / 2} 0`.repeat(halves - 1)}`;
      }
      return { defs: "", body: `<path fill="none" stroke="${p.motif}" stroke-width="10" d="${d}"/>` };
    }
    default: {
      // An arched window framing the title.
      const half = 130 + Math.floor(r() * 20);
      const base = 470 + Math.floor(r() * 40);
      return {
        defs: "",
        body: `<path fill="${p.motif}" d="M${200 - half} ${base}V${70 + half}a${half} ${half} 0 0 1 ${2 * half} 0V${base}z"/>`,
      };
    }
  }
}

const MOTIF_STYLES = 6;

/**
 * A complete standalone SVG cover (400×600). Palette and motif come from a hash of
 * `seed ?? title + author`, so the same input always gives the same bytes.
 */
export function coverSvg(input: { title: string; author: string; seed?: string }): string {
  const title = clean(input.title) || "Untitled";
  const author = clean(input.author) || "Unknown author";
  const h = hashString(input.seed ?? input.title + input.author);
  const r = rng(h);
  const palette = pick(PALETTES, r());
  const style = Math.floor(r() * MOTIF_STYLES);
  const id = `c${h.toString(36)}`;
  const diagonal = r() < 0.5;
  const art = motif(style, r, palette, id);

  const t = layoutTitle(title);
  const lineHeight = Math.round(t.size * 1.14);
  const titleMid = 250;
  const firstBaseline = Math.round(titleMid - ((t.lines.length - 1) * lineHeight) / 2 + t.size * 0.34);
  const titleText = t.lines.map((line, i) => `<text x="200" y="${firstBaseline + i * lineHeight}">${esc(line)}</text>`).join("");

  const a = layoutAuthor(author);
  const authorBase = a.lines.length > 1 ? 512 : 524;
  const authorText = a.lines.map((line, i) => `<text x="200" y="${authorBase + i * (a.size + 6)}">${esc(line)}</text>`).join("");

  const label = esc(`Cover of ${clip(title, 140)} by ${clip(author, 80)}`);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="t${id}">` +
    `<title id="t${id}">${label}</title>` +
    `<defs><linearGradient id="g${id}" x1="0" y1="0" x2="${diagonal ? 1 : 0}" y2="1">` +
    `<stop offset="0" stop-color="${palette.bg1}"/><stop offset="1" stop-color="${palette.bg2}"/></linearGradient>${art.defs}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g${id})"/>` +
    art.body +
    `<rect x="24" y="24" width="352" height="552" fill="none" stroke="${palette.accent}" stroke-width="1.5"/>` +
    `<path d="M200 92l7 7-7 7-7-7z" fill="${palette.accent}"/>` +
    `<path d="M170 ${authorBase - 38}h60" stroke="${palette.accent}" stroke-width="2"/>` +
    `<g fill="${palette.ink}" font-family="${SERIF}" font-size="${t.size}" text-anchor="middle">${titleText}</g>` +
    `<g fill="${palette.ink}" font-family="${SANS}" font-size="${a.size}" letter-spacing="${AUTHOR_TRACKING}" text-anchor="middle">${authorText}</g>` +
    `</svg>`
  );
}
