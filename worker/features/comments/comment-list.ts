import type { ServiceContext } from "@worker/core/service-context";
import { mediaUrl } from "@worker/core/shared/media-url";
import { blocks, bookComments, users } from "@worker/db/schema";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { bookForComments, requireVisibleBook } from "./book-access";
import { type CommentsQuery, commentCursor } from "./comment-rules";

/** A comment as the book page and the API show it; times are epoch milliseconds. */
export interface CommentView {
  commentId: string;
  bookId: string;
  body: string;
  createdAt: number;
  author: { id: string; name: string; picture: string | null };
  /** The viewer wrote it or owns the book. */
  canDelete: boolean;
}

export interface CommentPage {
  items: CommentView[];
  /** Cursor for the older comments (`before`), or null when there are none. */
  nextToken: string | null;
}

/** Neither the viewer nor the author has blocked the other: two probes of blocks' primary key. */
function notBlockedWith(viewerId: string) {
  const blockedBy = (blockerId: typeof bookComments.authorId | string, blockedId: typeof bookComments.authorId | string) =>
    sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${blockedId})`;
  return and(blockedBy(viewerId, bookComments.authorId), blockedBy(bookComments.authorId, viewerId));
}

/**
 * A book's comments, newest first, `limit` at a time before the cursor. The book's row and the page
 * go in one round trip; the page is one range of book_comments_book_recent_idx with the authors
 * joined by primary key. Hidden comments, and a suspended author's, are shown to nobody; comments across a block (either way)
 * are not shown to the viewer. 404 for a book the viewer may not see.
 */
export async function listBookComments(ctx: ServiceContext, bookId: string, query: CommentsQuery): Promise<CommentPage> {
  const viewerId = ctx.user?.id;
  const before = query.before;
  const [bookRows, rows] = await ctx.db.batch([
    bookForComments(ctx, bookId),
    ctx.db
      .select({
        commentId: bookComments.id,
        bookId: bookComments.bookId,
        body: bookComments.body,
        createdAt: bookComments.createdAt,
        authorId: bookComments.authorId,
        authorName: users.name,
        authorPicture: users.picture,
      })
      .from(bookComments)
      .innerJoin(users, eq(users.id, bookComments.authorId))
      .where(
        and(
          eq(bookComments.bookId, bookId),
          isNull(bookComments.hiddenAt),
          // A suspended author's comments are shown to nobody until the suspension is lifted.
          isNull(users.suspendedAt),
          before ? sql`(${bookComments.createdAt}, ${bookComments.id}) < (${before.createdAt}, ${before.id})` : undefined,
          viewerId ? notBlockedWith(viewerId) : undefined,
        ),
      )
      .orderBy(desc(bookComments.createdAt), desc(bookComments.id))
      .limit(query.limit + 1),
  ]);
  const book = requireVisibleBook(ctx, bookRows[0]);
  const items = rows.slice(0, query.limit).map(
    (row): CommentView => ({
      commentId: row.commentId,
      bookId: row.bookId,
      body: row.body,
      createdAt: row.createdAt,
      author: { id: row.authorId, name: row.authorName, picture: mediaUrl(row.authorPicture) },
      canDelete: Boolean(viewerId) && (viewerId === row.authorId || viewerId === book.userId),
    }),
  );
  const last = items.at(-1);
  return { items, nextToken: rows.length > query.limit && last ? commentCursor(last) : null };
}
