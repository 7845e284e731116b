import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { bookComments, books } from "@worker/db/schema";
import { desc, eq } from "drizzle-orm";

/** comments.json: the comments the member wrote, newest first (book_comments_author_recent_idx). */
export const commentsDataPart: AccountDataPart = {
  name: "comments",
  covers: [{ table: bookComments, how: "comments.json: the comments the member wrote" }],
  files: ["comments.json"],
  async write({ db }, userId, zip) {
    const rows = await db
      .select({
        commentId: bookComments.id,
        bookId: bookComments.bookId,
        bookTitle: books.title,
        body: bookComments.body,
        hiddenAt: bookComments.hiddenAt,
        createdAt: bookComments.createdAt,
      })
      .from(bookComments)
      .innerJoin(books, eq(books.id, bookComments.bookId))
      .where(eq(bookComments.authorId, userId))
      .orderBy(desc(bookComments.createdAt));
    await zip.json("comments.json", rows);
  },
};

/**
 * The member's comments go. The users row stays as a tombstone, so its foreign key cascades nothing:
 * this statement deletes what they wrote; others' comments under their books go by the books'
 * cascade when the books part deletes those.
 */
export const commentsDeletionPart: AccountDeletionPart = {
  name: "comments",
  covers: [{ table: bookComments, how: "deleted: the member's comments, and (with their books) the comments under them" }],
  async plan({ db, user }) {
    return { statements: [db.delete(bookComments).where(eq(bookComments.authorId, user.id))] };
  },
};
