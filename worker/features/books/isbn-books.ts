import { readConfig } from "@worker/core/config";
import { badField, notFound, ServiceError } from "@worker/core/errors";
import type { MemberContext } from "@worker/core/service-context";
import { bookLanguage } from "@worker/core/shared/book-language";
import { type Isbns, normalizeIsbn } from "@worker/core/shared/isbn";
import { sanitizeText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { books, type GoogleMetadata } from "@worker/db/schema";
import {
  copyMetadataCover,
  lookupSettingsFrom,
  METADATA_UNAVAILABLE,
  MetadataUnavailableError,
  metadataMirrorOrigins,
  ServiceUnavailableError,
  searchBookMetadata,
} from "@worker/features/covers";
import { and, eq } from "drizzle-orm";

export const INVALID_ISBN = msg("Give a valid ISBN-10 or ISBN-13");
export const ALREADY_OWNED = msg("You already have this book.");

/** 409 that also says which book: the client offers to open it. */
export class BookAlreadyOwnedError extends ServiceError {
  constructor(readonly bookId: string) {
    super(409, ALREADY_OWNED);
    this.name = "BookAlreadyOwnedError";
  }
}

/** Both forms of a scanned or typed ISBN, or 400: a misread digit must not become some other book. */
export function parseIsbn(raw: string): Isbns & { isbn13: string } {
  const isbns = normalizeIsbn(raw);
  if (!isbns?.isbn13) throw badField("isbn", INVALID_ISBN);
  return { isbn10: isbns.isbn10, isbn13: isbns.isbn13 };
}

/** One lookup on books_isbn13_idx (few members own the same edition). */
export async function findOwnBookByIsbn(ctx: MemberContext, isbn13: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.isbn13, isbn13), eq(books.userId, ctx.user.id)))
    .limit(1);
  return row?.id ?? null;
}

function hasIsbn(record: GoogleMetadata, isbns: Isbns): boolean {
  const wanted = [isbns.isbn13, isbns.isbn10].filter(Boolean);
  return record.volumeInfo.industryIdentifiers?.some((id) => wanted.includes(id.identifier.replace(/-/g, ""))) ?? false;
}

/** Metadata text is not typed by members, but it is shown to them: cleaned and bounded the same way. */
function text(value: string | undefined, max: number, multiline = false): string {
  return value ? sanitizeText(value, { multiline }).slice(0, max).trim() : "";
}

/** The record the services hold for this ISBN; 404 when they know none, 503 when none can be asked. */
async function lookUpIsbn(env: Env, isbns: Isbns & { isbn13: string }): Promise<GoogleMetadata> {
  let items: GoogleMetadata[];
  try {
    items = await searchBookMetadata({ isbn: isbns.isbn13 }, lookupSettingsFrom(readConfig(env)), 5);
  } catch (error) {
    if (error instanceof MetadataUnavailableError) throw new ServiceUnavailableError(METADATA_UNAVAILABLE, { cause: error });
    throw error;
  }
  const record = items.find((item) => hasIsbn(item, isbns)) ?? items[0];
  if (!record?.volumeInfo.title?.trim()) throw notFound("No book found for ISBN {isbn}", { isbn: isbns.isbn13 });
  return record;
}

/** A book's title and author for an ISBN (a wanted book added by ISBN), or null when the services know none or cannot be asked. */
export async function titleForIsbn(env: Env, isbns: Isbns & { isbn13: string }): Promise<{ title: string; author: string } | null> {
  try {
    const { title, author } = bookFieldsFromRecord(await lookUpIsbn(env, isbns));
    return title ? { title, author } : null;
  } catch (error) {
    if (error instanceof ServiceError) return null;
    throw error;
  }
}

/** The origins of configured metadata mirrors, whose thumbnails may be fetched over http. */
export const mirrorOrigins = metadataMirrorOrigins;

/**
 * The new book's fields for an ISBN, looked up by the server itself (a client never sends the
 * metadata), with the record kept as google_metadata and its cover copied into R2 when it has one.
 */
export async function bookValuesFromIsbn(ctx: MemberContext, isbns: Isbns & { isbn13: string }) {
  const existing = await findOwnBookByIsbn(ctx, isbns.isbn13);
  if (existing) throw new BookAlreadyOwnedError(existing);
  const record = await lookUpIsbn(ctx.env, isbns);
  const info = record.volumeInfo;
  const coverKey = await copyMetadataCover(ctx.env, ctx.user.id, info.imageLinks?.thumbnail ?? info.imageLinks?.smallThumbnail, mirrorOrigins(ctx.env));
  return { ...bookFieldsFromRecord(record), isbn10: isbns.isbn10, isbn13: isbns.isbn13, coverKey, googleMetadata: record };
}

/** A metadata record's fields for a book, cleaned and bounded (the ISBN lookup and the CSV import). */
export function bookFieldsFromRecord(record: GoogleMetadata) {
  const info = record.volumeInfo;
  return {
    title: text(info.title, 300),
    author: text(info.authors?.join(", "), 200),
    description: text(info.description, 5000, true),
    publisher: text(info.publisher, 200) || null,
    publishedDate: text(info.publishedDate, 32) || null,
    pageCount: info.pageCount ?? null,
    language: bookLanguage(info.language),
  };
}
