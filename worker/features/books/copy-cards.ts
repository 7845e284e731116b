import type { ServiceContext } from "@worker/core/service-context";
import type { Cell } from "@worker/core/shared/area-cells";
import { books, clubs, loans, users } from "@worker/db/schema";
import { eq, isNull, sql } from "drizzle-orm";
import { type BookCard, bookCardColumns, lentLoanOfBook, toBookCard } from "./book-columns";
import { withViewerAccess } from "./library";
import { seqTable } from "./near-library";

/** A card and, for the server's own distance, its owner's cell (never sent: callers send a rounded distance). */
export interface CopyCard {
  seq: number;
  card: BookCard;
  cell: Cell | null;
  /** Free to borrow now: available (or given away), not lent and not promised to someone. */
  free: boolean;
}

/**
 * Listed copies by seq (a wanted book's matches), as the viewer may see them: hidden books are left
 * out, a private club's book is "members only" unless the viewer is in it. One read by primary key,
 * joined to the seqs (an IN list would read each twice).
 */
export async function copyCardsBySeq(ctx: ServiceContext, seqs: readonly number[]): Promise<CopyCard[]> {
  if (seqs.length === 0) return [];
  const rows = await ctx.db
    .select({
      ...bookCardColumns,
      cellLat: books.cellLat,
      cellLon: books.cellLon,
      // One probe of loans_book_holding_idx per copy.
      held: sql<number>`exists (select 1 from loans held where held.book_id = ${books.id} and held.state in ('accepted', 'lent'))`,
    })
    .from(sql`${seqTable(seqs)} AS picked`)
    .innerJoin(books, eq(books.seq, sql`picked.seq`))
    .innerJoin(users, eq(users.id, books.userId))
    .leftJoin(clubs, eq(clubs.id, books.clubId))
    .leftJoin(loans, lentLoanOfBook)
    .where(isNull(books.hidden));
  const cards = await withViewerAccess(ctx, rows.map(toBookCard));
  return rows.map((row, i) => ({
    seq: row.seq,
    card: cards[i]!,
    cell: row.cellLat === null || row.cellLon === null ? null : { cellLat: row.cellLat, cellLon: row.cellLon },
    free: (row.status === "available" || row.status === "giving_away") && !row.held,
  }));
}
