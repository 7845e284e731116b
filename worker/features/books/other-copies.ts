import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, cellCentre, greatCircleKm, shownDistanceKm } from "@worker/core/shared/area-cells";
import { copiesExpression, isCopyOf } from "@worker/core/shared/copy-match";
import { booksFts } from "@worker/db/fts";
import { books } from "@worker/db/schema";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { type BookCard, bookCardColumns, toBookCard } from "./book-columns";
import { withViewerAccess } from "./library";
import { selectLocated, seqTable } from "./near-library";

/** At most this many candidates are read and checked; the copies among them are sorted by distance. */
export const OTHER_COPIES_READ = 100;
/** How many of them a book page shows. */
export const OTHER_COPIES_SHOWN = 10;

export interface OtherCopies {
  /** Nearest first when the viewer has an area (or gave a position); else newest first. */
  items: (BookCard & { distanceKm?: number })[];
  /** How many other copies were found among the candidates read. */
  total: number;
}

/**
 * The other listed copies of a book, found as a club's book finds its copies
 * (worker/core/shared/copy-match.ts): the FTS index gives the candidates that have the book's title
 * and author words or its ISBN-13, each is checked exactly, and the distance from the viewer's cell
 * sorts them. No copy's cell leaves the server. Hidden books are not in books_fts.
 */
export async function findOtherCopies(ctx: ServiceContext, bookId: string, origin: Cell | null): Promise<OtherCopies | null> {
  const [book] = await ctx.db
    .select({ isbn13: books.isbn13, title: books.title, author: books.author, hidden: books.hidden, userId: books.userId })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  if (!book || (book.hidden && book.userId !== ctx.user?.id)) return null;
  const fts = copiesExpression(book);
  if (!fts) return { items: [], total: 0 };
  // The candidates with only what ranks them; the cards' joins are read for the shown few alone.
  const candidates = await ctx.db
    .select({ seq: books.seq, title: books.title, author: books.author, isbn13: books.isbn13, cellLat: books.cellLat, cellLon: books.cellLon })
    .from(booksFts)
    .innerJoin(books, eq(books.seq, booksFts.rowid))
    .where(and(sql`books_fts match ${fts}`, isNull(books.hidden), ne(books.id, bookId)))
    .orderBy(sql`${booksFts.rowid} desc`)
    .limit(OTHER_COPIES_READ);
  const at = origin ? cellCentre(origin) : null;
  const ranked = candidates
    .filter((candidate) => isCopyOf(book, candidate))
    .map(({ seq, cellLat, cellLon }) => {
      const cell = cellLat === null || cellLon === null ? null : { cellLat, cellLon };
      return { seq, km: at && cell ? greatCircleKm(at, cellCentre(cell)) : null, shown: origin && cell ? shownDistanceKm(origin, cell) : undefined };
    });
  // Copies with a distance come first, nearest first; then the rest, newest first.
  ranked.sort((a, b) => (a.km ?? Number.POSITIVE_INFINITY) - (b.km ?? Number.POSITIVE_INFINITY) || b.seq - a.seq);
  const picked = ranked.slice(0, OTHER_COPIES_SHOWN);
  const rows = picked.length === 0 ? [] : await selectLocated(ctx, bookCardColumns, seqTable(picked.map((copy) => copy.seq))).where(isNull(books.hidden));
  const bySeq = new Map(rows.map((row) => [row.seq, row]));
  const shown = picked.flatMap(({ seq, shown }) => {
    const row = bySeq.get(seq);
    if (!row) return [];
    return [shown === undefined ? toBookCard(row) : { ...toBookCard(row), distanceKm: shown }];
  });
  return { items: await withViewerAccess(ctx, shown), total: ranked.length };
}
