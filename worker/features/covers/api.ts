import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { extractedMetadataView, metadataCandidatesView, preExtractedMetadataView } from "./api-schemas";
import {
  bookMetadataQuerySchema,
  coverImageRefSchema,
  extractCoverMetadata,
  findPreExtractedMetadata,
  ServiceUnavailableError,
  searchMetadataCandidates,
} from "./metadata-search";

/** A provider being down is not the client's fault (4xx) nor our bug (500): 503, try again later. */
export async function unavailableAs503<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ServiceUnavailableError) throw new HTTPException(503, { message: error.message, cause: error });
    throw error;
  }
}

/** Mounted at /books/metadata, before /books, so it is not taken for a book id. */
export const bookMetadataApi = new Hono<AppEnv>().get(
  "/",
  doc("GET", {
    summary: "Google Books / Open Library candidates for an ISBN, a title or an author",
    who: "member",
    tags: ["Covers"],
    data: metadataCandidatesView,
    errors: [503],
    description:
      "Give `isbn` (hyphens and spaces are ignored), or `title` and/or `author` (400 `Give an isbn, a title or an author`). Google Books answers first; Open Library when Google has nothing. 503 `Book metadata search is unavailable right now. Please try again.` when no metadata service can be reached.",
  }),
  membersOnly,
  zv("query", bookMetadataQuerySchema),
  async (c) => ok(c, await unavailableAs503(searchMetadataCandidates(serviceContext(c), c.req.valid("query")))),
);

/** Mounted at /images: the analysis of an uploaded cover, pre-extracted by the queue or on demand. */
export const imageMetadataApi = new Hono<AppEnv>()
  .get(
    "/metadata",
    doc("GET", {
      summary: "A cover's analysis so far",
      who: "member",
      tags: ["Covers"],
      data: preExtractedMetadataView,
      errors: [403, 404],
      description:
        "For the newest of the caller's books with the uploaded cover `s3Key`: what the cover-analysis queue has found (`status` pending until it is done; the client polls). 400 `s3Key is not a valid cover key`, 403 `You can only use images you uploaded yourself.`, 404 `No book uses this image`.",
    }),
    membersOnly,
    zv("query", coverImageRefSchema),
    async (c) => ok(c, await findPreExtractedMetadata(serviceContext(c), c.req.valid("query"))),
  )
  .post(
    "/extract-metadata",
    doc("POST", {
      summary: "Analyse an uploaded cover now",
      who: "member",
      tags: ["Covers"],
      data: extractedMetadataView,
      errors: [404, 503],
      description:
        "Runs the configured vision model on one of the caller's uploads (`s3Key`) and answers its reading; nothing is written. An answer the model could not make usable is `needs_details` with its message. 400 `The file is not a valid JPEG, PNG or GIF image.` or a key that is not a cover key, 403 `You can only use images you uploaded yourself.`, 404 `Image not found`, 503 `Cover analysis is unavailable right now. Please try again.`",
    }),
    membersOnly,
    jsonBody(coverImageRefSchema),
    async (c) => ok(c, await unavailableAs503(extractCoverMetadata(serviceContext(c), c.req.valid("json")))),
  );
