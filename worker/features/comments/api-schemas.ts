import { z } from "zod";

// What the comment routes answer in `data`, for the API reference.

/** A comment (comment-list.ts CommentView); times are epoch milliseconds. */
export const commentView = z.looseObject({
  commentId: z.string(),
  bookId: z.string(),
  body: z.string(),
  createdAt: z.int(),
  author: z.looseObject({ id: z.string(), name: z.string(), picture: z.string().nullable() }),
  /** The viewer wrote it or owns the book. */
  canDelete: z.boolean(),
});

export const commentPageView = z.looseObject({
  items: z.array(commentView),
  /** Pass as `before` for the older comments; null on the last page. */
  nextToken: z.string().nullable(),
});

export const commentDeletedView = z.looseObject({ commentId: z.string(), deleted: z.literal(true) });
