import { currentLanguage } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { copiesExpression, isCopyOf } from "@worker/core/shared/copy-match";
import { DEFAULT_REGION_LOCALE } from "@worker/core/shared/languages";
import { booksFts } from "@worker/db/fts";
import { books, users } from "@worker/db/schema";
import { and, eq, isNull, sql } from "drizzle-orm";
import { findCurrentBook } from "./club-book";
import { readableClub } from "./reading-access";
import { type CopiesQuery, encodeOffset } from "./reading-rules";

/** How many candidates the read takes: a popular book's copies, not the library. */
const CANDIDATES_MAX = 200;

export type CopyAvailability = "available" | "lent" | "promised";

export interface CopyView {
  bookId: string;
  title: string;
  author: string;
  coverKey: string | null;
  owner: { userId: string; name: string };
  /** The owner is an active member of this club (listed first): "A member's copy". */
  inClub: boolean;
  /** Shared into this club (the book's club is this one): one of the club page's "Shared into this club" books. */
  sharedHere: boolean;
  availability: CopyAvailability;
  /** The viewer's own copy: nothing to borrow. */
  isMine: boolean;
  /** Shared into a private club the viewer is not in: listed, as in the library, but not theirs to borrow. */
  membersOnly: boolean;
}

export interface CopiesPage {
  items: CopyView[];
  /** All the copies found (at most a few hundred: see CANDIDATES_MAX). */
  total: number;
  nextToken: string | null;
}

type CopyRow = {
  bookId: string;
  title: string;
  author: string;
  isbn13: string | null;
  coverKey: string | null;
  status: string;
  lentToUserId: string | null;
  ownerId: string;
  clubId: string | null;
  ownerName: string;
  inClub: number;
  holding: string | null;
  closed: number;
};

/**
 * The candidates for the club's current book's copies, each with what the list shows of it, in one statement driven by
 * the books_fts index alone: the title and author words (which every copy with the same match key contains) or the
 * ISBN-13 (books_fts indexes it too), never a walk of books. Per candidate, primary-key probes only: the book, its
 * owner's name, whether the owner is an active member of this club, the loan that holds it (loans_book_holding_idx),
 * and whether it is shared into a private club the viewer is not in. Hidden books are not in books_fts.
 */
export function copiesStatement(ctx: ServiceContext, clubId: string, book: { isbn13: string | null; title: string; author: string }) {
  const fts = copiesExpression(book);
  if (!fts) return null;
  const viewerId = ctx.user?.id ?? null;
  return ctx.db
    .select({
      bookId: books.id,
      title: books.title,
      author: books.author,
      isbn13: books.isbn13,
      coverKey: books.coverKey,
      status: books.status,
      lentToUserId: books.lentToUserId,
      ownerId: books.userId,
      clubId: books.clubId,
      ownerName: users.name,
      inClub: sql<number>`exists (select 1 from memberships m where m.club_id = ${clubId} and m.user_id = ${books.userId} and m.status = 'active')`,
      // Named: loans_book_state_idx (SQLite's pick) reads a row for each of the two states' seeks, held or not.
      holding: sql<
        string | null
      >`(select l.state from loans l indexed by loans_book_holding_idx where l.book_id = ${books.id} and l.state in ('accepted', 'lent'))`,
      closed: sql<number>`exists (select 1 from clubs c where c.id = ${books.clubId} and c.is_private = 1)
        and not exists (select 1 from memberships v where v.club_id = ${books.clubId} and v.user_id = ${viewerId} and v.status = 'active')`,
    })
    .from(booksFts)
    .innerJoin(books, eq(books.seq, booksFts.rowid))
    .innerJoin(users, eq(users.id, books.userId))
    .where(and(sql`books_fts match ${fts}`, isNull(books.hidden)))
    .limit(CANDIDATES_MAX);
}

/**
 * The copies of the club's current book in the library: an ISBN-13 match when both sides have one, otherwise the
 * same normalised title and author (each candidate is checked exactly here).
 */
async function matchingCopies(ctx: ServiceContext, clubId: string, book: { isbn13: string | null; title: string; author: string }): Promise<CopyRow[]> {
  const statement = copiesStatement(ctx, clubId, book);
  if (!statement) return [];
  return (await statement).filter((row) => isCopyOf(book, row));
}

/** The club's current book's copies: the club's members' first, then the rest of the library; available first in each. */
export async function listClubCopies(ctx: ServiceContext, clubId: string, query: CopiesQuery): Promise<CopiesPage> {
  const access = await readableClub(ctx, clubId);
  const current = await findCurrentBook(ctx, clubId);
  if (!current) return { items: [], total: 0, nextToken: null };
  const rows = await matchingCopies(ctx, clubId, current);
  if (rows.length === 0) return { items: [], total: 0, nextToken: null };
  const availability = (row: CopyRow): CopyAvailability => {
    const state = row.holding;
    if (state === "lent" || row.lentToUserId || row.status === "borrowed") return "lent";
    if (state === "accepted") return "promised";
    return "available";
  };
  const copies: CopyView[] = rows.map((row) => ({
    bookId: row.bookId,
    title: row.title,
    author: row.author,
    coverKey: row.coverKey,
    owner: { userId: row.ownerId, name: row.ownerName },
    inClub: Boolean(row.inClub),
    sharedHere: row.clubId === clubId,
    availability: availability(row),
    isMine: row.ownerId === access.userId,
    membersOnly: row.ownerId !== access.userId && Boolean(row.closed),
  }));
  // Owners' names in the reader's language's order.
  const byName = new Intl.Collator(DEFAULT_REGION_LOCALE[currentLanguage()]);
  copies.sort(
    (a, b) =>
      Number(b.inClub) - Number(a.inClub) ||
      Number(b.availability === "available") - Number(a.availability === "available") ||
      byName.compare(a.owner.name, b.owner.name) ||
      a.bookId.localeCompare(b.bookId),
  );
  const offset = query.nextToken ?? 0;
  const end = offset + query.limit;
  return { items: copies.slice(offset, end), total: copies.length, nextToken: end < copies.length ? encodeOffset(end) : null };
}
