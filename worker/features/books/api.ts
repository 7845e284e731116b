import { Hono } from "hono";
import { z } from "zod";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { createBook, createBookSchemaFor, createBookSchemas, deleteBook, updateBook, updateBookSchema } from "./book-writes";
import { notFound } from "@worker/core/errors";
import { BookAlreadyOwnedError } from "./isbn-books";
import { countLibraryBooks, findBookById, libraryQuerySchema, listLibraryBookDetails, listLibraryBooks } from "./library";
import { ok } from "@worker/core/api/envelope";
import { unavailableAs503 } from "@worker/features/covers";
import { jsonBody, jsonBodyBy, zv } from "@worker/core/api/validate";

const bookIdParams = z.object({ id: z.string().min(1).max(64) });

export const booksApi = new Hono<AppEnv>()
  .get("/", zv("query", libraryQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const ctx = serviceContext(c);
    // A signed-in member's library hides their own books unless they ask for one owner's books.
    const excludeUserId = query.userId ? null : (ctx.user?.id ?? null);
    const bare = query.bare === "1" || query.bare === "true";
    const [page, total] = await Promise.all([
      bare ? listLibraryBooks(ctx, query, { excludeUserId }) : listLibraryBookDetails(ctx, query, { excludeUserId }),
      countLibraryBooks(ctx, query, excludeUserId),
    ]);
    return ok(c, { ...page, total: total.count, totalCapped: total.capped });
  })
  .post("/", jsonBodyBy(createBookSchemaFor, createBookSchemas), async (c) => {
    try {
      return ok(c, await unavailableAs503(createBook(serviceContext(c), c.req.valid("json"))), 201);
    } catch (error) {
      // The one 409 that names a book: the scanner offers to open the copy the member already has.
      if (error instanceof BookAlreadyOwnedError) return c.json({ success: false as const, error: error.message, data: { bookId: error.bookId } }, 409);
      throw error;
    }
  })
  .get("/:id", zv("param", bookIdParams), async (c) => {
    const book = await findBookById(serviceContext(c), c.req.valid("param").id);
    if (!book) throw notFound("Book not found");
    return ok(c, book);
  })
  .put("/:id", zv("param", bookIdParams), jsonBody(updateBookSchema), async (c) =>
    ok(c, await updateBook(serviceContext(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", zv("param", bookIdParams), async (c) => ok(c, await deleteBook(serviceContext(c), c.req.valid("param").id)));
