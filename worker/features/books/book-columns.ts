import { mediaUrl } from "@worker/core/shared/media-url";
import type { TextSegment } from "@worker/core/shared/search-text";
import type { Database } from "@worker/db/client";
import { books, clubs, loans, users } from "@worker/db/schema";
import { and, eq, getTableColumns } from "drizzle-orm";

/** Columns a library card needs (the "bare" listing). */
export const bookCardColumns = {
  seq: books.seq,
  id: books.id,
  userId: books.userId,
  title: books.title,
  author: books.author,
  status: books.status,
  coverKey: books.coverKey,
  coverAlt: books.coverAlt,
  clubId: books.clubId,
  ageGroupFine: books.ageGroupFine,
  analysisState: books.analysisState,
  lentToUserId: books.lentToUserId,
  lentToUserName: books.lentToUserName,
  createdAt: books.createdAt,
  userName: users.name,
  clubName: clubs.name,
  clubIsPrivate: clubs.isPrivate,
  dueDate: loans.dueDate,
  hidden: books.hidden,
};

// The owner's area cell is read by "near me" alone and never leaves the server.
const { cellLat: _cellLat, cellLon: _cellLon, ...bookColumns } = getTableColumns(books);

export const bookDetailColumns = {
  ...bookColumns,
  userName: users.name,
  clubName: clubs.name,
  clubIsPrivate: clubs.isPrivate,
  dueDate: loans.dueDate,
};

/**
 * The book's lent loan, for its due date: at most one per book (loans_book_holding_idx), found by
 * one index probe per book row, so a page of cards costs no extra query.
 */
export const lentLoanOfBook = and(eq(loans.bookId, books.id), eq(loans.state, "lent"));

/** Books with their owner (always there), club (optional) and lent loan (optional): the joins every book read uses. */
export function selectBookCards(db: Database) {
  return db
    .select(bookCardColumns)
    .from(books)
    .innerJoin(users, eq(users.id, books.userId))
    .leftJoin(clubs, eq(clubs.id, books.clubId))
    .leftJoin(loans, lentLoanOfBook);
}
export function selectBookDetails(db: Database) {
  return db
    .select(bookDetailColumns)
    .from(books)
    .innerJoin(users, eq(users.id, books.userId))
    .leftJoin(clubs, eq(clubs.id, books.clubId))
    .leftJoin(loans, lentLoanOfBook);
}
// Row types come from the queries themselves, joins' nullability included.
export type CardRow = Awaited<ReturnType<typeof selectBookCards>>[number];
export type DetailRow = Awaited<ReturnType<typeof selectBookDetails>>[number];

export function toBookCard(row: CardRow) {
  return {
    bookId: row.id,
    userId: row.userId,
    userName: row.userName,
    title: row.title,
    author: row.author,
    status: row.status,
    coverImage: mediaUrl(row.coverKey),
    /** What the cover shows (the cover analysis's words or the owner's), for its alt text; null: title and author alone. */
    coverAlt: row.coverAlt,
    clubId: row.clubId,
    clubName: row.clubName,
    clubIsPrivate: row.clubIsPrivate ?? false,
    /**
     * Shown as "members only", with no borrow action: the club is private and the viewer is not one
     * of its active members. True for every private-club book until library.ts checks the viewer.
     */
    membersOnly: row.clubIsPrivate ?? false,
    lentToUserId: row.lentToUserId,
    lentToUserName: row.lentToUserName,
    /** The day the book is due back (YYYY-MM-DD) while it is lent through a loan with a due date; else null. */
    dueDate: row.dueDate ?? null,
    ageGroupFine: row.ageGroupFine,
    analysisState: row.analysisState,
    createdAt: row.createdAt,
    // Only an owner's own listing holds hidden books (library.ts); nobody else learns of the flag.
    ...(row.hidden ? { hidden: row.hidden } : {}),
  };
}
/** With a search: the title and author as segments, the words searched for marked (library.ts). */
export interface CardHighlight {
  title?: TextSegment[];
  author?: TextSegment[];
}
export type BookCard = ReturnType<typeof toBookCard> & { highlight?: CardHighlight };

export function toBook(row: DetailRow) {
  return {
    ...toBookCard(row),
    description: row.description,
    isbn10: row.isbn10,
    isbn13: row.isbn13,
    publishedDate: row.publishedDate,
    pageCount: row.pageCount,
    language: row.language,
    publisher: row.publisher,
    coverKey: row.coverKey,
    advancedMetadata: row.advancedMetadata ?? null,
    google_metadata: row.googleMetadata ?? null,
    cover_analysis: row.coverAnalysis ?? null,
    analysisMessage: row.analysisMessage,
    updatedAt: row.updatedAt,
  };
}
export type Book = ReturnType<typeof toBook>;
