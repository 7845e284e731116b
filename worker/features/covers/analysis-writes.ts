import { bookLanguage } from "@worker/core/shared/book-language";
import { storedSearchText } from "@worker/core/shared/search-text";
import type { Database } from "@worker/db/client";
import { books, type CoverAnalysis } from "@worker/db/schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { BookMetadataMatch } from "./metadata/lookup";
import type { CoverReading } from "./reading";

/**
 * Every write is one UPDATE guarded by `analysis_state = 'pending' AND cover_key = ?`: a redelivered
 * message, a second consumer or a book whose cover was replaced or that was deleted meanwhile
 * changes nothing. Fields the owner may have typed are only filled while still empty, inside the
 * same statement, so an edit made during the analysis is never overwritten.
 */
function stillPending(bookId: string, key: string) {
  return and(eq(books.id, bookId), eq(books.coverKey, key), eq(books.analysisState, "pending"));
}

function fillIfBlank(column: AnySQLiteColumn, value: string | null | undefined): SQL | undefined {
  const text = value?.trim();
  return text ? sql`CASE WHEN trim(${column}) = '' THEN ${text} ELSE ${column} END` : undefined;
}

/** The search text of a field fillIfBlank fills, under the same condition (migrations/0023_search_text.sql). */
function fillSearchIfBlank(column: AnySQLiteColumn, searchColumn: AnySQLiteColumn, value: string | null | undefined): SQL | undefined {
  const text = value?.trim();
  return text ? sql`CASE WHEN trim(${column}) = '' THEN ${storedSearchText(text)} ELSE ${searchColumn} END` : undefined;
}

function fillIfNull(column: AnySQLiteColumn, value: string | number | null | undefined): SQL | undefined {
  return value === null || value === undefined || value === "" ? undefined : sql`coalesce(${column}, ${value})`;
}

function sameTitle(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return Boolean(a && b && norm(a) === norm(b));
}

export async function findBookForAnalysis(db: Database, bookId: string) {
  const [book] = await db
    .select({ id: books.id, userId: books.userId, title: books.title, coverKey: books.coverKey, analysisState: books.analysisState })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  return book ?? null;
}

/** Records that another attempt was made (the book stays pending until the final write). */
export async function recordAttempt(db: Database, bookId: string, key: string, attempts: number, now: number) {
  await db.update(books).set({ analysisAttempts: attempts, updatedAt: now }).where(stillPending(bookId, key));
}

type Metadata = BookMetadataMatch["metadata"]["volumeInfo"] | undefined;

/** A metadata record's fields, each filled only where the book has none (the owner's own typing wins). */
function metadataFill(info: Metadata, title: string | null | undefined, author: string | null | undefined) {
  return {
    title: fillIfBlank(books.title, title),
    author: fillIfBlank(books.author, author),
    description: fillIfBlank(books.description, info?.description),
    searchTitle: fillSearchIfBlank(books.title, books.searchTitle, title),
    searchAuthor: fillSearchIfBlank(books.author, books.searchAuthor, author),
    searchDescription: fillSearchIfBlank(books.description, books.searchDescription, info?.description),
    publisher: fillIfNull(books.publisher, info?.publisher),
    publishedDate: fillIfNull(books.publishedDate, info?.publishedDate),
    pageCount: fillIfNull(books.pageCount, info?.pageCount),
  };
}

/**
 * "Needs details" while the book still has no title once this write is done (its own or the owner's),
 * with `message` saying why; the title is what lists a book (decision 024).
 */
function stateAfter(title: string | null | undefined, message: string | null) {
  if (title?.trim()) return { analysisState: "done" as const, analysisMessage: null };
  return {
    analysisState: sql<"done" | "needs_details">`CASE WHEN trim(${books.title}) = '' THEN 'needs_details' ELSE 'done' END`,
    analysisMessage: sql<string | null>`CASE WHEN trim(${books.title}) = '' THEN ${message} END`,
  };
}

/** What an analysis write did: whether it applied, and whether the book now has a title (it is listed). */
export interface AppliedWrite {
  applied: boolean;
  titled: boolean;
}

function outcome(rows: { title: string }[]): AppliedWrite {
  return { applied: rows.length > 0, titled: Boolean(rows[0]?.title.trim()) };
}

/**
 * The analysis and, when found, the metadata record, applied in one statement. `coverKey`: the
 * lookup's cover, copied to R2, replacing a photo that only gave a barcode.
 */
export async function applyAnalysis(
  db: Database,
  target: { bookId: string; key: string; attempts: number; now: number },
  reading: CoverReading,
  match: BookMetadataMatch | null,
  unreadMessage: string | null,
  coverKey?: string,
): Promise<AppliedWrite> {
  const info = match?.metadata.volumeInfo;
  const byIsbn = match?.matchedBy === "isbn";
  // Metadata names the book only when it is the same edition (ISBN) or plainly the same title.
  const title = reading.title ?? (byIsbn ? info?.title : null);
  const author = reading.author ?? (info?.authors?.length && (byIsbn || sameTitle(info.title, title)) ? info.authors.join(", ") : null);

  const rows = await db
    .update(books)
    .set({
      ...metadataFill(info, title, author),
      isbn13: fillIfNull(books.isbn13, reading.isbn13),
      isbn10: fillIfNull(books.isbn10, reading.isbn10),
      language: fillIfNull(books.language, bookLanguage(info?.language) ?? bookLanguage(reading.language)),
      // An owner's own words for the cover stay.
      coverAlt: fillIfNull(books.coverAlt, reading.coverAlt),
      ageGroupFine: reading.ageGroupFine ? sql`coalesce(${books.ageGroupFine}, ${reading.ageGroupFine})` : undefined,
      coverKey,
      coverAnalysis: reading.analysis,
      googleMetadata: match?.metadata,
      ...stateAfter(title, reading.message ?? unreadMessage),
      analysisAttempts: target.attempts,
      updatedAt: target.now,
    })
    .where(stillPending(target.bookId, target.key))
    .returning({ title: books.title });
  return outcome(rows);
}

export async function findBookForLookup(db: Database, bookId: string) {
  const [book] = await db
    .select({ id: books.id, userId: books.userId, title: books.title, isbn13: books.isbn13, coverKey: books.coverKey, coverAnalysis: books.coverAnalysis })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  return book ?? null;
}

/** Only while the book still waits for its title under this ISBN: a typed title or a new ISBN ends the lookup. */
function stillUntitled(bookId: string, isbn13: string) {
  return and(eq(books.id, bookId), eq(books.isbn13, isbn13), sql`trim(${books.title}) = ''`);
}

/** A later ISBN lookup's record, applied as the analysis's would have been (`coverKey` as for applyAnalysis). */
export async function applyLookup(
  db: Database,
  target: { bookId: string; isbn13: string; now: number },
  match: BookMetadataMatch | null,
  unreadMessage: string,
  coverKey?: string,
): Promise<AppliedWrite> {
  const info = match?.metadata.volumeInfo;
  const author = info?.authors?.length ? info.authors.join(", ") : null;
  const rows = await db
    .update(books)
    .set({
      ...metadataFill(info, info?.title, author),
      language: fillIfNull(books.language, bookLanguage(info?.language)),
      coverKey,
      googleMetadata: match?.metadata,
      ...stateAfter(info?.title, unreadMessage),
      updatedAt: target.now,
    })
    .where(stillUntitled(target.bookId, target.isbn13))
    .returning({ title: books.title });
  return outcome(rows);
}

/** Gives up on reading the cover: the book stays usable and asks its owner for the details. */
export async function markNeedsDetails(
  db: Database,
  target: { bookId: string; key: string; attempts: number; now: number },
  message: string,
  analysis?: CoverAnalysis,
): Promise<boolean> {
  const result = await db
    .update(books)
    .set({
      analysisState: "needs_details",
      analysisMessage: message,
      analysisAttempts: target.attempts,
      coverAnalysis: analysis,
      updatedAt: target.now,
    })
    .where(stillPending(target.bookId, target.key))
    .run();
  return result.meta.changes > 0;
}
