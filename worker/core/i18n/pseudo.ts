/**
 * The pseudo-locale's text: every letter accented and the text about 30% longer, in brackets, so a
 * string that skipped the catalogue (plain ASCII) or a box too narrow for German shows at a glance.
 */
const ACCENTED: Record<string, string> = {
  a: "ȧ",
  b: "ƀ",
  c: "ƈ",
  d: "ḓ",
  e: "ḗ",
  f: "ƒ",
  g: "ɠ",
  h: "ħ",
  i: "ī",
  j: "ĵ",
  k: "ķ",
  l: "ŀ",
  m: "ḿ",
  n: "ƞ",
  o: "ǿ",
  p: "ƥ",
  q: "ɋ",
  r: "ř",
  s: "ş",
  t: "ŧ",
  u: "ŭ",
  v: "ṽ",
  w: "ẇ",
  x: "ẋ",
  y: "ẏ",
  z: "ẑ",
  A: "Ȧ",
  B: "Ɓ",
  C: "Ƈ",
  D: "Ḓ",
  E: "Ḗ",
  F: "Ƒ",
  G: "Ɠ",
  H: "Ħ",
  I: "Ī",
  J: "Ĵ",
  K: "Ķ",
  L: "Ŀ",
  M: "Ḿ",
  N: "Ƞ",
  O: "Ǿ",
  P: "Ƥ",
  Q: "Ɋ",
  R: "Ř",
  S: "Ş",
  T: "Ŧ",
  U: "Ŭ",
  V: "Ṽ",
  W: "Ẇ",
  X: "Ẋ",
  Y: "Ẏ",
  Z: "Ẑ",
};
const VOWELS = /[aeiouAEIOU]/;

export function pseudoText(text: string): string {
  if (!/[A-Za-z]/.test(text)) return text;
  let out = "";
  let letters = 0;
  for (const char of text) {
    out += ACCENTED[char] ?? char;
    if (!/[A-Za-z]/.test(char)) continue;
    letters += 1;
    // Doubling about every third vowel lengthens the text by roughly 30%, spread through it as real translations are.
    if (VOWELS.test(char) && letters % 3 !== 0) out += ACCENTED[char];
  }
  return out;
}

/** Brackets mark where each whole message starts and ends, so a sentence built from pieces shows its seams. */
export const pseudoBrackets = (text: string) => `[${text}]`;
