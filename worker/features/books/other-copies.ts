import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, cellCentre, greatCircleKm, shownDistanceKm } from "@worker/core/shared/area-cells";
import { books, clubs, loans, users } from "@worker/db/schema";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { type BookCard, bookCardColumns, lentLoanOfBook, toBookCard } from "./book-columns";
import { withViewerAccess } from "./library";

/** At most this many copies are read (newest first) and sorted by distance: a book page lists the nearest of them. */
export const OTHER_COPIES_READ = 100;
/** How many of them a book page shows. */
export const OTHER_COPIES_SHOWN = 10;

export interface OtherCopies {
  /** Nearest first when the viewer has an area (or gave a position); else newest first. */
  items: (BookCard & { distanceKm?: number })[];
  /** How many other copies there are, up to OTHER_COPIES_READ. */
  total: number;
}

/**
 * The other listed copies of a book: the same ISBN-13, or the same title and author once
 * normalised (books.match_key). Two index ranges of at most OTHER_COPIES_READ rows, then the
 * distance from the viewer's cell sorts them; no copy's cell leaves the server.
 */
export async function findOtherCopies(ctx: ServiceContext, bookId: string, origin: Cell | null): Promise<OtherCopies | null> {
  const [book] = await ctx.db
    .select({ isbn13: books.isbn13, matchKey: books.matchKey, hidden: books.hidden, userId: books.userId })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  if (!book || (book.hidden && book.userId !== ctx.user?.id)) return null;
  if (!book.isbn13 && !book.matchKey) return { items: [], total: 0 };
  const copies = sql`(
    select seq from (select seq from books where isbn13 = ${book.isbn13 ?? ""} and hidden is null order by seq desc limit ${OTHER_COPIES_READ})
    union
    select seq from (select seq from books where match_key = ${book.matchKey ?? ""} and hidden is null order by seq desc limit ${OTHER_COPIES_READ})
  )`;
  const rows = await ctx.db
    .select({ ...bookCardColumns, cellLat: books.cellLat, cellLon: books.cellLon })
    .from(books)
    .innerJoin(users, eq(users.id, books.userId))
    .leftJoin(clubs, eq(clubs.id, books.clubId))
    .leftJoin(loans, lentLoanOfBook)
    .where(and(sql`${books.seq} in ${copies}`, isNull(books.hidden), ne(books.id, bookId)))
    .limit(OTHER_COPIES_READ);
  const at = origin ? cellCentre(origin) : null;
  const ranked = rows.map(({ cellLat, cellLon, ...row }) => {
    const cell = cellLat === null || cellLon === null ? null : { cellLat, cellLon };
    const km = at && cell ? greatCircleKm(at, cellCentre(cell)) : null;
    return { row, km, shown: origin && cell ? shownDistanceKm(origin, cell) : undefined };
  });
  // Copies with a distance come first, nearest first; then the rest, newest first.
  ranked.sort((a, b) => (a.km ?? Number.POSITIVE_INFINITY) - (b.km ?? Number.POSITIVE_INFINITY) || b.row.seq - a.row.seq);
  const shown = ranked
    .slice(0, OTHER_COPIES_SHOWN)
    .map(({ row, shown }) => (shown === undefined ? toBookCard(row) : { ...toBookCard(row), distanceKm: shown }));
  return { items: await withViewerAccess(ctx, shown), total: rows.length };
}
