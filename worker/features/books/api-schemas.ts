import { coverAnalysisView, googleMetadataView } from "@worker/core/api/record-schemas";
import { ACCEPTED_IMAGE_TYPES } from "@worker/core/shared/image-type";
import { AGE_GROUPS, ANALYSIS_STATES, BOOK_HIDDEN_REASONS, BOOK_STATUSES } from "@worker/db/schema";
import { z } from "zod";

/**
 * What the books routes answer in `data`, for the API reference (and the tests that hold responses
 * to it). Objects are loose so a field added later is not a breaking change.
 */

/** Unix epoch milliseconds, as every stored time is. */
const epochMs = z.number().int();

/** A piece of a title, author or name as a search result shows it: `mark` on the words searched for (never HTML). */
export const textSegmentView = z.object({ text: z.string(), mark: z.literal(true).optional() });

/** A library card (book-columns.ts `toBookCard`): what the grid and the list show. */
export const bookCardView = z.looseObject({
  bookId: z.string(),
  userId: z.string(),
  userName: z.string(),
  title: z.string(),
  author: z.string(),
  status: z.enum(BOOK_STATUSES),
  /** `/media/…` for an uploaded cover, an https URL for a copied one, or null. */
  coverImage: z.string().nullable(),
  /** What the cover shows, in one sentence (from the cover analysis, or the owner's), for its alt text after "Cover of {title} by {author}"; null when nobody has described it. */
  coverAlt: z.string().nullable(),
  clubId: z.string().nullable(),
  clubName: z.string().nullable(),
  clubIsPrivate: z.boolean(),
  /** A private club's book the viewer may not borrow (they are not one of its active members). */
  membersOnly: z.boolean(),
  lentToUserId: z.string().nullable(),
  lentToUserName: z.string().nullable(),
  /** YYYY-MM-DD while the book is lent through a loan with a due date. */
  dueDate: z.string().nullable(),
  ageGroupFine: z.enum(AGE_GROUPS).nullable(),
  analysisState: z.enum(ANALYSIS_STATES),
  createdAt: epochMs,
  /** Near me only: how far the book is, in km as others may see it (0: under 1 km). */
  distanceKm: z.number().int().min(0).optional(),
  /** Only on the owner's own books that are out of the library: why. */
  hidden: z.enum(BOOK_HIDDEN_REASONS).optional(),
  /** With `search` only: the title and author cut into segments where a word matched, those words marked (the original text, never HTML). */
  highlight: z.object({ title: z.array(textSegmentView).optional(), author: z.array(textSegmentView).optional() }).optional(),
});

/** Every field of a book (book-columns.ts `toBook`): the card plus its metadata and cover analysis. */
export const bookView = bookCardView.extend({
  description: z.string(),
  isbn10: z.string().nullable(),
  isbn13: z.string().nullable(),
  publishedDate: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  language: z.string().nullable(),
  publisher: z.string().nullable(),
  /** The R2 key (or https URL) behind `coverImage`. */
  coverKey: z.string().nullable(),
  advancedMetadata: z.looseObject({ metadata: z.looseObject({ ageGroupFine: z.enum(AGE_GROUPS).optional() }).optional() }).nullable(),
  google_metadata: googleMetadataView.nullable(),
  cover_analysis: coverAnalysisView.nullable(),
  /** Why the owner is asked for details, when cover analysis gave up. */
  analysisMessage: z.string().nullable(),
  updatedAt: epochMs.nullable(),
});

const pageTokens = {
  /** The cursor of the next (older) page, or null on the last page. */
  nextToken: z.string().nullable(),
  /** The cursor of the previous (newer) page, or null on the first page. */
  prevToken: z.string().nullable(),
  /** How many books the listing has (a search counts at most four pages of matches). */
  total: z.number().int().min(0),
  /** True when a search had more matches than it counted: show `total` as "total+". */
  totalCapped: z.boolean(),
};

/** `GET /api/books`: full books, or cards with `bare=1`. */
export const libraryPageView = z.looseObject({ items: z.array(z.union([bookView, bookCardView])), ...pageTokens });

/** `GET /api/books/{id}/copies`. */
export const otherCopiesView = z.looseObject({
  items: z.array(bookCardView),
  /** How many other copies there are, counted up to 100. */
  total: z.number().int().min(0),
});

export const deletedBookView = z.looseObject({ bookId: z.string(), deleted: z.literal(true) });

/** `POST /api/upload-url`. */
export const uploadUrlView = z.looseObject({
  /** Where to PUT the image: this Worker's `/api/uploads/{folder}/{owner}/{file}` (the `fileKey`), signed, single-use, valid 5 minutes. */
  uploadUrl: z.string(),
  /** Where the image is served once stored. */
  fileUrl: z.string(),
  /** The R2 key: pass it as `s3Key` to `POST /api/books`. */
  fileKey: z.string(),
});

/** `PUT /api/uploads/{folder}/{owner}/{file}`: what was stored. */
export const storedUploadView = z.looseObject({
  fileKey: z.string(),
  contentType: z.enum(ACCEPTED_IMAGE_TYPES),
  size: z.number().int().min(1),
});

/** `GET /api/books/map/tiles/{tileId}/books`: one tile's books, newest first. */
export const tileBooksView = z.looseObject({
  items: z.array(bookCardView),
  /** The cursor of the next (older) page, or null on the last page. */
  nextToken: z.string().nullable(),
});

export const bookLookupView = z.looseObject({ bookId: z.string(), queued: z.literal(true) });
