import { forbidden, notFound, requireUser } from "@worker/core/errors";
import { limit } from "@worker/core/rate-limit";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { mediaUrl } from "@worker/core/shared/media-url";
import { bookComments, books } from "@worker/db/schema";
import { requireNotBlocked } from "@worker/features/messages";
import { notify, snippetOf } from "@worker/features/notifications";
import { and, eq } from "drizzle-orm";
import { bookForComments, requireVisibleBook } from "./book-access";
import type { CommentView } from "./comment-list";
import { COMMENT_BLOCKED, COMMENT_DELETE_FORBIDDEN, COMMENT_NOT_FOUND, COMMENT_RATE_LIMITED, type CommentInput } from "./comment-rules";

/** How much of the book's title the owner's bell item quotes. */
const QUOTED_TITLE_MAX = 80;
/** A book's comments wait this long for each other, then go to its owner as one e-mail (as direct messages do). */
export const COMMENT_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * The owner's bell item for a day's comments on one book: one row that counts them up (and one e-mail
 * per COMMENT_MAIL_WINDOW_MS, if "Comments on your books" is on), so a lively book fills neither bell nor inbox.
 */
export const bookCommentNotificationKey = (bookId: string, now: number) => `book-comment:${bookId}:${new Date(now).toISOString().slice(0, 10)}`;

/**
 * Posts a comment under a book the member may see. 403 across a block either way (a member the
 * owner blocked cannot reach them through their books), 429 past COMMENT_LIMITER (per member).
 * The book's owner is told, unless they wrote it; notify() applies their preference.
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
    const told = tellOwner(ctx, { bookId, ownerId: book.userId, title: book.title, body: input.body }, now).catch((error: unknown) =>
      console.warn("Telling the owner about a comment failed", error),
    );
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

function tellOwner(ctx: MemberContext, comment: { bookId: string; ownerId: string; title: string; body: string }, now: number) {
  const name = ctx.user.name;
  // Written in the owner's language by notify(); the comment itself is quoted as written.
  return notify(
    ctx,
    [
      {
        userId: comment.ownerId,
        type: "book_comment",
        title: ({ t }) => t('{name} commented on "{title}"', { name, title: snippetOf(comment.title || t("Untitled Book"), QUOTED_TITLE_MAX) }),
        body: snippetOf(comment.body),
        link: `/books/${comment.bookId}#comments`,
        actorId: ctx.user.id,
        dedupeKey: bookCommentNotificationKey(comment.bookId, now),
        accumulate: true,
        // One e-mail (and push) for the comments of a window, as a conversation's messages.
        gather: { key: bookCommentNotificationKey(comment.bookId, now), until: now + COMMENT_MAIL_WINDOW_MS },
      },
    ],
    now,
  );
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
