import { forbidden, notFound, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import { mediaUrl } from "@worker/core/shared/media-url";
import { bookComments, books } from "@worker/db/schema";
import { requireNotBlocked } from "@worker/features/messages";
import { and, eq } from "drizzle-orm";
import { bookForComments, requireVisibleBook } from "./book-access";
import type { CommentView } from "./comment-list";
import { COMMENT_BLOCKED, COMMENT_DELETE_FORBIDDEN, COMMENT_NOT_FOUND, COMMENT_RATE_LIMITED, type CommentInput } from "./comment-rules";

/**
 * Posts a comment under a book the member may see. 403 across a block either way (a member the
 * owner blocked cannot reach them through their books), 429 past COMMENT_LIMITER (per member).
 * The book's owner is told (comment.posted), unless they wrote it; notify() applies their preference.
 */
export async function addComment(ctx: ServiceContext, bookId: string, input: CommentInput, now = Date.now()): Promise<CommentView> {
  requireUser(ctx);
  const [row] = await bookForComments(ctx, bookId);
  const book = requireVisibleBook(ctx, row);
  const ownBook = book.userId === ctx.user.id;
  if (!ownBook) await requireNotBlocked(ctx, book.userId, COMMENT_BLOCKED);
  await limit(ctx.env.COMMENT_LIMITER, `comment:${ctx.user.id}`, COMMENT_RATE_LIMITED);
  const commentId = crypto.randomUUID();
  await ctx.db.insert(bookComments).values({ id: commentId, bookId, authorId: ctx.user.id, body: input.body, createdAt: now });
  if (!ownBook) {
    // The owner's bell (comment-events.ts) follows from the event, after the answer when the request allows it.
    const told = publish(ctx, {
      type: "comment.posted",
      commentId,
      bookId,
      bookTitle: book.title,
      ownerId: book.userId,
      authorId: ctx.user.id,
      authorName: ctx.user.name,
      body: input.body,
      at: now,
    }).catch((error: unknown) => console.warn("Telling the owner about a comment failed", error));
    if (ctx.afterResponse) ctx.afterResponse(told);
    else await told;
  }
  return {
    commentId,
    bookId,
    body: input.body,
    createdAt: now,
    author: { id: ctx.user.id, name: ctx.user.name, picture: mediaUrl(ctx.user.picture) },
    canDelete: true,
  };
}

/**
 * Deletes a comment: its author or the book's owner may (403 for anyone else). A comment on a book
 * the member may not see, or under another book, is not found (404).
 */
export async function deleteComment(ctx: ServiceContext, bookId: string, commentId: string): Promise<{ commentId: string; deleted: true }> {
  requireUser(ctx);
  const me = ctx.user.id;
  const [row] = await ctx.db
    .select({ authorId: bookComments.authorId, ownerId: books.userId, hidden: books.hidden })
    .from(bookComments)
    .innerJoin(books, eq(books.id, bookComments.bookId))
    .where(and(eq(bookComments.id, commentId), eq(bookComments.bookId, bookId)))
    .limit(1);
  if (!row || (row.hidden && row.ownerId !== me)) throw notFound(COMMENT_NOT_FOUND);
  if (row.authorId !== me && row.ownerId !== me) throw forbidden(COMMENT_DELETE_FORBIDDEN);
  await ctx.db.delete(bookComments).where(eq(bookComments.id, commentId));
  return { commentId, deleted: true };
}
