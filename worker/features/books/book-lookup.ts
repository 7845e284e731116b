import { conflict, notFound, requireUser, unavailable } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { canLookUpAgain } from "@worker/core/shared/book-listing";
import { msg } from "@worker/core/shared/translate";
import { books } from "@worker/db/schema";
import { queueIsbnLookup } from "@worker/features/covers";
import { eq } from "drizzle-orm";

export const NOTHING_TO_LOOK_UP = msg("Only a book with an ISBN and no title yet can be looked up again.");
export const LOOKUP_UNAVAILABLE = msg("Looking up is unavailable right now. Please try again.");
export const LOOKUP_QUEUED = msg("Looking the ISBN up again. The details appear here when a book catalogue answers.");

/**
 * The owner's "Look up again": the book's ISBN goes back on the cover-analysis queue at once (the
 * queue's consumer fills the book in when a catalogue answers). Anyone else gets 404, as for a book
 * that is not listed yet.
 */
export async function lookUpAgain(ctx: ServiceContext, bookId: string): Promise<{ bookId: string; queued: true }> {
  requireUser(ctx);
  const [book] = await ctx.db.select({ userId: books.userId, title: books.title, isbn13: books.isbn13 }).from(books).where(eq(books.id, bookId)).limit(1);
  if (!book || book.userId !== ctx.user.id) throw notFound("Book not found");
  if (!canLookUpAgain(book)) throw conflict(NOTHING_TO_LOOK_UP);
  try {
    await queueIsbnLookup(ctx.env, bookId, book.isbn13!, { now: true });
  } catch {
    throw unavailable(LOOKUP_UNAVAILABLE);
  }
  return { bookId, queued: true };
}
