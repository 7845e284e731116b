/**
 * Turns what a person typed into a safe FTS5 MATCH expression: every word becomes a quoted
 * term (a prefix term from two letters on, which the index serves), all terms must match, and
 * FTS5 operators in the input are treated as plain text.
 */
export function toFtsQuery(input: string): string | null {
  const words = input
    .normalize("NFKC")
    .toLowerCase()
    // Hyphenated ISBNs are stored without hyphens.
    .replace(/(\d)[-\s](?=\d)/g, "$1")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((word) => (word.length > 1 ? `"${word}"*` : `"${word}"`)).join(" ");
}
