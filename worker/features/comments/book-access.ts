import { notFound } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { books } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { BOOK_NOT_FOUND } from "./comment-rules";

/** The book's row as comments need it: one primary-key read. */
export const bookForComments = (ctx: ServiceContext, bookId: string) =>
  ctx.db.select({ id: books.id, userId: books.userId, title: books.title, hidden: books.hidden }).from(books).where(eq(books.id, bookId)).limit(1);

type BookRow = Awaited<ReturnType<typeof bookForComments>>[number];

/** The book when the viewer may see its page (as findBookById decides: a hidden book is its owner's only), else 404. */
export function requireVisibleBook(ctx: ServiceContext, row: BookRow | undefined): BookRow {
  if (!row || (row.hidden && row.userId !== ctx.user?.id)) throw notFound(BOOK_NOT_FOUND);
  return row;
}
