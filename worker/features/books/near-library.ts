import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, cellCentre, greatCircleKm, shownDistanceKm } from "@worker/core/shared/area-cells";
import { type AgeGroupFine, bookCells, books, clubs, loans, searchReindex, users } from "@worker/db/schema";
import { and, between, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type bookCardColumns, type bookDetailColumns, type CardRow, type DetailRow, lentLoanOfBook } from "./book-columns";
import { boxesAround, minKmToTile, type NearCell, type ReadTiles, type Walk, type WalkFrom, walkNearCells } from "./near-cells";

/** A "near me" page's cursor: the cell and seq of the last book shown (opaque to clients). */
export interface NearCursor extends Cell {
  seq: number;
}

export const encodeNearCursor = ({ cellLat, cellLon, seq }: NearCursor) => `n${cellLat}_${cellLon}_${seq.toString(36)}`;

export const nearCursorSchema = z
  .string()
  .regex(/^n-?\d{1,5}_-?\d{1,5}_[0-9a-z]{1,11}$/, { error: () => translate("nextToken is not valid") })
  .transform((token): NearCursor => {
    const [lat, lon, seq] = token.slice(1).split("_") as [string, string, string];
    return { cellLat: Number(lat), cellLon: Number(lon), seq: Number.parseInt(seq, 36) };
  });

export interface NearFilters {
  origin: Cell;
  radiusKm: number | null;
  excludeUserId: string | null;
  /** The excluded viewer's own cell when known (near=me: the origin): their own books all lie there. */
  ownCell?: Cell;
  ageGroupFine?: AgeGroupFine;
  /** A language as books store it (bookLanguage). */
  language?: string;
  availableOnly: boolean;
}

export interface NearPage<Row> {
  rows: (Row & { distanceKm: number })[];
  nextToken: string | null;
}

/** A search near me sorts at most this many of its newest matches within the radius by distance. */
export const NEAR_SEARCH_READ = 1000;

export const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
};

/** book_cells' tiles in a few boxes: one indexed range per box, all in one batch. */
export function tileReader(ctx: ServiceContext): ReadTiles {
  return async (boxes) => {
    const reads = boxes.map((box) =>
      ctx.db
        .select({ level: bookCells.level, tileLat: bookCells.tileLat, tileLon: bookCells.tileLon, n: bookCells.n })
        .from(bookCells)
        .where(and(eq(bookCells.level, box.level), inArray(bookCells.tileLat, box.lats), between(bookCells.tileLon, box.lonFrom, box.lonTo))),
    );
    if (reads.length === 0) return [];
    const answers = await ctx.db.batch(reads as [(typeof reads)[number], ...typeof reads]);
    return answers.flat();
  };
}

/** What every near read asks of a book beyond its place, written once in SQL over the parameters of the CTE `p` (nearParameters). */
function extraConditions(filters: NearFilters): string {
  let where = "";
  if (filters.excludeUserId) where += " AND books.user_id <> (SELECT me FROM p)";
  if (filters.ageGroupFine) where += " AND books.age_group_fine = (SELECT age FROM p)";
  if (filters.language) where += " AND books.language = (SELECT lang FROM p)";
  // Available now: not lent, and not promised to someone (an accepted loan) either.
  if (filters.availableOnly)
    where +=
      " AND books.status IN ('available', 'giving_away') AND NOT EXISTS (SELECT 1 FROM loans AS held WHERE held.book_id = books.id AND held.state IN ('accepted', 'lent'))";
  return where;
}

/** The filters' values, bound once for every cell's read. */
const nearParameters = (filters: NearFilters) =>
  sql`WITH p(me, age, lang) AS (VALUES (${filters.excludeUserId}, ${filters.ageGroupFine ?? null}, ${filters.language ?? null}))`;

/**
 * The seqs of up to `need` books from the cells, in walking order: one index range of
 * books_cell_idx per cell, newest first, joined by UNION ALL under one LIMIT, so SQLite stops
 * reading as soon as the page is full.
 */
function pickedSeqs(cells: NearCell[], from: WalkFrom | undefined, need: number, filters: NearFilters): SQL {
  const extra = extraConditions(filters);
  const parts = cells.map((cell) => {
    const inside =
      from?.seq !== undefined && cell.cellLat === from.cell.cellLat && cell.cellLon === from.cell.cellLon ? ` AND books.seq < ${int(from.seq)}` : "";
    return `SELECT seq FROM (SELECT books.seq AS seq FROM books WHERE books.cell_lat = ${int(cell.cellLat)} AND books.cell_lon = ${int(cell.cellLon)} AND books.hidden IS NULL${inside}${extra} ORDER BY books.seq DESC LIMIT ${int(need)})`;
  });
  return sql`(${nearParameters(filters)} SELECT seq FROM (${sql.raw(unionAll(parts))}) LIMIT ${need})`;
}

/** D1 allows five terms in a compound SELECT; a sub-select starts the count again, so terms nest in fives. */
const COMPOUND_TERMS = 5;
export function unionAll(terms: string[]): string {
  if (terms.length <= COMPOUND_TERMS) return terms.join(" UNION ALL ");
  const groups: string[] = [];
  for (let i = 0; i < terms.length; i += COMPOUND_TERMS) groups.push(`SELECT seq FROM (${terms.slice(i, i + COMPOUND_TERMS).join(" UNION ALL ")})`);
  return unionAll(groups);
}

const cellKey = (cell: Cell) => `${cell.cellLat}_${cell.cellLon}`;

type Columns = typeof bookCardColumns | typeof bookDetailColumns;
type Located = { cellLat: number | null; cellLon: number | null; seq: number };
type LocatedRow = Located & Record<string, unknown>;

/**
 * The books whose seqs `picked` (a subquery with a `seq` column) names, with their cards' joins. The
 * books are joined to the picked rows, which D1 reads once: `seq IN (…)` reads each value twice.
 */
export function selectLocated(ctx: ServiceContext, columns: Columns, picked: SQL) {
  return ctx.db
    .select({ ...columns, cellLat: books.cellLat, cellLon: books.cellLon })
    .from(sql`${picked} AS picked`)
    .innerJoin(books, eq(books.seq, sql`picked.seq`))
    .innerJoin(users, eq(users.id, books.userId))
    .leftJoin(clubs, eq(clubs.id, books.clubId))
    .leftJoin(loans, lentLoanOfBook);
}

/** Seqs known here as a table of one `seq` column, for selectLocated (never empty: callers skip an empty page). */
export const seqTable = (seqs: readonly number[]) => sql.raw(`(SELECT column1 AS seq FROM (VALUES ${seqs.map((seq) => `(${int(seq)})`).join(", ")}))`);

/** Drops the cell (it never leaves the server) and puts the rounded distance in its place. */
export function withDistance<Row extends Located>(origin: Cell, row: Row) {
  const { cellLat, cellLon, ...rest } = row;
  return { ...rest, distanceKm: shownDistanceKm(origin, { cellLat: cellLat ?? 0, cellLon: cellLon ?? 0 }) };
}

/**
 * A page and its total from one walk: the total's walk (cap + 1 books) also covers the first pages'
 * cells, nearest first, so book_cells is read once. A page beyond it walks from its cursor.
 * Page 1 begins in the reader's own cell, always the nearest: it is read while the walk runs, and a
 * crowded cell (a city centre) fills the page with no read after the walk's.
 */
export async function nearLibraryPageAndCount(
  ctx: ServiceContext,
  columns: Columns,
  filters: NearFilters,
  limit: number,
  cap: number,
  after?: NearCursor,
): Promise<{ page: NearPage<CardRow | DetailRow>; total: { count: number; capped: boolean } }> {
  const origin: NearCell = { ...filters.origin, km: 0, n: 0 };
  const [walk, ownRows] = await Promise.all([
    countingWalk(ctx, filters, cap),
    after ? undefined : (selectLocated(ctx, columns, pickedSeqs([origin], undefined, limit + 1, filters)) as Promise<LocatedRow[]>),
  ]);
  const sameCell = (cell: Cell, other: Cell) => cell.cellLat === other.cellLat && cell.cellLon === other.cellLon;
  // A later page whose cursor lies in the total's cells (the first four pages, as a rule) walks on from there.
  const at = after ? walk.cells.findIndex((cell) => sameCell(cell, after)) : 0;
  const pageWalk = at === -1 ? undefined : { cells: walk.cells.slice(at).filter((cell) => !ownRows || !sameCell(cell, origin)), exhausted: walk.exhausted };
  const [page, total] = await Promise.all([nearLibraryPage(ctx, columns, filters, limit, after, pageWalk, ownRows), countNearBooks(ctx, filters, cap, walk)]);
  return { page, total };
}

/**
 * One page of the library nearest first (no search): walk the cells (or take `walked`, from the cursor's
 * cell on), then read their newest books. `ownRows`: the reader's own cell, read already (page 1).
 */
export async function nearLibraryPage(
  ctx: ServiceContext,
  columns: Columns,
  filters: NearFilters,
  limit: number,
  after?: NearCursor,
  walked?: Walk,
  ownRows?: LocatedRow[],
): Promise<NearPage<CardRow | DetailRow>> {
  const read = tileReader(ctx);
  const rows: LocatedRow[] = ownRows ? [...ownRows].sort((a, b) => b.seq - a.seq) : [];
  // After the own cell, the walk goes on past all of it (no seq: the cell was read to the page's need).
  let from: WalkFrom | undefined = after ? { cell: after, seq: after.seq } : ownRows ? { cell: filters.origin } : undefined;
  let exhausted = false;
  // Counts are the cells' listed books; filters (and the viewer's own books) can leave a walk short,
  // so it walks on from its last cell, a bounded number of times.
  for (let round = 0; round < 4 && rows.length <= limit && !exhausted; round++) {
    const need = limit + 1 - rows.length;
    const walk = round === 0 && walked ? walked : await walkNearCells(read, filters.origin, filters.radiusKm, need, from);
    exhausted = walk.exhausted;
    if (walk.cells.length === 0) break;
    const order = new Map(walk.cells.map((cell, i) => [cellKey(cell), i]));
    const found = (await selectLocated(ctx, columns, pickedSeqs(walk.cells, from, need, filters))) as LocatedRow[];
    found.sort((a, b) => order.get(cellKey(a as Cell))! - order.get(cellKey(b as Cell))! || b.seq - a.seq);
    rows.push(...found);
    const last = walk.cells[walk.cells.length - 1]!;
    from = { cell: last };
  }
  const page = rows.slice(0, limit);
  const lastRow = page[page.length - 1];
  const more = rows.length > limit || (!exhausted && rows.length > 0);
  return {
    rows: page.map((row) => withDistance(filters.origin, row)) as NearPage<CardRow | DetailRow>["rows"],
    nextToken: more && lastRow ? encodeNearCursor({ cellLat: lastRow.cellLat!, cellLon: lastRow.cellLon!, seq: lastRow.seq }) : null,
  };
}

/** Whether book_cells' counts are the listing's: no filter narrows it, and the viewer's own books (if left out) have a known cell. */
const tileCountable = (filters: NearFilters) =>
  !filters.ageGroupFine && !filters.language && !filters.availableOnly && (filters.excludeUserId === null || filters.ownCell !== undefined);

/** The total's walk: the cells holding cap + 1 books, the viewer's own cell not counted when the count can come from book_cells. */
function countingWalk(ctx: ServiceContext, filters: NearFilters, cap: number): Promise<Walk> {
  const uncounted = tileCountable(filters) && filters.excludeUserId ? filters.ownCell : undefined;
  return walkNearCells(tileReader(ctx), filters.origin, filters.radiusKm, cap + 1, undefined, uncounted);
}

/**
 * How many books the near listing holds, counted up to `cap` like a search: from book_cells when no
 * filter narrows the listing, else the cells holding the first cap + 1 books, read with the page's
 * filters. `capped` when more may lie beyond.
 */
export async function countNearBooks(ctx: ServiceContext, filters: NearFilters, cap: number, walked?: Walk): Promise<{ count: number; capped: boolean }> {
  const walk = walked ?? (await countingWalk(ctx, filters, cap));
  if (walk.cells.length === 0) return { count: 0, capped: false };
  // With no filter but the viewer's own books (all in their own cell), book_cells counts the listing:
  // past the cap, or with no own cell to leave out, the count needs no book read.
  if (tileCountable(filters)) {
    const own = filters.excludeUserId ? filters.ownCell : undefined;
    const others = walk.cells.reduce((sum, cell) => (cell.cellLat === own?.cellLat && cell.cellLon === own?.cellLon ? sum : sum + cell.n), 0);
    if (others > cap) return { count: cap, capped: true };
    if (!own) return { count: others, capped: !walk.exhausted };
    // Then the walk ran out (it stops past cap + 1 others): only the own cell's other books need counting.
    const ownCell = walk.cells.find((cell) => cell.cellLat === own.cellLat && cell.cellLon === own.cellLon);
    if (!ownCell) return { count: others, capped: false };
    const [row] = await ctx.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${pickedSeqs([ownCell], undefined, cap + 1 - others, filters)}`);
    const n = others + (row?.n ?? 0);
    return { count: Math.min(n, cap), capped: n > cap };
  }
  const [row] = await ctx.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${pickedSeqs(walk.cells, undefined, cap + 1, filters)}`);
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), capped: n > cap || !walk.exhausted };
}

/**
 * A search near me before the near index is complete (the backfill of migrations/0028 running): the newest
 * NEAR_SEARCH_READ matches inside the radius's box (books_fts leads, each match a primary-key probe),
 * sorted by distance here. Answers the page and the count.
 */
export async function oldNearSearchPage(
  ctx: ServiceContext,
  columns: Columns,
  filters: NearFilters,
  fts: string,
  limit: number,
  cap: number,
  after?: NearCursor,
): Promise<NearPage<CardRow | DetailRow> & { count: number; capped: boolean }> {
  const at = cellCentre(filters.origin);
  const place: SQL[] = [sql`books.cell_lat IS NOT NULL`];
  if (filters.radiusKm !== null) {
    const boxes = boxesAround(filters.origin, filters.radiusKm, 0);
    const lats = boxes[0]!.lats;
    place.push(sql`books.cell_lat BETWEEN ${lats[0]! - 9000} AND ${lats[lats.length - 1]! - 9000}`);
    place.push(or(...boxes.map((box) => sql`books.cell_lon BETWEEN ${box.lonFrom - 18000} AND ${box.lonTo - 18000}`))!);
  }
  const matches = await ctx.db.all<{ seq: number; cellLat: number; cellLon: number }>(sql`
    ${nearParameters(filters)}
    SELECT books.seq AS seq, books.cell_lat AS cellLat, books.cell_lon AS cellLon
    FROM books_fts JOIN books ON books.seq = books_fts.rowid
    WHERE books_fts MATCH ${fts} AND books.hidden IS NULL AND ${and(...place)}${sql.raw(extraConditions(filters))}
    ORDER BY books_fts.rowid DESC LIMIT ${NEAR_SEARCH_READ}`);
  const ranked = byDistance(at, filters, matches);
  return {
    ...(await rankedPage(ctx, columns, filters, ranked, limit, after)),
    count: Math.min(ranked.length, cap),
    capped: ranked.length > cap || matches.length === NEAR_SEARCH_READ,
  };
}

/** A place token of books_near_fts (migrations/0028): c a 0.01° cell, d, e, f its 0.1°, 1° and 10° tiles (offset coordinates / 10^level). */
const PLACE_PREFIX = ["c", "d", "e", "f"] as const;
const placeToken = (level: number, tileLat: number, tileLon: number) => `${PLACE_PREFIX[level]}${tileLat}x${tileLon}`;
const cellToken = (cell: Cell) => placeToken(0, cell.cellLat + 9000, cell.cellLon + 18000);
/** At most this many tiles name the radius's area in the count's MATCH (the level is chosen so they do). */
const PLACE_TILES = 40;
/** Cells read in one round of the walk, each a term of the UNION ALL with its MATCH written in (100 stay far below D1's 100 KB of SQL). */
const ROUND_CELLS = 100;

/** The text part of a near MATCH: the query over the text columns only (a place token is never a word). */
const textMatch = (fts: string) => `{title author description isbn10 isbn13} : (${fts})`;
/** A MATCH string as an SQL literal (it is built here from toFtsQuery's terms, whose quotes are FTS5's). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The tiles of the smallest level that names the radius's area in at most PLACE_TILES tiles, those the radius reaches. */
export function radiusTiles(origin: Cell, radiusKm: number): string[] {
  const at = cellCentre(origin);
  for (const level of [1, 2, 3]) {
    const boxes = boxesAround(origin, radiusKm, level);
    const tiles = boxes.flatMap((box) =>
      box.lats.flatMap((tileLat) => Array.from({ length: box.lonTo - box.lonFrom + 1 }, (_, i) => ({ level, tileLat, tileLon: box.lonFrom + i }))),
    );
    if (tiles.length > PLACE_TILES && level < 3) continue;
    return tiles.filter((tile) => minKmToTile(at, tile) <= radiusKm).map((tile) => placeToken(level, tile.tileLat, tile.tileLon));
  }
  return [];
}

/** Where the near index's backfill stands: 0 when every book is in books_near_fts, else the seq at or below which books may be missing. */
async function nearIndexPending(ctx: ServiceContext): Promise<number> {
  const [state] = await ctx.db.select().from(searchReindex).where(eq(searchReindex.tableName, "books_near"));
  return !state || state.doneAt !== null ? 0 : Math.max(1, state.afterSeq);
}

/**
 * The seqs of up to `need` matches in the cells, in walking order: one FTS5 query per cell, `text AND
 * place : <cell>`, whose doclists FTS5 intersects, newest first, joined by UNION ALL under one LIMIT, so
 * only the matches that fill the page are read (and each probes its book only for the filters).
 */
function pickedMatches(cells: NearCell[], from: WalkFrom | undefined, need: number, filters: NearFilters, fts: string): SQL {
  const text = textMatch(fts);
  // The viewer's own books all lie in their own cell: elsewhere a match needs its book only for the other filters.
  const own = filters.ownCell;
  const elsewhere = extraConditions(own ? { ...filters, excludeUserId: null } : filters);
  const parts = cells.map((cell) => {
    const extra = own && cell.cellLat === own.cellLat && cell.cellLon === own.cellLon ? extraConditions(filters) : elsewhere;
    const join = extra ? " JOIN books ON books.seq = books_near_fts.rowid" : "";
    const inside =
      from?.seq !== undefined && cell.cellLat === from.cell.cellLat && cell.cellLon === from.cell.cellLon ? ` AND books_near_fts.rowid < ${int(from.seq)}` : "";
    const match = literal(`${text} AND place : ${cellToken(cell)}`);
    return `SELECT seq FROM (SELECT books_near_fts.rowid AS seq FROM books_near_fts${join} WHERE books_near_fts MATCH ${match}${inside}${extra} ORDER BY books_near_fts.rowid DESC LIMIT ${int(need)})`;
  });
  return sql`(${nearParameters(filters)} SELECT seq FROM (${sql.raw(unionAll(parts))}) LIMIT ${need})`;
}

type Placed = { seq: number; cellLat: number; cellLon: number };
type RankedMatch = Placed & { km: number };

/** Matches inside the radius, nearest first (then by cell, newest first): the near pages' one order. */
function byDistance(at: { lat: number; lon: number }, filters: NearFilters, matches: Placed[]): RankedMatch[] {
  return matches
    .map((match) => ({ ...match, km: greatCircleKm(at, cellCentre(match)) }))
    .filter((match) => filters.radiusKm === null || match.km <= filters.radiusKm)
    .sort((a, b) => a.km - b.km || a.cellLat - b.cellLat || a.cellLon - b.cellLon || b.seq - a.seq);
}

/** The page of ranked matches after the cursor, read with their card columns in one statement, and the next cursor. */
async function rankedPage(
  ctx: ServiceContext,
  columns: Columns,
  filters: NearFilters,
  ranked: RankedMatch[],
  limit: number,
  after?: NearCursor,
): Promise<NearPage<CardRow | DetailRow>> {
  const at = cellCentre(filters.origin);
  let start = 0;
  if (after) {
    const afterKm = greatCircleKm(at, cellCentre(after));
    const index = ranked.findIndex((m) => (m.km - afterKm || m.cellLat - after.cellLat || m.cellLon - after.cellLon || after.seq - m.seq) > 0);
    start = index === -1 ? ranked.length : index;
  }
  const slice = ranked.slice(start, start + limit + 1);
  const page = slice.slice(0, limit);
  const order = new Map(page.map((m, i) => [m.seq, i]));
  const rows = page.length === 0 ? [] : ((await selectLocated(ctx, columns, seqTable(page.map((m) => m.seq)))) as LocatedRow[]);
  rows.sort((a, b) => order.get(a.seq)! - order.get(b.seq)!);
  const lastRow = page[page.length - 1];
  return {
    rows: rows.map((row) => withDistance(filters.origin, row)) as NearPage<CardRow | DetailRow>["rows"],
    nextToken: slice.length > limit && lastRow ? encodeNearCursor(lastRow) : null,
  };
}

/**
 * A search near me (or anywhere, nearest first), reading a bounded number of rows wherever the reader is
 * and however common the words (decision 020):
 * 1. The count: up to cap + 1 matches of `text AND place : (the radius's tiles)` from books_near_fts
 *    alone (no book read). Fewer than that, and those are all the matches around: their cells are read
 *    and they are sorted by distance exactly here (the radius's corners and the filters left out).
 * 2. More, and the page walks the cells nearest first (book_cells, as the near library does), reading
 *    each cell's matches newest first under one LIMIT (pickedMatches), in rounds of growing reach.
 * Until the near index's backfill is done, the old read answers (oldNearSearchPage).
 */
export async function nearSearchPage(
  ctx: ServiceContext,
  columns: Columns,
  filters: NearFilters,
  fts: string,
  limit: number,
  cap: number,
  after?: NearCursor,
): Promise<NearPage<CardRow | DetailRow> & { count: number; capped: boolean }> {
  const text = textMatch(fts);
  let match = text;
  if (filters.radiusKm !== null) {
    const tiles = radiusTiles(filters.origin, filters.radiusKm);
    if (tiles.length === 0) return { rows: [], nextToken: null, count: 0, capped: false };
    match = `${text} AND place : (${tiles.join(" OR ")})`;
  }
  // The backfill's state and the count at once: the count is dropped in the rare request made while the backfill runs.
  const [pending, around] = await Promise.all([
    nearIndexPending(ctx),
    ctx.db.all<{ seq: number }>(sql`SELECT rowid AS seq FROM books_near_fts WHERE books_near_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${cap + 1}`),
  ]);
  if (pending > 0) return oldNearSearchPage(ctx, columns, filters, fts, limit, cap, after);
  if (around.length <= cap) return fewNearMatches(ctx, columns, filters, around, limit, after);
  const page = await walkedSearchPage(ctx, columns, filters, fts, limit, after);
  return { ...page, count: cap, capped: true };
}

/** Step 1's answer: every match around (at most cap), each book read once for its cell and the filters, sorted by distance. */
async function fewNearMatches(
  ctx: ServiceContext,
  columns: Columns,
  filters: NearFilters,
  around: { seq: number }[],
  limit: number,
  after?: NearCursor,
): Promise<NearPage<CardRow | DetailRow> & { count: number; capped: boolean }> {
  if (around.length === 0) return { rows: [], nextToken: null, count: 0, capped: false };
  const at = cellCentre(filters.origin);
  const seqs = sql.raw(around.map((m) => int(m.seq)).join(", "));
  const matches = await ctx.db.all<{ seq: number; cellLat: number; cellLon: number }>(sql`
    ${nearParameters(filters)}
    SELECT books.seq AS seq, books.cell_lat AS cellLat, books.cell_lon AS cellLon FROM books
    WHERE books.seq IN (${seqs}) AND books.hidden IS NULL AND books.cell_lat IS NOT NULL${sql.raw(extraConditions(filters))}`);
  const ranked = byDistance(at, filters, matches);
  return { ...(await rankedPage(ctx, columns, filters, ranked, limit, after)), count: ranked.length, capped: false };
}

/** How many books a page's first round walks past, a multiple of the page: a word in one book of 64 fills it in one round. */
const FIRST_REACH = 64;

/** Step 2: the page from the cells nearest first, each round walking on from the last cell read, reaching four times as many books. */
async function walkedSearchPage(
  ctx: ServiceContext,
  columns: Columns,
  filters: NearFilters,
  fts: string,
  limit: number,
  after?: NearCursor,
): Promise<NearPage<CardRow | DetailRow>> {
  const read = tileReader(ctx);
  const rows: LocatedRow[] = [];
  let from: WalkFrom | undefined = after ? { cell: after, seq: after.seq } : undefined;
  let exhausted = false;
  // A round's walk costs the same few dozen book_cells rows however far it reaches, and the cells' FTS
  // queries stop at the page: so the first reaches far (a common word fills the page in its first cells).
  let reach = FIRST_REACH * (limit + 1);
  let lastCell: Cell | undefined;
  for (let round = 0; round < 4 && rows.length <= limit && !exhausted; round++, reach *= 4) {
    const need = limit + 1 - rows.length;
    const walk = await walkNearCells(read, filters.origin, filters.radiusKm, reach, from);
    const cells = walk.cells.slice(0, ROUND_CELLS);
    exhausted = walk.exhausted && cells.length === walk.cells.length;
    if (cells.length === 0) break;
    const order = new Map(cells.map((cell, i) => [cellKey(cell), i]));
    const found = (await selectLocated(ctx, columns, pickedMatches(cells, from, need, filters, fts))) as LocatedRow[];
    found.sort((a, b) => order.get(cellKey(a as Cell))! - order.get(cellKey(b as Cell))! || b.seq - a.seq);
    rows.push(...found);
    lastCell = cells[cells.length - 1]!;
    from = { cell: lastCell };
  }
  const page = rows.slice(0, limit);
  const lastRow = page[page.length - 1];
  // A short page with cells still to walk goes on after the last cell read, all of whose matches it holds (seq 0).
  const cursor =
    rows.length > limit && lastRow
      ? { cellLat: lastRow.cellLat!, cellLon: lastRow.cellLon!, seq: lastRow.seq }
      : !exhausted && lastCell
        ? { ...lastCell, seq: 0 }
        : null;
  return {
    rows: page.map((row) => withDistance(filters.origin, row)) as NearPage<CardRow | DetailRow>["rows"],
    nextToken: cursor ? encodeNearCursor({ cellLat: cursor.cellLat, cellLon: cursor.cellLon, seq: cursor.seq }) : null,
  };
}
