import { coverAnalysisView, googleMetadataView } from "@worker/core/api/record-schemas";
import { z } from "zod";

/** What the cover and metadata routes answer in `data`, for the API reference. */

/** `GET /api/books/metadata`: candidate records, best first. */
export const metadataCandidatesView = z.looseObject({ items: z.array(googleMetadataView) });

/** `GET /api/images/metadata`: what the queue has found so far for the caller's book with this cover. */
export const preExtractedMetadataView = z.looseObject({
  bookId: z.string(),
  /** pending: still being read (poll again); done: filled in (or added without analysis); needs_details: the owner completes it. */
  status: z.enum(["pending", "done", "needs_details"]),
  message: z.string().nullable(),
  analysis: coverAnalysisView.nullable(),
  metadata: googleMetadataView.nullable(),
  title: z.string(),
  author: z.string(),
  isbn10: z.string().nullable(),
  isbn13: z.string().nullable(),
});

/** `POST /api/images/extract-metadata`: the analyzer's reading, written nowhere. */
export const extractedMetadataView = z.looseObject({
  status: z.enum(["done", "needs_details"]),
  /** Why the owner is asked for details, when they are. */
  message: z.string().nullable(),
  analysis: coverAnalysisView.nullable(),
  title: z.string().nullable(),
  author: z.string().nullable(),
  isbn10: z.string().nullable(),
  isbn13: z.string().nullable(),
});
