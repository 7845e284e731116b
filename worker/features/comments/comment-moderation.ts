import type { ServiceContext } from "@worker/core/service-context";
import type { Database } from "@worker/db/client";
import { bookComments, books, users } from "@worker/db/schema";
import { and, eq, isNull } from "drizzle-orm";

/**
 * A comment the reporter can see, for the reports service: shown (not hidden, its author not suspended) under a book they may
 * see. Null otherwise, which the report answers as not found.
 */
export async function findReportableComment(ctx: ServiceContext, commentId: string) {
  const [row] = await ctx.db
    .select({
      commentId: bookComments.id,
      bookId: bookComments.bookId,
      authorId: bookComments.authorId,
      body: bookComments.body,
      ownerId: books.userId,
      bookHidden: books.hidden,
    })
    .from(bookComments)
    .innerJoin(books, eq(books.id, bookComments.bookId))
    .innerJoin(users, eq(users.id, bookComments.authorId))
    .where(and(eq(bookComments.id, commentId), isNull(bookComments.hiddenAt), isNull(users.suspendedAt)))
    .limit(1);
  if (!row || (row.bookHidden && row.ownerId !== ctx.user?.id)) return null;
  return { commentId: row.commentId, bookId: row.bookId, authorId: row.authorId, body: row.body };
}

/** A moderator hides a reported comment: it stays for the record and is shown to nobody. False when it is gone. */
export async function hideComment(db: Database, commentId: string, now = Date.now()): Promise<boolean> {
  const [row] = await db.update(bookComments).set({ hiddenAt: now }).where(eq(bookComments.id, commentId)).returning({ id: bookComments.id });
  return Boolean(row);
}
