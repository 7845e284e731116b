import { nextJobRun, scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps } from "@worker/core/service-context";
import { storedSearchText } from "@worker/core/shared/search-text";
import type { Database } from "@worker/db/client";
import { books, clubs, searchReindex } from "@worker/db/schema";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";

/** Rows read per run: well inside one alarm's time, and few enough statements for one D1 batch. */
export const REINDEX_BATCH = 500;

export type ReindexTable = "books" | "clubs" | "books_near";
const TABLES: ReindexTable[] = ["books", "clubs", "books_near"];

/** A table's text columns, and the search columns they fill. */
const FIELDS = {
  books: {
    table: books,
    fields: [books.title, books.author, books.description],
    search: [books.searchTitle, books.searchAuthor, books.searchDescription],
    keys: ["searchTitle", "searchAuthor", "searchDescription"],
  },
  clubs: {
    table: clubs,
    fields: [clubs.name, clubs.description, clubs.location],
    search: [clubs.searchName, clubs.searchDescription, clubs.searchLocation],
    keys: ["searchName", "searchDescription", "searchLocation"],
  },
} as const;

/**
 * One batch of the backfill (migrations/0027): the next `limit` rows after the table's cursor get their
 * search text, and the cursor moves past them, in one D1 batch (a transaction). Each row is written only
 * if its text differs and is still the text that was read (an edit meanwhile wrote its own), and the
 * cursor only from where this run found it: a run repeated after a failure, or two runs at once, redo
 * nothing twice. Returns how many rows it read and whether the table is done.
 */
export async function reindexBatch(db: Database, name: ReindexTable, limit = REINDEX_BATCH, now = Date.now()): Promise<{ read: number; done: boolean }> {
  if (name === "books_near") return placeBatch(db, limit, now);
  const [state] = await db.select().from(searchReindex).where(eq(searchReindex.tableName, name));
  if (!state || state.doneAt !== null) return { read: 0, done: true };
  const { table, fields, search, keys } = FIELDS[name];
  const rows = (await db
    .select({ seq: table.seq, a: fields[0], b: fields[1], c: fields[2], sa: search[0], sb: search[1], sc: search[2] })
    .from(table)
    .where(gt(table.seq, state.afterSeq))
    .orderBy(asc(table.seq))
    .limit(limit)) as { seq: number; a: string; b: string; c: string; sa: string | null; sb: string | null; sc: string | null }[];
  const moved = eq(searchReindex.tableName, name);
  const fromHere = and(moved, eq(searchReindex.afterSeq, state.afterSeq), isNull(searchReindex.doneAt));
  if (rows.length === 0) {
    await db.update(searchReindex).set({ doneAt: now }).where(fromHere);
    return { read: 0, done: true };
  }
  const writes = rows.flatMap((row) => {
    const next = [storedSearchText(row.a), storedSearchText(row.b), storedSearchText(row.c)];
    if (next[0] === row.sa && next[1] === row.sb && next[2] === row.sc) return [];
    return [
      db
        .update(table)
        .set({ [keys[0]]: next[0], [keys[1]]: next[1], [keys[2]]: next[2] } as never)
        .where(and(eq(table.seq, row.seq), sql`${fields[0]} IS ${row.a}`, sql`${fields[1]} IS ${row.b}`, sql`${fields[2]} IS ${row.c}`)),
    ];
  });
  const last = rows[rows.length - 1]!.seq;
  await db.batch([db.update(searchReindex).set({ afterSeq: last }).where(fromHere), ...writes]);
  return { read: rows.length, done: false };
}

/** A book's place as books_near_fts indexes it (migrations/0028): its cell, 0.1°, 1° and 10° tiles, as the triggers write it. */
const PLACE_TOKENS = `'c' || (books.cell_lat + 9000) || 'x' || (books.cell_lon + 18000)
  || ' d' || ((books.cell_lat + 9000) / 10) || 'x' || ((books.cell_lon + 18000) / 10)
  || ' e' || ((books.cell_lat + 9000) / 100) || 'x' || ((books.cell_lon + 18000) / 100)
  || ' f' || ((books.cell_lat + 9000) / 1000) || 'x' || ((books.cell_lon + 18000) / 1000)`;

/**
 * One batch of the near index's backfill (migrations/0028): the `limit` books at or below the cursor,
 * newest first, are written into books_near_fts (placed and visible ones; INSERT OR REPLACE, so a row an
 * edit wrote meanwhile, or a batch run twice, is written again with the book's current text), and the
 * cursor moves below them. Books above the cursor are in the index; done at 0.
 */
async function placeBatch(db: Database, limit: number, now: number): Promise<{ read: number; done: boolean }> {
  const [state] = await db.select().from(searchReindex).where(eq(searchReindex.tableName, "books_near"));
  if (!state || state.doneAt !== null) return { read: 0, done: true };
  const fromHere = and(eq(searchReindex.tableName, "books_near"), eq(searchReindex.afterSeq, state.afterSeq), isNull(searchReindex.doneAt));
  const [range] = await db.all<{ low: number | null; n: number }>(
    sql`SELECT min(seq) AS low, count(*) AS n FROM (SELECT seq FROM books WHERE seq <= ${state.afterSeq} ORDER BY seq DESC LIMIT ${limit})`,
  );
  if (!range || range.low === null) {
    await db.update(searchReindex).set({ afterSeq: 0, doneAt: now }).where(fromHere);
    return { read: 0, done: true };
  }
  await db.run(sql`INSERT OR REPLACE INTO books_near_fts(rowid, title, author, description, isbn10, isbn13, place)
      SELECT books.seq, coalesce(books.search_title, books.title), coalesce(books.search_author, books.author),
        coalesce(books.search_description, books.description), books.isbn10, books.isbn13, ${sql.raw(PLACE_TOKENS)}
      FROM books WHERE books.seq BETWEEN ${range.low} AND ${state.afterSeq} AND books.hidden IS NULL AND books.cell_lat IS NOT NULL`);
  // Then the cursor, only from where this run found it: a run failing between the two writes its rows again next time.
  await db
    .update(searchReindex)
    .set({ afterSeq: range.low - 1 })
    .where(fromHere);
  return { read: range.n, done: false };
}

/** The JobTimer runner ("search-reindex:books"): a batch, then at once the next, until the table is done. */
export async function runSearchReindex(deps: Deps, name: string, now: number): Promise<number | null> {
  if (!TABLES.includes(name as ReindexTable)) return null;
  const { done } = await reindexBatch(deps.db, name as ReindexTable, REINDEX_BATCH, now);
  return done ? null : Date.now();
}

/** Starts the backfill of each table not yet done whose job is not already running (the cron's call). */
export async function startSearchReindex(env: Env, db: Database): Promise<void> {
  const pending = await db.select({ tableName: searchReindex.tableName }).from(searchReindex).where(isNull(searchReindex.doneAt));
  for (const { tableName } of pending) {
    const job = `search-reindex:${tableName}`;
    if ((await nextJobRun(env, job)) === null) await scheduleJob(env, job, Date.now());
  }
}
