import { COMMENT_MAX_LENGTH, COMMENT_REQUIRED, COMMENT_TOO_LONG, COMMENTS_PAGE_SIZE } from "@worker/core/shared/comments";
import { idSchema } from "@worker/core/shared/id";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { z } from "zod";

export const COMMENT_NOT_FOUND = msg("Comment not found");
export const BOOK_NOT_FOUND = msg("Book not found");
export const COMMENT_BLOCKED = msg("You can't comment on this member's books.");
export const COMMENT_DELETE_FORBIDDEN = msg("Only the comment's author or the book's owner can delete it.");
export const COMMENT_RATE_LIMITED = msg("You're commenting too quickly. Please wait a minute and try again.");

/**
 * What a member writes: trimmed and cleaned like every member-typed text, then 1 to 500 characters
 * (the refusals are core's texts, written in the request's language by cleanText).
 */
export const commentInputSchema = z.object({
  body: cleanText({ max: COMMENT_MAX_LENGTH, tooLong: COMMENT_TOO_LONG, required: COMMENT_REQUIRED, multiline: true }),
});
export type CommentInput = z.output<typeof commentInputSchema>;

export const bookIdParams = z.object({ id: idSchema });
export const commentParams = z.object({ id: idSchema, commentId: idSchema });

/**
 * A page's cursor: the last comment's (createdAt, id), which together order the comments even when
 * two share a millisecond. Opaque to clients: `<createdAt base 36>.<id>`.
 */
export const commentCursor = (comment: { createdAt: number; commentId: string }) => `${comment.createdAt.toString(36)}.${comment.commentId}`;

export const commentCursorSchema = z
  .string()
  .regex(/^[0-9a-z]{1,11}\.[0-9A-Za-z-]{1,64}$/, "before is not valid")
  .transform((token) => {
    const dot = token.indexOf(".");
    return { createdAt: Number.parseInt(token.slice(0, dot), 36), id: token.slice(dot + 1) };
  });
export type CommentCursor = z.output<typeof commentCursorSchema>;

export const commentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(COMMENTS_PAGE_SIZE),
  /** The `nextToken` of the page before: comments older than its last one. */
  before: commentCursorSchema.optional(),
});
export type CommentsQuery = z.output<typeof commentsQuerySchema>;
