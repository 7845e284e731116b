import { translate } from "@worker/core/i18n/request-language";
import { DEFAULT_PAGE_SIZE, keysetPage, type Page, pagedSearchQuery } from "@worker/core/paging";
import { toFtsQuery } from "@worker/core/search-query";
import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, NEAR_RADII_KM } from "@worker/core/shared/area-cells";
import { marksIn, queryTerms } from "@worker/core/shared/search-text";
import { msg } from "@worker/core/shared/translate";
import { booksFts } from "@worker/db/fts";
import { AGE_GROUPS, type AgeGroupFine, type BookHiddenReason, bookCounts, books, clubs, loans, memberships, users } from "@worker/db/schema";
import { NEAR_ME_HALF, nearQueryFields, originCell } from "@worker/features/geo";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type Book,
  type BookCard,
  bookCardColumns,
  bookDetailColumns,
  type CardRow,
  type DetailRow,
  lentLoanOfBook,
  selectBookDetails,
  toBook,
  toBookCard,
} from "./book-columns";
import { languageCodeField } from "./book-fields";
import { type NearCursor, type NearFilters, nearCursorSchema, nearLibraryPageAndCount, nearSearchPage } from "./near-library";

const flag = z.enum(["1", "true", "0", "false"], { error: () => translate('Use 1 or 0 (or "true" or "false").') });

/** A page's cursor: the newest-first listing's `c…`, or a near listing's `n…` (the cell and seq it stopped at). */
const libraryCursorSchema = z
  .string()
  .regex(/^(c[0-9a-z]{1,11}|n-?\d{1,5}_-?\d{1,5}_[0-9a-z]{1,11})$/, { error: () => translate("nextToken is not valid") })
  .transform((token): number | NearCursor => (token.startsWith("c") ? Number.parseInt(token.slice(1), 36) : nearCursorSchema.parse(token)));

export const NEAR_RADIUS_NOT_OFFERED = msg("radius must be one of 1, 2, 5, 10, 25, 50 or 100 (km), or left out for anywhere.");
export const NEAR_RADIUS_ALONE = msg("radius needs near=me (or lat and lon).");
export const libraryQuerySchema = pagedSearchQuery(DEFAULT_PAGE_SIZE)
  .extend({
    ageGroupFine: z.enum(AGE_GROUPS).optional(),
    language: languageCodeField.optional(),
    userId: z.string().min(1).max(64).optional(),
    bare: flag.optional(),
    nextToken: libraryCursorSchema.optional(),
    ...nearQueryFields,
    radius: z
      .string()
      .refine((value) => (NEAR_RADII_KM as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), {
        error: () => translate(NEAR_RADIUS_NOT_OFFERED),
      })
      .transform(Number)
      .optional(),
    /** Only books one can borrow now: not lent, and not promised to someone. */
    available: flag.optional().transform((value) => value === "1" || value === "true"),
  })
  .superRefine((query, issues) => {
    if ((query.lat === undefined) !== (query.lon === undefined)) issues.addIssue({ code: "custom", message: translate(NEAR_ME_HALF), path: ["lat"] });
    const near = query.near === "me" || query.lat !== undefined;
    if (query.radius !== undefined && !near) issues.addIssue({ code: "custom", message: translate(NEAR_RADIUS_ALONE), path: ["radius"] });
    // A near listing pages forwards in distance order; the newest-first cursors are another order.
    if (query.nextToken !== undefined && near !== (typeof query.nextToken === "object"))
      issues.addIssue({ code: "custom", message: translate("nextToken is not valid"), path: ["nextToken"] });
    if (query.prevToken !== undefined && near) issues.addIssue({ code: "custom", message: translate("prevToken is not valid"), path: ["prevToken"] });
  });
export type LibraryQuery = z.output<typeof libraryQuerySchema>;
/** What callers outside the API pass (the club page's shelf, My Books): the listing's plain fields. */
export type LibraryListQuery = Omit<LibraryQuery, "nextToken" | "available"> & { nextToken?: number; available?: boolean };

/**
 * A search counts at most four pages of matches (at least 100): beyond that the total shows as
 * "100+", so a broad search reads about as many rows as the page it shows.
 */
export function searchCountCap(limit: number | undefined): number {
  return Math.max(100, (limit ?? 25) * 4);
}

export interface LibraryTotal {
  count: number;
  capped: boolean;
}

/** Whether the listing is the viewer's own shelf, which still shows their hidden books (marked). */
const ownShelf = (ctx: ServiceContext, query: Pick<LibraryListQuery, "userId">) => Boolean(query.userId && query.userId === ctx.user?.id);

function filters(
  ctx: ServiceContext,
  query: Pick<LibraryListQuery, "userId" | "ageGroupFine" | "language" | "available">,
  excludeUserId: string | null,
  clubId?: string,
): SQL[] {
  // Hidden books (moderation, a suspended owner) are rare: the index walk skips them, and the
  // counters and the search index leave them out by trigger (migrations/0008). Their owner still
  // sees them on their own shelf, so nothing of theirs silently disappears.
  const where: SQL[] = ownShelf(ctx, query) ? [] : [isNull(books.hidden)];
  // A club's shelf walks books_club_seq_idx, like an owner's shelf walks books_user_seq_idx.
  if (clubId) where.push(eq(books.clubId, clubId));
  if (query.userId) where.push(eq(books.userId, query.userId));
  else if (excludeUserId) where.push(ne(books.userId, excludeUserId));
  if (query.ageGroupFine) where.push(eq(books.ageGroupFine, query.ageGroupFine));
  // Walks books_language_seq_idx (or books_language_age_seq_idx with the age group).
  if (query.language) where.push(eq(books.language, query.language));
  if (query.available) where.push(inArray(books.status, ["available", "giving_away"]), sql`not exists (${heldLoan})`);
  return where;
}

// A book promised (accepted) or lent: one probe of loans_book_holding_idx.
const heldLoan = sql`select 1 from loans as held where held.book_id = ${books.id} and held.state in ('accepted', 'lent')`;

type ListOptions = {
  excludeUserId?: string | null;
  /** Only the books shared into this club (the club page's shelf). */
  clubId?: string;
};

/** One page of library cards (what the grid and list show), newest first. */
export async function listLibraryBooks(ctx: ServiceContext, query: LibraryListQuery, options: ListOptions = {}): Promise<Page<BookCard>> {
  const { seqs: _seqs, ...page } = await listLibraryBooksWithSeqs(ctx, query, options);
  return page;
}

/** The same page with each card's seq (in the cards' order), for reads keyed by it that stay on the server (My Books' wanters). */
export async function listLibraryBooksWithSeqs(
  ctx: ServiceContext,
  query: LibraryListQuery,
  options: ListOptions = {},
): Promise<Page<BookCard> & { seqs: number[] }> {
  const page = await libraryPage(ctx, query, options, bookCardColumns);
  const items = await withViewerAccess(ctx, page.rows.map(toBookCard));
  return { items, seqs: page.rows.map((row) => row.seq), nextToken: page.nextToken, prevToken: page.prevToken };
}

/** The same page with every field of each book (the API's default listing). */
export async function listLibraryBookDetails(ctx: ServiceContext, query: LibraryListQuery, options: ListOptions = {}): Promise<Page<Book>> {
  const page = await libraryPage(ctx, query, options, bookDetailColumns);
  const items = await withViewerAccess(ctx, page.rows.map(toBook));
  return { items, nextToken: page.nextToken, prevToken: page.prevToken };
}

/**
 * Private-club books stay listed for everyone (docs/product.md#library) but are
 * "members only" except to the club's active members and the book's owner. One indexed query, and
 * only when the page holds private-club books and someone is signed in.
 */
export async function withViewerAccess<T extends BookCard>(ctx: ServiceContext, items: T[]): Promise<T[]> {
  const viewer = ctx.user;
  const clubIds = [...new Set(items.flatMap((book) => (book.membersOnly && book.clubId ? [book.clubId] : [])))];
  if (!viewer || clubIds.length === 0) return items;
  const rows = await ctx.db
    .select({ clubId: memberships.clubId })
    .from(memberships)
    .where(and(inArray(memberships.clubId, clubIds), eq(memberships.userId, viewer.id), eq(memberships.status, "active")));
  const memberOf = new Set(rows.map((row) => row.clubId));
  return items.map((book) => (book.membersOnly && (book.userId === viewer.id || memberOf.has(book.clubId!)) ? { ...book, membersOnly: false } : book));
}

type KeysetRows<Row> = { rows: (Row & { seq: number })[]; nextToken: string | null; prevToken: string | null };

/**
 * Walks the seq index from a cursor (or an FTS5 match in seq order), so page 1 and page 4,000
 * both read about one page of rows.
 */
// Details first: their columns are a superset, so the card overload would also accept them.
async function libraryPage(
  ctx: ServiceContext,
  query: LibraryListQuery,
  options: ListOptions,
  columns: typeof bookDetailColumns,
): Promise<KeysetRows<DetailRow>>;
async function libraryPage(ctx: ServiceContext, query: LibraryListQuery, options: ListOptions, columns: typeof bookCardColumns): Promise<KeysetRows<CardRow>>;
async function libraryPage(
  ctx: ServiceContext,
  query: LibraryListQuery,
  options: ListOptions,
  columns: typeof bookCardColumns | typeof bookDetailColumns,
): Promise<KeysetRows<CardRow | DetailRow>> {
  const rows = await libraryPageQuery(ctx, query, options, columns);
  return keysetPage(rows as (CardRow | DetailRow)[], query);
}

/** The page's statement, unrun: libraryPage runs it, and the tests read its plan. */
export function libraryPageQuery(
  ctx: ServiceContext,
  query: LibraryListQuery,
  options: ListOptions,
  columns: typeof bookCardColumns | typeof bookDetailColumns,
) {
  const where = filters(ctx, query, options.excludeUserId ?? null, options.clubId);
  const backwards = query.prevToken !== undefined && query.nextToken === undefined;
  const fts = query.search ? toFtsQuery(query.search) : null;
  // A search walks the FTS index in rowid (= seq) order, so it stops after one page of matches.
  const key = fts ? booksFts.rowid : books.seq;
  if (query.nextToken !== undefined) where.push(lt(key, query.nextToken));
  if (backwards) where.push(gt(key, query.prevToken!));
  if (fts) where.push(sql`books_fts match ${fts}`);

  const base = fts ? ctx.db.select(columns).from(booksFts).innerJoin(books, eq(books.seq, booksFts.rowid)) : ctx.db.select(columns).from(books);
  return base
    .innerJoin(users, eq(users.id, books.userId))
    .leftJoin(clubs, eq(clubs.id, books.clubId))
    .leftJoin(loans, lentLoanOfBook)
    .where(and(...where))
    .orderBy(backwards ? asc(key) : desc(key))
    .limit(query.limit + 1);
}

async function counter(ctx: ServiceContext, scopes: string[]): Promise<Map<string, number>> {
  if (scopes.length === 0) return new Map();
  const rows = await ctx.db.select().from(bookCounts).where(inArray(bookCounts.scope, scopes));
  return new Map(rows.map((row) => [row.scope, row.n]));
}

/**
 * How many books the listing has. Unfiltered totals come from trigger-kept counters; a search
 * counts matches up to searchCountCap().
 */
export async function countLibraryBooks(
  ctx: ServiceContext,
  query: Pick<LibraryListQuery, "search" | "ageGroupFine" | "language" | "userId" | "available"> & { limit?: number },
  excludeUserId: string | null = null,
): Promise<LibraryTotal> {
  const fts = query.search ? toFtsQuery(query.search) : null;
  if (fts) return countSearchMatches(ctx, fts, query, excludeUserId);

  // No counter holds two filters at once: count through them, up to the cap, like "available now".
  if (query.available || (query.ageGroupFine && query.language)) return countBounded(ctx, query, excludeUserId);
  const age: AgeGroupFine | undefined = query.ageGroupFine;
  const language = query.language;
  // The counters' scopes (migrations/0001 and 0023): everyone's, and one owner's.
  const totalScope = age ? `age:${age}` : language ? `lang:${language}` : "all";
  const userScope = (userId: string) => (age ? `user-age:${userId}:${age}` : language ? `user-lang:${userId}:${language}` : `user:${userId}`);
  if (query.userId) {
    const scope = userScope(query.userId);
    const [counts, hidden] = await Promise.all([
      counter(ctx, [scope]),
      ownShelf(ctx, query) ? countOwnHiddenBooks(ctx, query.userId, age, language) : Promise.resolve(0),
    ]);
    return { count: (counts.get(scope) ?? 0) + hidden, capped: false };
  }
  const ownScope = excludeUserId ? userScope(excludeUserId) : null;
  const counts = await counter(ctx, ownScope ? [totalScope, ownScope] : [totalScope]);
  const total = (counts.get(totalScope) ?? 0) - (ownScope ? (counts.get(ownScope) ?? 0) : 0);
  return { count: Math.max(0, total), capped: false };
}

/** "Available now" has no counter: count through the filters, up to the search cap ("100+" beyond). */
async function countBounded(
  ctx: ServiceContext,
  query: Pick<LibraryListQuery, "ageGroupFine" | "language" | "userId" | "available"> & { limit?: number },
  excludeUserId: string | null,
): Promise<LibraryTotal> {
  const cap = searchCountCap(query.limit);
  const [row] = await ctx.db.all<{ n: number }>(
    sql`select count(*) as n from (select 1 from books where ${and(...filters(ctx, query, excludeUserId))} limit ${cap + 1})`,
  );
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), capped: n > cap };
}

/** The owner's hidden books, which the counters leave out: a few rows on books_user_hidden_idx. */
async function countOwnHiddenBooks(ctx: ServiceContext, userId: string, age: AgeGroupFine | undefined, language: string | undefined): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(books)
    .where(
      and(
        eq(books.userId, userId),
        isNotNull(books.hidden),
        age ? eq(books.ageGroupFine, age) : undefined,
        language ? eq(books.language, language) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Counts search matches from the FTS index alone (up to the cap), then subtracts the viewer's own
 * matching books, found through their handful of rowids, so the books table is never walked.
 */
async function countSearchMatches(
  ctx: ServiceContext,
  fts: string,
  query: Pick<LibraryListQuery, "ageGroupFine" | "language" | "userId" | "available"> & { limit?: number },
  excludeUserId: string | null,
): Promise<LibraryTotal> {
  const cap = searchCountCap(query.limit);
  if (query.userId || query.ageGroupFine || query.language || query.available) {
    // Narrow searches: the filter decides, so count through the join (bounded by the cap).
    const where = filters(ctx, query, excludeUserId);
    const [row] = await ctx.db.all<{ n: number }>(sql`
      select count(*) as n from (
        select 1 from books_fts join books on books.seq = books_fts.rowid
        where books_fts match ${fts} and ${and(...where)}
        limit ${cap + 1}
      )`);
    const n = row?.n ?? 0;
    return { count: Math.min(n, cap), capped: n > cap };
  }
  const [all] = await ctx.db.all<{ n: number }>(sql`select count(*) as n from (select rowid from books_fts where books_fts match ${fts} limit ${cap + 1})`);
  let n = all?.n ?? 0;
  if (excludeUserId && n > 0) {
    const [own] = await ctx.db.all<{ n: number }>(sql`
      select count(*) as n from books_fts
      where books_fts match ${fts} and rowid in (select seq from books where user_id = ${excludeUserId})`);
    n -= own?.n ?? 0;
  }
  return { count: Math.min(Math.max(0, n), cap), capped: n > cap };
}

/** More languages than any library holds today; a bound, so the read stays a few rows. */
const LANGUAGES_LISTED = 300;

export interface LibraryLanguage {
  /** As books store it (bookLanguage): the filter's value. */
  code: string;
  /** Listed books in it, the viewer's own included. */
  count: number;
}

/**
 * The languages the library's listed books are in, most books first: one range of book_counts'
 * key (the 'lang:' scopes, kept by migrations/0023's triggers), so it reads a row per language
 * and never the books.
 */
export async function libraryLanguages(ctx: ServiceContext): Promise<LibraryLanguage[]> {
  const rows = await ctx.db
    .select()
    .from(bookCounts)
    .where(and(gt(bookCounts.scope, "lang:"), lt(bookCounts.scope, "lang;"), gt(bookCounts.n, 0)))
    .limit(LANGUAGES_LISTED);
  return rows.map((row) => ({ code: row.scope.slice("lang:".length), count: row.n })).sort((a, b) => b.count - a.count);
}

/**
 * The book, or null. A hidden book is there only for its owner, with `hidden` saying why; everyone
 * else (and every loan, waitlist and borrow step, which read books through here) gets null.
 */
export async function findBookById(ctx: ServiceContext, bookId: string): Promise<(Book & { hidden?: BookHiddenReason }) | null> {
  const [row] = await selectBookDetails(ctx.db).where(eq(books.id, bookId)).limit(1);
  if (!row) return null;
  if (row.hidden && row.userId !== ctx.user?.id) return null;
  const [viewed] = await withViewerAccess(ctx, [toBook(row)]);
  const book = row.userId === ctx.user?.id ? viewed! : withoutOwnerNotes(viewed!);
  return row.hidden ? { ...book, hidden: row.hidden } : book;
}

/**
 * A book as anyone but its owner sees it: the cover reading's request for details ("Please add the
 * title and author") is a note to the owner, not one of the book's facts.
 */
function withoutOwnerNotes(book: Book): Book {
  const analysis = book.cover_analysis && { ...book.cover_analysis, message: undefined };
  return { ...book, analysisMessage: null, cover_analysis: analysis };
}

export interface LibraryListing<T> extends Page<T & { distanceKm?: number }> {
  total: LibraryTotal;
  /** Whether the page is sorted by distance ("near me"). */
  near: boolean;
}

/**
 * Where "near me" measures from: a one-off position (never stored), or the member's own area.
 * Null when the listing is not near; 400 when near=me has nothing to measure from.
 */
async function nearOrigin(ctx: ServiceContext, query: LibraryQuery, known?: Cell | null) {
  if (query.lat === undefined && query.near !== "me") return null;
  if (query.lat === undefined && known) return known;
  return originCell(ctx, query, true);
}

/**
 * The library as the API and the page read it: one page and its total, newest first or, with
 * near=me (or a position), nearest first within an optional radius.
 */
export async function readLibrary(
  ctx: ServiceContext,
  query: LibraryQuery,
  // `origin`: the member's cell when the caller has read it already.
  options: ListOptions & { details?: boolean; origin?: Cell | null } = {},
): Promise<LibraryListing<Book | BookCard>> {
  const listing = await readLibraryPage(ctx, query, options);
  if (!query.search) return listing;
  // Marked on the original text here, so the page's script only renders segments.
  const terms = queryTerms(query.search);
  return {
    ...listing,
    items: listing.items.map((book) => ({ ...book, highlight: { title: marksIn(book.title, terms), author: marksIn(book.author, terms) } })),
  };
}

async function readLibraryPage(
  ctx: ServiceContext,
  query: LibraryQuery,
  options: ListOptions & { details?: boolean; origin?: Cell | null },
): Promise<LibraryListing<Book | BookCard>> {
  const excludeUserId = options.excludeUserId ?? null;
  const origin = await nearOrigin(ctx, query, options.origin);
  if (!origin) {
    const plain = { ...query, nextToken: typeof query.nextToken === "number" ? query.nextToken : undefined };
    const [page, total] = await Promise.all([
      options.details ? listLibraryBookDetails(ctx, plain, options) : listLibraryBooks(ctx, plain, options),
      countLibraryBooks(ctx, plain, excludeUserId),
    ]);
    return { ...page, total, near: false };
  }
  // near=me measures from the viewer's own cell, where all their own books lie.
  const ownCell = excludeUserId && excludeUserId === ctx.user?.id && query.lat === undefined ? origin : undefined;
  const near: NearFilters = {
    origin,
    radiusKm: query.radius ?? null,
    excludeUserId,
    ownCell,
    ageGroupFine: query.ageGroupFine,
    language: query.language,
    availableOnly: query.available,
  };
  const after = typeof query.nextToken === "object" ? query.nextToken : undefined;
  const columns = options.details ? bookDetailColumns : bookCardColumns;
  const cap = searchCountCap(query.limit);
  const fts = query.search ? toFtsQuery(query.search) : null;
  const read = fts
    ? nearSearchPage(ctx, columns, near, fts, query.limit, cap, after).then((page) => ({ page, total: { count: page.count, capped: page.capped } }))
    : nearLibraryPageAndCount(ctx, columns, near, query.limit, cap, after);
  const { page, total } = await read;
  const shaped = page.rows.map((row) => {
    const book = options.details ? toBook(row as DetailRow & { distanceKm: number }) : toBookCard(row as CardRow & { distanceKm: number });
    return { ...book, distanceKm: row.distanceKm };
  });
  const items = await withViewerAccess(ctx, shaped);
  return { items, nextToken: page.nextToken, prevToken: null, total, near: true };
}
