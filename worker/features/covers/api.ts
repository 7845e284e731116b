import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import {
  ServiceUnavailableError,
  bookMetadataQuerySchema,
  coverImageRefSchema,
  extractCoverMetadata,
  findPreExtractedMetadata,
  searchMetadataCandidates,
} from "./metadata-search";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { jsonBody, zv } from "@worker/core/api/validate";

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
export const bookMetadataApi = new Hono<AppEnv>().get("/", membersOnly, zv("query", bookMetadataQuerySchema), async (c) =>
  ok(c, await unavailableAs503(searchMetadataCandidates(serviceContext(c), c.req.valid("query")))),
);

/** Mounted at /images: the analysis of an uploaded cover, pre-extracted by the queue or on demand. */
export const imageMetadataApi = new Hono<AppEnv>()
  .get("/metadata", membersOnly, zv("query", coverImageRefSchema), async (c) =>
    ok(c, await findPreExtractedMetadata(serviceContext(c), c.req.valid("query"))),
  )
  .post("/extract-metadata", membersOnly, jsonBody(coverImageRefSchema), async (c) =>
    ok(c, await unavailableAs503(extractCoverMetadata(serviceContext(c), c.req.valid("json")))),
  );
