import { ftsTerm, queryTerms } from "@worker/core/shared/search-text";

/**
 * Turns what a person typed into a safe FTS5 MATCH expression: the words of `queryTerms` (folded and
 * segmented as the index is, worker/core/shared/search-text.ts), at most 8, each a quoted term (a prefix
 * term from two letters on, a CJK run a phrase of its bigrams), all of which must match; FTS5 operators
 * in the input are treated as plain text.
 */
export function toFtsQuery(input: string): string | null {
  const terms = queryTerms(input, 8);
  return terms.length === 0 ? null : terms.map(ftsTerm).join(" ");
}
