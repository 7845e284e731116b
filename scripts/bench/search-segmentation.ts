// Issue 37, item 1: the two known ways to split Japanese, Chinese and Korean text into words, measured on the tests'
// titles and queries (tests/books/fixtures/search-languages.ts) with SQLite's own FTS5 and the index's tokenizer:
// Intl.Segmenter's words, and overlapping bigrams with single characters (Lucene's CJK analyser, plus unigrams).
// Both fold text the same way (foldSearchText) and split Thai with Intl.Segmenter. Prints which queries each finds
// and misses, and the index's size. `node scripts/bench/search-segmentation.ts` (Node 22.5+ for node:sqlite).
import { DatabaseSync } from "node:sqlite";
import { CASES, TITLES } from "../../tests/books/fixtures/search-languages.ts";
import { foldSearchText, ftsTerm, queryTerms, searchText } from "../../worker/core/shared/search-text.ts";

const RUN = /(?:(?=\p{L})[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}])+|(?:(?!\p{P})\p{scx=Thai})+/gu;
const words = new Intl.Segmenter("und", { granularity: "word" });
const segmentRun = (run: string) => [...words.segment(run)].filter((part) => part.isWordLike).map((part) => part.segment);

/** Intl.Segmenter for every run without spaces: the index's text, and each query word a (prefix) term. */
const segmenter = {
  index: (value: string) => foldSearchText(value).replace(RUN, (run) => ` ${segmentRun(run).join(" ")} `),
  query: (input: string) =>
    foldSearchText(input)
      .replace(/(\d)[-\s](?=\d)/g, "$1")
      .replace(RUN, (run) => ` ${segmentRun(run).join(" ")} `)
      .split(/[^\p{L}\p{N}\p{M}]+/u)
      .filter(Boolean)
      .slice(0, 8)
      .map((word) => `"${word}"${[...word].length > 1 ? "*" : ""}`)
      .join(" "),
};
/** What the app does (worker/core/shared/search-text.ts): bigrams and unigrams for CJK. */
const bigrams = { index: searchText, query: (input: string) => queryTerms(input).map(ftsTerm).join(" ") };

/** Each strategy's misses on the cases, and its index over the titles (repeated, each with a number, as the bench's are). */
function measure(name: string, strategy: { index: (value: string) => string; query: (input: string) => string }) {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE VIRTUAL TABLE t USING fts5(title, tokenize='unicode61 remove_diacritics 2', prefix='2 3')");
  db.exec("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)");
  const insert = db.prepare("INSERT INTO t(rowid, title) VALUES (?, ?)");
  for (const [i, title] of TITLES.entries()) insert.run(i + 1, strategy.index(title));
  const wrong: string[] = [];
  let right = 0;
  for (const [search, expected] of CASES) {
    const found = (db.prepare("SELECT rowid FROM t WHERE t MATCH ?").all(strategy.query(search)) as { rowid: number }[])
      .map((row) => TITLES[row.rowid - 1]!)
      .sort();
    if (JSON.stringify(found) === JSON.stringify([...expected].sort())) right++;
    else wrong.push(`  ${search} → ${found.length ? found.join(", ") : "nothing"} (expected ${expected.length ? expected.join(", ") : "nothing"})`);
  }
  const tokens = (db.prepare("SELECT count(*) AS n FROM v").get() as { n: number }).n;
  // The index's size: the titles 2,000 times over, numbered (index blocks, as books_fts_data holds them).
  const big = new DatabaseSync(":memory:");
  big.exec("CREATE VIRTUAL TABLE t USING fts5(title, tokenize='unicode61 remove_diacritics 2', prefix='2 3')");
  const add = big.prepare("INSERT INTO t(title) VALUES (?)");
  big.exec("BEGIN");
  for (let n = 0; n < 2000; n++) for (const title of TITLES) add.run(strategy.index(`${title} ${n}`));
  big.exec("COMMIT");
  big.exec("INSERT INTO t(t) VALUES ('optimize')");
  const bytes = (big.prepare("SELECT sum(length(block)) AS n FROM t_data").get() as { n: number }).n;
  console.log(
    `${name}: ${right} of ${CASES.length} cases right; ${tokens} tokens for the ${TITLES.length} titles; index of ${(TITLES.length * 2000).toLocaleString("en-US")} numbered titles ${(bytes / 1024).toFixed(0)} KiB`,
  );
  for (const line of wrong) console.log(line);
}

/** The same for the CJK titles alone: the part of the index the choice changes. */
function cjkOnly(name: string, index: (value: string) => string) {
  const cjk = TITLES.filter((title) => /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u.test(title));
  const big = new DatabaseSync(":memory:");
  big.exec("CREATE VIRTUAL TABLE t USING fts5(title, tokenize='unicode61 remove_diacritics 2', prefix='2 3')");
  const add = big.prepare("INSERT INTO t(title) VALUES (?)");
  big.exec("BEGIN");
  for (let n = 0; n < 2000; n++) for (const title of cjk) add.run(index(`${title} ${n}`));
  big.exec("COMMIT");
  big.exec("INSERT INTO t(t) VALUES ('optimize')");
  const bytes = (big.prepare("SELECT sum(length(block)) AS n FROM t_data").get() as { n: number }).n;
  console.log(
    `${name}, the ${cjk.length} CJK titles alone: ${(bytes / 1024).toFixed(0)} KiB for ${(cjk.length * 2000).toLocaleString("en-US")} numbered titles`,
  );
}

/** The query as it was built before issue 37 (NFKC, lower case, each word a prefix term), over the original text. */
const before = (input: string) =>
  input
    .normalize("NFKC")
    .toLowerCase()
    .replace(/(\d)[-\s](?=\d)/g, "$1")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => (word.length > 1 ? `"${word}"*` : `"${word}"`))
    .join(" ");
measure("Original text (before issue 37)", { index: (value) => value, query: before });
measure("Intl.Segmenter words", segmenter);
measure("Bigrams + unigrams (chosen)", bigrams);
cjkOnly("Original text", (value) => value);
cjkOnly("Intl.Segmenter words", segmenter.index);
cjkOnly("Bigrams + unigrams", bigrams.index);
