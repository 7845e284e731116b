/**
 * How copies of one book find each other (a club's book and its members' copies, a book page's other
 * copies) when there is no ISBN on both sides: title and
 * author reduced to their words (lower case, accents stripped by NFKD, punctuation gone, leading
 * and inner articles dropped), so "The Hobbit" by "J.R.R. Tolkien" and "hobbit" by "J. R. R. Tolkién"
 * meet. The FTS5 query that finds the candidates asks for the tokens the index holds for the title and
 * author (search-text.ts: the same folding and CJK bigrams as the index), which copies with the same key share.
 */
// With its extension: the seed scripts run this file in Node, which resolves no bare paths.
import { indexTokens } from "./search-text.ts";

const ARTICLES = new Set(["the", "a", "an"]);

/** The words of a title or author as matching sees them. */
export function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The words that say which book it is: articles dropped, unless nothing else is left ("The"). */
function significant(text: string): string[] {
  const all = words(text);
  const kept = all.filter((word) => !ARTICLES.has(word));
  return kept.length > 0 ? kept : all;
}

/** The index's tokens of a title or author, articles dropped unless nothing else is left. */
function significantTokens(text: string): string[] {
  const all = indexTokens(text);
  const kept = all.filter((token) => !ARTICLES.has(token));
  return kept.length > 0 ? kept : all;
}

/** "title|author", normalised: club_books.match_key, compared with each candidate copy's. */
export function matchKey(title: string, author: string): string {
  return `${significant(title).join(" ")}|${significant(author).join(" ")}`;
}

/**
 * An FTS5 MATCH expression that every copy with the same match key satisfies: each significant word
 * of the title in the title column, and of the author in the author column, quoted (so no word is
 * an operator). Null when the title has no word at all.
 */
export function candidateQuery(title: string, author: string): string | null {
  const titleWords = significantTokens(title).slice(0, 12);
  if (titleWords.length === 0) return null;
  const authorWords = significantTokens(author).slice(0, 8);
  return [...titleWords.map((word) => `title : "${word}"`), ...authorWords.map((word) => `author : "${word}"`)].join(" AND ");
}

/**
 * The FTS5 expression every copy of a book satisfies: its title and author words, or its ISBN-13
 * (books_fts indexes it too, one 13-digit token). Null when there is nothing to search by.
 */
export function copiesExpression(book: { isbn13: string | null; title: string; author: string }): string | null {
  const words = candidateQuery(book.title, book.author);
  const isbn = book.isbn13 && /^\d{13}$/.test(book.isbn13) ? `isbn13 : "${book.isbn13}"` : null;
  return words && isbn ? `(${words}) OR ${isbn}` : (words ?? isbn);
}

/** Whether a candidate is a copy of the book: the same ISBN-13 when both have one, else the same match key. */
export function isCopyOf(
  book: { isbn13: string | null; title: string; author: string },
  candidate: { isbn13: string | null; title: string; author: string },
): boolean {
  return book.isbn13 && candidate.isbn13 ? candidate.isbn13 === book.isbn13 : matchKey(candidate.title, candidate.author) === matchKey(book.title, book.author);
}
