import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { currentLanguage } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { DEFAULT_REGION_LOCALE } from "@worker/core/shared/languages";
import { booksFts } from "@worker/db/fts";
import { books, clubs, loans, memberships, users } from "@worker/db/schema";
import { findCurrentBook } from "./club-book";
import { candidateQuery, matchKey } from "./match-key";
import { readableClub } from "./reading-access";
import { type CopiesQuery, encodeOffset } from "./reading-rules";

/** How many candidates each index read takes: a popular book's copies, not the library. */
const CANDIDATES_MAX = 200;
/** D1 binds at most 100 parameters a statement. */
const CHUNK = 90;

export type CopyAvailability = "available" | "lent" | "promised";

export interface CopyView {
  bookId: string;
  title: string;
  author: string;
  coverKey: string | null;
  owner: { userId: string; name: string };
  /** The owner is an active member of this club (listed first). */
  inClub: boolean;
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

const copyColumns = {
  bookId: books.id,
  title: books.title,
  author: books.author,
  isbn13: books.isbn13,
  coverKey: books.coverKey,
  status: books.status,
  lentToUserId: books.lentToUserId,
  ownerId: books.userId,
  clubId: books.clubId,
};
type CandidateRow = {
  bookId: string;
  title: string;
  author: string;
  isbn13: string | null;
  coverKey: string | null;
  status: string;
  lentToUserId: string | null;
  ownerId: string;
  clubId: string | null;
};

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * The copies of the club's current book in the library: an ISBN-13 match when
 * both sides have one, otherwise the same normalised title and author. Candidates come from two
 * index reads, never a walk of books: books_isbn13_idx for the ISBN, and the books_fts index for the
 * title and author words (which every copy with the same match key contains); each candidate is
 * then checked exactly here. Hidden books are left out, as everywhere in the library.
 */
async function matchingCopies(ctx: ServiceContext, book: { isbn13: string | null; title: string; author: string }): Promise<CandidateRow[]> {
  const key = matchKey(book.title, book.author);
  const fts = candidateQuery(book.title, book.author);
  const [byIsbn, byWords] = await Promise.all([
    book.isbn13
      ? ctx.db
          .select(copyColumns)
          .from(books)
          .where(and(eq(books.isbn13, book.isbn13), isNull(books.hidden)))
          .limit(CANDIDATES_MAX)
      : Promise.resolve([]),
    fts
      ? ctx.db
          .select(copyColumns)
          .from(booksFts)
          .innerJoin(books, eq(books.seq, booksFts.rowid))
          .where(and(sql`books_fts match ${fts}`, isNull(books.hidden)))
          .limit(CANDIDATES_MAX)
      : Promise.resolve([]),
  ]);
  const seen = new Map<string, CandidateRow>();
  for (const row of [...byIsbn, ...byWords]) {
    if (seen.has(row.bookId)) continue;
    const sameBook = book.isbn13 && row.isbn13 ? row.isbn13 === book.isbn13 : matchKey(row.title, row.author) === key;
    if (sameBook) seen.set(row.bookId, row);
  }
  return [...seen.values()];
}

/** The club's current book's copies: the club's members' first, then the rest of the library; available first in each. */
export async function listClubCopies(ctx: ServiceContext, clubId: string, query: CopiesQuery): Promise<CopiesPage> {
  const access = await readableClub(ctx, clubId);
  const current = await findCurrentBook(ctx, clubId);
  if (!current) return { items: [], total: 0, nextToken: null };
  const rows = await matchingCopies(ctx, current);
  if (rows.length === 0) return { items: [], total: 0, nextToken: null };

  const ownerIds = [...new Set(rows.map((row) => row.ownerId))];
  const bookIds = rows.map((row) => row.bookId);
  const sharedInto = [...new Set(rows.flatMap((row) => (row.clubId ? [row.clubId] : [])))];
  const [owners, members, holding, closed] = await Promise.all([
    Promise.all(chunks(ownerIds).map((ids) => ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)))),
    Promise.all(
      chunks(ownerIds).map((ids) =>
        ctx.db
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(and(eq(memberships.clubId, clubId), eq(memberships.status, "active"), inArray(memberships.userId, ids))),
      ),
    ),
    // A loan that holds the book: accepted (promised to a borrower) or lent (loans_book_state_idx).
    Promise.all(
      chunks(bookIds).map((ids) =>
        ctx.db
          .select({ bookId: loans.bookId, state: loans.state })
          .from(loans)
          .where(and(inArray(loans.bookId, ids), inArray(loans.state, ["accepted", "lent"]))),
      ),
    ),
    // The private clubs among those the copies are shared into, and whether the viewer is in each (primary keys).
    Promise.all(
      chunks(sharedInto).map((ids) =>
        ctx.db
          .select({ clubId: clubs.id, viewerStatus: memberships.status })
          .from(clubs)
          .leftJoin(memberships, and(eq(memberships.clubId, clubs.id), eq(memberships.userId, access.userId)))
          .where(and(inArray(clubs.id, ids), eq(clubs.isPrivate, true))),
      ),
    ),
  ]);
  const closedToViewer = new Set(closed.flat().flatMap((row) => (row.viewerStatus === "active" ? [] : [row.clubId])));
  const names = new Map(owners.flat().map((owner) => [owner.id, owner.name]));
  const inClub = new Set(members.flat().map((row) => row.userId));
  const loanState = new Map(holding.flat().map((row) => [row.bookId, row.state]));
  const availability = (row: CandidateRow): CopyAvailability => {
    const state = loanState.get(row.bookId);
    if (state === "lent" || row.lentToUserId || row.status === "borrowed") return "lent";
    if (state === "accepted") return "promised";
    return "available";
  };
  const copies: CopyView[] = rows.map((row) => ({
    bookId: row.bookId,
    title: row.title,
    author: row.author,
    coverKey: row.coverKey,
    owner: { userId: row.ownerId, name: names.get(row.ownerId) ?? "" },
    inClub: inClub.has(row.ownerId),
    availability: availability(row),
    isMine: row.ownerId === access.userId,
    membersOnly: row.ownerId !== access.userId && row.clubId !== null && closedToViewer.has(row.clubId),
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
