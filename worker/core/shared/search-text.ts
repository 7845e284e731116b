/**
 * The text the search index holds, and the words a query looks for, made by one function on both sides
 * (docs/decisions/022-search-in-every-language.md). FTS5's unicode61 tokenizer still splits on spaces and
 * punctuation and folds case and Latin diacritics; this adds what it cannot do:
 * - NFKC (full-width Latin, half-width kana), lower case, ß as ss;
 * - Arabic: hamza forms of alef as ا, ة as ه, ى as ي, no tashkeel or tatweel; Persian ی and ک as ي and ك;
 * - Han, kana and Hangul runs as overlapping bigrams followed by their single characters (so 森 and 鉄道
 *   are words of ノルウェイの森 and 銀河鉄道の夜), and Thai runs split into words by Intl.Segmenter.
 * Pure, no imports: the server uses it; the browser only renders what it produced.
 */

const CJK = String.raw`(?:(?=\p{L})[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}])+`;
const THAI = String.raw`(?:(?!\p{P})\p{scx=Thai})+`;
/** A run of Han, Hiragana, Katakana or Hangul letters (・ and 。 stay separators), or of Thai letters and marks. */
const RUN = new RegExp(`${CJK}|${THAI}`, "gu");
/** A query's pieces: such runs, or other words (letters and digits, as unicode61 keeps them). */
const PIECE = new RegExp(
  `(?<cjk>${CJK})|(?<thai>${THAI})|(?<word>(?:(?![\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}\\p{scx=Thai}])[\\p{L}\\p{N}])+)`,
  "gu",
);
const THAI_CHAR = /\p{scx=Thai}/u;

/** Case, compatibility forms and spelling variants folded the same way for the index and for queries. */
export function foldSearchText(value: string): string {
  return (
    value
      .normalize("NFKC")
      .toLowerCase()
      .replace(/ß/g, "ss")
      // Alef with hamza above or below, with madda, wasla: plain alef, as readers type it.
      .replace(/[\u0623\u0625\u0622\u0671]/g, "\u0627")
      // Taa marbuta as heh, alef maksura and Persian yeh as yeh, Persian kaf as kaf.
      .replace(/\u0629/g, "\u0647")
      .replace(/[\u0649\u06CC]/g, "\u064A")
      .replace(/\u06A9/g, "\u0643")
      // Tashkeel, dagger alef and tatweel: unicode61 would split words at them.
      .replace(/[\u064B-\u065F\u0670\u0640]/g, "")
  );
}

let thaiWords: Intl.Segmenter | undefined;

/** A Thai run's words (the runtime's ICU dictionary). */
function thaiSegments(run: string): string[] {
  thaiWords ??= new Intl.Segmenter("th", { granularity: "word" });
  return [...thaiWords.segment(run)].filter((part) => part.isWordLike).map((part) => part.segment);
}

/** A CJK run as the index holds it: its bigrams, then its characters (a one-character word is one of them). */
function cjkIndexTokens(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const bigrams = chars.slice(1).map((char, i) => chars[i] + char);
  return [...bigrams, ...chars];
}

/** The text to index for a title, author, description, club name…: what the FTS5 triggers copy. */
export function searchText(value: string): string {
  return foldSearchText(value).replace(RUN, (run) => ` ${(THAI_CHAR.test(run) ? thaiSegments(run) : cjkIndexTokens(run)).join(" ")} `);
}

/**
 * What the column stores: null when unicode61 makes the same words of the original (plain Latin text,
 * most of the library), so the triggers index the original and the table does not hold it twice.
 */
export function storedSearchText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = searchText(value);
  return text === value.toLowerCase() ? null : text;
}

/** One word a query looks for. */
export interface QueryTerm {
  /** Its tokens as the index holds them: one, or a CJK run's bigrams (a phrase, adjacent in the index). */
  tokens: string[];
  /** A prefix term (Latin, Thai and other words of two letters or more); CJK bigrams are whole. */
  prefix: boolean;
  /** The folded text the reader typed for this word (highlighting looks for it in the original). */
  text: string;
  kind: "word" | "cjk" | "thai";
}

/** A query's words, at most `cap` (a long CJK run counts once and keeps its first nine characters). */
export function queryTerms(input: string, cap = 8): QueryTerm[] {
  const folded = foldSearchText(input)
    // Hyphenated ISBNs are stored without hyphens.
    .replace(/(\d)[-\s](?=\d)/g, "$1");
  const terms: QueryTerm[] = [];
  for (const match of folded.matchAll(PIECE)) {
    const { cjk, thai, word } = match.groups as { cjk?: string; thai?: string; word?: string };
    if (word) terms.push({ tokens: [word], prefix: word.length > 1, text: word, kind: "word" });
    else if (thai) for (const part of thaiSegments(thai)) terms.push({ tokens: [part], prefix: [...part].length > 1, text: part, kind: "thai" });
    else if (cjk) {
      const chars = [...cjk].slice(0, 9);
      const tokens = chars.length === 1 ? chars : chars.slice(1).map((char, i) => chars[i] + char);
      terms.push({ tokens, prefix: false, text: chars.join(""), kind: "cjk" });
    }
  }
  return terms.slice(0, cap);
}

/** A term as an FTS5 expression: quoted (so nothing the reader typed is an operator), a prefix term or a phrase. */
export function ftsTerm(term: QueryTerm): string {
  return `"${term.tokens.join(" ")}"${term.prefix ? "*" : ""}`;
}

/** The tokens the index holds for a text, in order (copy matching asks for all of them). */
export function indexTokens(value: string): string[] {
  return searchText(value)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((token) => token.length > 0);
}

type BookText = { title?: string; author?: string; description?: string };
type ClubText = { name?: string; description?: string; location?: string };

/** Only the fields a write sets: an update that leaves the title alone leaves its search text alone too. */
function searchColumns<From extends string, To extends string>(
  values: Partial<Record<From, string>>,
  map: Record<From, To>,
): Partial<Record<To, string | null>> {
  const columns: Partial<Record<To, string | null>> = {};
  for (const [from, to] of Object.entries(map) as [From, To][]) {
    const value = values[from];
    if (value !== undefined) columns[to] = storedSearchText(value);
  }
  return columns;
}

/**
 * A books insert's values or update's changes with the search text of the title, author and description
 * they set: every write of those columns goes through it, or the index keeps the old words
 * (migrations/0027_search_text.sql; tests/books/search-write-paths.api.test.ts tries each path).
 */
export function withBookSearchText<Values extends BookText>(
  values: Values,
): Values & { searchTitle?: string | null; searchAuthor?: string | null; searchDescription?: string | null } {
  return { ...values, ...searchColumns<keyof BookText, string>(values, { title: "searchTitle", author: "searchAuthor", description: "searchDescription" }) };
}

/** The same for clubs: name, description and location. */
export function withClubSearchText<Values extends ClubText>(
  values: Values,
): Values & { searchName?: string | null; searchDescription?: string | null; searchLocation?: string | null } {
  return { ...values, ...searchColumns<keyof ClubText, string>(values, { name: "searchName", description: "searchDescription", location: "searchLocation" }) };
}

/** A piece of a title or name as a search result shows it: `mark` when it is a word the reader searched for. */
export interface TextSegment {
  text: string;
  mark?: true;
}

const folds = new Map<string, string>();

/** One character folded for comparing, as the index folds it (foldSearchText, then accents gone; Thai keeps its marks). */
function foldForMarks(char: string): string {
  // ASCII folds to its lower case; other characters once per isolate (each request marks 50 titles and authors).
  if (char.length === 1 && char.charCodeAt(0) < 128) return char.toLowerCase();
  let fold = folds.get(char);
  if (fold === undefined) {
    fold = foldSearchText(char)
      .normalize("NFKD")
      .replace(/(?![\u0E00-\u0E7F])\p{M}/gu, "");
    if (folds.size < 10_000) folds.set(char, fold);
  }
  return fold;
}

/** `markMatches`, only when it marked something: a result's fields that matched nothing carry no segments. */
export function marksIn(original: string, terms: QueryTerm[]): TextSegment[] | undefined {
  const segments = markMatches(original, terms);
  return segments.some((segment) => segment.mark) ? segments : undefined;
}

/**
 * The original text cut into segments, the words the query matched marked: folded character by character
 * with each folded character's place in the original kept, so the marks fall on what the reader sees
 * (ＡＢＣ for abc, إلى for الى). Latin and Thai words match from their start (the index's prefix terms), CJK
 * runs anywhere. Never HTML: the page renders the segments as text.
 */
export function markMatches(original: string, terms: QueryTerm[]): TextSegment[] {
  if (terms.length === 0 || original.length === 0) return [{ text: original }];
  let folded = "";
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < original.length; ) {
    const char = String.fromCodePoint(original.codePointAt(i)!);
    const fold = foldForMarks(char);
    // A mark or tatweel folds to nothing: it goes with the character before it.
    if (!fold && ends.length > 0) ends[ends.length - 1] = i + char.length;
    for (let k = 0; k < fold.length; k++) {
      starts.push(i);
      ends.push(i + char.length);
    }
    folded += fold;
    i += char.length;
  }
  const ranges: [number, number][] = [];
  const words = [...folded.matchAll(PIECE)];
  const thaiStarts = new Set<number>();
  for (const match of words) {
    const run = match.groups?.thai;
    if (run) {
      thaiWords ??= new Intl.Segmenter("th", { granularity: "word" });
      for (const part of thaiWords.segment(run)) if (part.isWordLike) thaiStarts.add(match.index + part.index);
    }
  }
  for (const term of terms) {
    const text = [...term.text].map(foldForMarks).join("");
    if (!text) continue;
    if (term.kind === "word") {
      for (const match of words) {
        const word = match.groups?.word;
        if (word && (term.prefix ? word.startsWith(text) : word === text)) ranges.push([match.index, match.index + text.length]);
      }
    } else {
      for (let at = folded.indexOf(text); at >= 0; at = folded.indexOf(text, at + 1)) {
        // A Thai word matches from a word's start, as its prefix term does; CJK anywhere, as its bigrams do.
        if (term.kind === "thai" && !thaiStarts.has(at)) continue;
        ranges.push([at, at + text.length]);
      }
    }
  }
  if (ranges.length === 0) return [{ text: original }];
  // Back to the original's offsets, sorted and merged.
  const marks = ranges.map(([from, to]) => [starts[from]!, ends[to - 1]!] as [number, number]).sort((a, b) => a[0] - b[0]);
  const segments: TextSegment[] = [];
  let at = 0;
  let open: [number, number] | null = null;
  const flush = () => {
    if (!open) return;
    if (open[0] > at) segments.push({ text: original.slice(at, open[0]) });
    segments.push({ text: original.slice(open[0], open[1]), mark: true });
    at = open[1];
    open = null;
  };
  for (const mark of marks) {
    if (open && mark[0] <= open[1]) open[1] = Math.max(open[1], mark[1]);
    else {
      flush();
      open = [Math.max(mark[0], at), mark[1]];
    }
  }
  flush();
  if (at < original.length) segments.push({ text: original.slice(at) });
  return segments;
}
