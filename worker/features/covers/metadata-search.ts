import { readConfig } from "@worker/core/config";
import { assertOwnCoverKey, IMAGE_REFUSED } from "@worker/core/cover-keys";
import { badRequest, notFound, requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { books, type CoverAnalysis, type GoogleMetadata } from "@worker/db/schema";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { IMAGE_MISSING_MESSAGE, loadCoverImage, NOT_AN_IMAGE_MESSAGE } from "./cover-image";
import { asClassified, PermanentError, raceAbort } from "./errors";
import { lookupSettingsFrom, MetadataUnavailableError, searchBookMetadata } from "./metadata/lookup";
import { ANALYSIS_TIMEOUT_MS, createCoverAnalyzer } from "./providers";
import { readCover, UNREADABLE_MESSAGE } from "./reading";

/**
 * A dependency we rely on is down; the API answers 503 so clients know to try again later. `message`
 * is a catalogue text, written in the request's language when thrown.
 */
export class ServiceUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(translate(message), options);
    this.name = "ServiceUnavailableError";
  }
}

const optionalPart = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional();

export const bookMetadataQuerySchema = z
  .object({
    // Accept what people type ("978-0-14-143947-1"); search with the bare digits.
    isbn: optionalPart(32).transform((value) => value?.replace(/[^0-9Xx]/g, "").toUpperCase() || undefined),
    title: optionalPart(300),
    author: optionalPart(200),
  })
  .refine((query) => query.isbn || query.title || query.author, { error: () => translate("Give an isbn, a title or an author") });
export type BookMetadataQuery = z.output<typeof bookMetadataQuerySchema>;

const bucket = z
  .string()
  .optional()
  .refine((value) => value === undefined || value === "" || value === "MEDIA", { error: () => translate("s3Bucket must be MEDIA") });
export const coverImageRefSchema = z.object({ s3Bucket: bucket, s3Key: z.string().min(1).max(300) });
export type CoverImageRef = z.output<typeof coverImageRefSchema>;

export const METADATA_UNAVAILABLE = msg("Book metadata search is unavailable right now. Please try again.");
export const ANALYSIS_UNAVAILABLE = msg("Cover analysis is unavailable right now. Please try again.");

/** Candidate records from Google Books (Open Library when Google has none), for members only. */
export async function searchMetadataCandidates(ctx: ServiceContext, query: BookMetadataQuery): Promise<{ items: GoogleMetadata[] }> {
  requireUser(ctx);
  try {
    const items = await searchBookMetadata(query, lookupSettingsFrom(readConfig(ctx.env)));
    return { items };
  } catch (error) {
    if (error instanceof MetadataUnavailableError) throw new ServiceUnavailableError(METADATA_UNAVAILABLE, { cause: error });
    throw error;
  }
}

export type PreExtractedStatus = "pending" | "done" | "needs_details";

export interface PreExtractedMetadata {
  bookId: string;
  status: PreExtractedStatus;
  message: string | null;
  analysis: CoverAnalysis | null;
  metadata: GoogleMetadata | null;
  title: string;
  author: string;
  isbn10: string | null;
  isbn13: string | null;
}

/** What the queue has found so far for the caller's book with this cover (the client polls this). */
export async function findPreExtractedMetadata(ctx: ServiceContext, ref: CoverImageRef): Promise<PreExtractedMetadata> {
  requireUser(ctx);
  assertOwnCoverKey(ctx, ref.s3Key);
  const [book] = await ctx.db
    .select({
      id: books.id,
      state: books.analysisState,
      message: books.analysisMessage,
      analysis: books.coverAnalysis,
      metadata: books.googleMetadata,
      title: books.title,
      author: books.author,
      isbn10: books.isbn10,
      isbn13: books.isbn13,
    })
    .from(books)
    .where(and(eq(books.userId, ctx.user.id), eq(books.coverKey, ref.s3Key)))
    .orderBy(desc(books.seq))
    .limit(1);
  if (!book) throw notFound("No book uses this image");
  return {
    bookId: book.id,
    // "none": added without analysis; there is nothing left to wait for.
    status: book.state === "none" ? "done" : book.state,
    message: book.message,
    analysis: book.analysis,
    metadata: book.metadata,
    title: book.title,
    author: book.author,
    isbn10: book.isbn10,
    isbn13: book.isbn13,
  };
}

export interface ExtractedMetadata {
  status: "done" | "needs_details";
  message: string | null;
  analysis: CoverAnalysis | null;
  title: string | null;
  author: string | null;
  isbn10: string | null;
  isbn13: string | null;
}

/** Runs the configured analyzer on one of the caller's uploads now; writes nothing. */
export async function extractCoverMetadata(ctx: ServiceContext, ref: CoverImageRef): Promise<ExtractedMetadata> {
  requireUser(ctx);
  assertOwnCoverKey(ctx, ref.s3Key);
  try {
    const image = await loadCoverImage(ctx.env.MEDIA, ref.s3Key);
    const signal = AbortSignal.timeout(ANALYSIS_TIMEOUT_MS);
    const result = await raceAbort(createCoverAnalyzer(readConfig(ctx.env), ctx.env).analyze(image, signal), signal);
    const reading = readCover(result, Date.now());
    return {
      status: reading.state,
      message: reading.message,
      analysis: reading.analysis,
      title: reading.title,
      author: reading.author,
      isbn10: reading.isbn10,
      isbn13: reading.isbn13,
    };
  } catch (error) {
    const failure = asClassified(error, "Cover analysis");
    if (!(failure instanceof PermanentError)) throw new ServiceUnavailableError(ANALYSIS_UNAVAILABLE, { cause: error });
    if (failure.userMessage === IMAGE_MISSING_MESSAGE) throw notFound("Image not found");
    if (failure.userMessage === NOT_AN_IMAGE_MESSAGE) throw badRequest(IMAGE_REFUSED);
    // The model answered, but not usably: the same honest outcome the queue records.
    return { status: "needs_details", message: UNREADABLE_MESSAGE, analysis: null, title: null, author: null, isbn10: null, isbn13: null };
  }
}
