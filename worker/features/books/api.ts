import { ok } from "@worker/core/api/envelope";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, jsonBodyBy, zv } from "@worker/core/api/validate";
import { notFound } from "@worker/core/errors";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { translate } from "@worker/core/i18n/request-language";
import { unavailableAs503 } from "@worker/features/covers";
import { NEAR_ME_HALF, nearQueryFields, originCell, placeMapView } from "@worker/features/geo";
// The edit and the delete compose loans here: the ledger follows a lending edit, and a loan keeps its book.
import { isLentOut, writeBookEdit } from "@worker/features/loans";
import { Hono } from "hono";
import { z } from "zod";
import { bookLookupView, bookView, deletedBookView, libraryPageView, otherCopiesView, tileBooksView } from "./api-schemas";
import { lookUpAgain } from "./book-lookup";
import { createBook, createBookSchemaFor, createBookSchemas, deleteBook, updateBook, updateBookSchema } from "./book-writes";
import { BookAlreadyOwnedError } from "./isbn-books";
import { findBookById, libraryQuerySchema, readLibrary } from "./library";
import { mapOrigin, mapQuerySchema, readMapTiles, readTileBooks, TILE_EMPTY, tileBooksQuerySchema, tileIdSchema } from "./library-map";
import { findOtherCopies } from "./other-copies";

const bookIdParams = z.object({ id: z.string().min(1).max(64) });

const copiesQuerySchema = z
  .object({ lat: nearQueryFields.lat, lon: nearQueryFields.lon })
  .refine((query) => (query.lat === undefined) === (query.lon === undefined), { error: () => translate(NEAR_ME_HALF), path: ["lat"] });

export const booksApi = new Hono<AppEnv>()
  .get(
    "/",
    doc("GET", {
      summary: "The library, newest first or nearest first, keyset-paged, with its total",
      who: "anyone",
      tags: ["Books"],
      data: libraryPageView,
      description:
        "Pages of `limit` books (25 by default, 100 at most); pass `nextToken` or `prevToken` from the last answer to move. `search` (at most 200 characters) matches title, author, description and ISBNs; a search's `total` counts at most four pages of matches (at least 100) and sets `totalCapped` past that. `ageGroupFine` filters by age group (`early_reader`, `middle_grade`, `young_adult` or `adult`) and `language` by the book's language: a language code as books store it (`en`, `pt-BR`; any case is taken, so `pt-br` finds `pt-BR`, and 400 `language must be a language code, such as en or pt-BR.` for anything else). The filters combine with each other, with `search`, `available` and near me, and `nextToken` pages on within them. One filter's `total` is exact; two (or `available`) count at most four pages, like a search. `userId` lists one owner's books (a signed-in member's listing otherwise leaves out their own). Every field of each book, or only the card's fields with `bare=1`. `available=1` leaves out books lent or promised to someone. Near me: `near=me` sorts by distance from my own area (set with `PUT /api/geo/my-area`; 400 `Set your area on your profile to see what is near you.` without one), or `lat` and `lon` (anyone; decimal degrees, rounded to 0.01° on arrival and never stored; 400 when only one is sent) from a one-off position. Only books whose owner has set an area are near anyone. `radius` (1, 2, 5, 10, 25, 50 or 100 km; left out: anywhere) bounds it. Each book then has `distanceKm`, rounded as others may see it (0: under 1 km; whole km to 10, then steps of 5, 10 and 50); `nextToken` pages on in distance order and `prevToken` is null. A near listing's `total` counts at most four pages, like a search; a search near me lists every match within the radius (or anywhere) nearest first, however common the words. Private-club books are listed with `membersOnly` true unless the viewer is an active member of the club or the book's owner; hidden books appear only on their owner's own shelf, with `hidden`: `moderation`, `suspension`, or `untitled` for a book not listed until it has a title (a cover whose title is not known yet).",
    }),
    zv("query", libraryQuerySchema),
    async (c) => {
      const query = c.req.valid("query");
      const ctx = serviceContext(c);
      // A signed-in member's library hides their own books unless they ask for one owner's books.
      const excludeUserId = query.userId ? null : (ctx.user?.id ?? null);
      const bare = query.bare === "1" || query.bare === "true";
      const { total, near: _near, ...page } = await readLibrary(ctx, query, { excludeUserId, details: !bare });
      return ok(c, { ...page, total: total.count, totalCapped: total.capped });
    },
  )
  .post(
    "/",
    doc("POST", {
      summary: "Add a book: from an uploaded cover, by hand, or by ISBN",
      who: "member",
      tags: ["Books"],
      status: 201,
      data: bookView,
      errors: [404, 409, 503],
      description:
        "Three shapes. From an uploaded cover (`s3Key` from `POST /api/upload-url`; `extractFromImage`, default true, queues the cover analysis, which fills the book in within seconds). By hand (`title`, `author`, optional `description`, `isbn`, `language` (a language code such as `en` or `pt-BR`, kept in its canonical case) and `ageGroupFine`). By ISBN in one step (`{isbn, status?, clubId?}`): the server looks it up (Google Books, then Open Library), fills its fields and `google_metadata`, and copies the cover into R2. `clubId` shares the book into one of the member's active clubs (403 `You can only share a book with a club you are an active member of.`); a cover key must be the member's own upload (403). 400 not an ISBN (`isbn: Give a valid ISBN-10 or ISBN-13`) or the image is not uploaded yet; 404 `No book found for ISBN …`; 409 `You already have this book.` with `data.bookId` (the member's copy), or a cover that is already another book's; 503 when no metadata service answers.",
    }),
    jsonBodyBy(createBookSchemaFor, createBookSchemas),
    async (c) => {
      try {
        return ok(c, await unavailableAs503(createBook(serviceContext(c), c.req.valid("json"))), 201);
      } catch (error) {
        // The one 409 that names a book: the scanner offers to open the copy the member already has.
        if (error instanceof BookAlreadyOwnedError) return c.json({ success: false as const, error: error.message, data: { bookId: error.bookId } }, 409);
        throw error;
      }
    },
  )
  // Before "/:id", which would take "map" for a book's id.
  .get(
    "/map",
    doc("GET", {
      summary: "The library's map: how many books each 0.1° tile holds around a place",
      who: "anyone",
      tags: ["Books"],
      data: placeMapView,
      description:
        "The 0.1° tiles (about 11 km) within `radius` (1, 2, 5, 10, 25, 50 or 100 km; 25 when left out) of my area (`near=me`; 400 `Set your area on your profile to see what is near you.` without one) or of `lat` and `lon` (a one-off position, rounded to 0.01° on arrival and never stored), nearest first. Each has an opaque `tileId`, its centre, how many listed books it holds (a signed-in member's own left out) and `distanceKm` to its centre, rounded as others may see it. No answer names a place finer than a tile. 400 without `near=me` or a position, with only one of `lat` and `lon`, or a radius not offered.",
    }),
    zv("query", mapQuerySchema),
    async (c) => {
      const ctx = serviceContext(c);
      const query = c.req.valid("query");
      const { centre, tiles } = await readMapTiles(ctx, await mapOrigin(ctx, query), query.radius);
      return ok(c, { centre, radiusKm: query.radius, tiles });
    },
  )
  .get(
    "/map/tiles/:tileId/books",
    doc("GET", {
      summary: "One map tile's books, newest first",
      who: "anyone",
      tags: ["Books"],
      data: tileBooksView,
      errors: [404],
      description:
        "The listed books in one tile of `GET /api/books/map` (a signed-in member's own left out), `limit` at a time (25 by default, 100 at most); pass `nextToken` to read on. Each card has `distanceKm` from `lat` and `lon` (a one-off position) or from my area, rounded as others may see it, and none when there is nothing to measure from. 400 `tileId is not valid`; 404 `No books are listed in this place.`",
    }),
    zv("param", z.object({ tileId: tileIdSchema })),
    zv("query", tileBooksQuerySchema),
    async (c) => {
      const page = await readTileBooks(serviceContext(c), c.req.valid("param").tileId, c.req.valid("query"));
      if (!page) throw notFound(TILE_EMPTY);
      return ok(c, page);
    },
  )
  .get(
    "/:id",
    doc("GET", {
      summary: "One book with its metadata and cover analysis",
      who: "anyone",
      tags: ["Books"],
      data: bookView,
      errors: [404],
      description:
        "A hidden book (by a moderator, while its owner is suspended, or `untitled`: not listed until it has a title) is there only for its owner, with `hidden` saying why; 404 `Book not found` for everyone else.",
    }),
    zv("param", bookIdParams),
    async (c) => {
      const book = await findBookById(serviceContext(c), c.req.valid("param").id);
      if (!book) throw notFound("Book not found");
      return ok(c, book);
    },
  )
  .get(
    "/:id/copies",
    doc("GET", {
      summary: "Other copies of the same book, nearest first",
      who: "anyone",
      tags: ["Books"],
      data: otherCopiesView,
      errors: [404],
      description:
        "The other listed copies of a book: the same ISBN-13 when both have one, else the same title and author once reduced to their words (lower case, accents, punctuation and articles aside). Nearest first from my area (or from `lat` and `lon`, a one-off position rounded to 0.01° and never stored), each with `distanceKm` rounded as others may see it; copies whose owner has set no area, and every copy when there is nothing to measure from, come after, newest first. The ten nearest of the copies among at most 100 candidates, with `total`. 404 `Book not found`.",
    }),
    zv("param", bookIdParams),
    zv("query", copiesQuerySchema),
    async (c) => {
      const ctx = serviceContext(c);
      const _query = c.req.valid("query");
      const copies = await findOtherCopies(ctx, c.req.valid("param").id, await originCell(ctx, c.req.valid("query")));
      if (!copies) throw notFound("Book not found");
      return ok(c, copies);
    },
  )
  .put(
    "/:id",
    doc("PUT", {
      summary: "Edit a book",
      who: "owner",
      tags: ["Books"],
      data: bookView,
      errors: [404, 409],
      description:
        "Any of title, author, description, `lendTo` (who may ask to borrow it: `anyone`, `near` within `lendWithinKm` km, `clubs`, `following` or `nobody`; null follows my default from `PUT /api/users/me`; a new rule cancels nothing already asked for or agreed), `isbn` (ISBN-10 or -13, 400 `isbn: Give a valid ISBN-10 or ISBN-13`; empty or null removes it), `s3Key` (a new cover: the `fileKey` of a signed upload from `POST /api/upload-url`, as when adding a book; the old cover is deleted. 400 `Upload the image before making it the cover.`, 403 `You can only use images you uploaded yourself.`, 409 `This image is already the cover of another book. Please upload it again for this book.`), status, `clubId` (one of the owner's active clubs, or null for none), `language` and `ageGroupFine` (as when adding a book by hand; null takes them off) and the borrower. Status `borrowed` needs `lentToUserId`, a member other than the owner (400 `Please select who you lent the book to.`); any other status clears the borrower. An edit that lends or takes back the book is recorded as a loan and counts against the loan limit (30 a minute, 429); 403 `You can't lend a book to this member.` across a block, 403 `Only the owner can change this book.`, 404 `Book not found`, 409 `This book is already promised to another member.` Answers the book as it now is.",
    }),
    zv("param", bookIdParams),
    jsonBody(updateBookSchema),
    async (c) => ok(c, await updateBook(serviceContext(c), c.req.valid("param").id, c.req.valid("json"), writeBookEdit)),
  )
  .post(
    "/:id/lookup",
    doc("POST", {
      summary: "Look a book's ISBN up again",
      who: "owner",
      tags: ["Books"],
      data: bookLookupView,
      status: 202,
      errors: [404, 409, 503],
      description:
        "For a book whose ISBN is known but whose title is not (the book catalogues could not be reached when its cover was read): the lookup goes back on the queue at once, and the book fills in (and is listed) when a catalogue answers. 404 `Book not found` for anyone but the owner; 409 `Only a book with an ISBN and no title yet can be looked up again.`; 503 `Looking up is unavailable right now. Please try again.` when the queue refuses it.",
    }),
    zv("param", bookIdParams),
    async (c) => ok(c, await lookUpAgain(serviceContext(c), c.req.valid("param").id), 202),
  )
  .delete(
    "/:id",
    doc("DELETE", {
      summary: "Delete a book with its cover",
      who: "owner",
      tags: ["Books"],
      data: deletedBookView,
      errors: [404, 409],
      description:
        "The cover image goes too, unless another book still shows it. 403 `Only the owner can change this book.`, 404 `Book not found`, 409 `You can't delete a book that is lent out. Mark it returned first.`",
    }),
    zv("param", bookIdParams),
    async (c) => ok(c, await deleteBook(serviceContext(c), c.req.valid("param").id, isLentOut)),
  );
