import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { COMMENT_MAX_LENGTH } from "@worker/core/shared/comments";
import { Hono } from "hono";
import { commentDeletedView, commentPageView, commentView } from "./api-schemas";
import { listBookComments } from "./comment-list";
import { bookIdParams, commentInputSchema, commentParams, commentsQuerySchema } from "./comment-rules";
import { addComment, deleteComment } from "./comment-writes";

const tags = ["Comments"];

/**
 * Comments under a book page, mounted under /books beside the book routes. No `use("*")` here: a
 * middleware on this router would run for every /books route.
 */
export const bookCommentsApi = new Hono<AppEnv>()
  .get(
    "/:id/comments",
    doc("GET", {
      summary: "A book's comments",
      who: "anyone",
      tags,
      data: commentPageView,
      errors: [404],
      description:
        "Newest first, `limit` at a time (20 by default, 50 at most); pass `nextToken` as `before` for older ones. Hidden comments are shown to nobody, and comments across a block (either way) are not shown to the viewer. 404 `Book not found` for a book the caller may not see (a hidden one is its owner's only).",
    }),
    zv("param", bookIdParams),
    zv("query", commentsQuerySchema),
    async (c) => ok(c, await listBookComments(serviceContext(c), c.req.valid("param").id, c.req.valid("query"))),
  )
  .post(
    "/:id/comments",
    doc("POST", {
      summary: "Comment on a book",
      who: "member",
      tags,
      data: commentView,
      status: 201,
      errors: [404],
      description: `\`{body}\`: 1 to ${COMMENT_MAX_LENGTH} characters once trimmed (400 \`body: Please write a comment.\` or \`body: A comment can have at most ${COMMENT_MAX_LENGTH} characters.\`). 201 the comment; the book's owner is told (bell and, with "Comments on your books" on, e-mail), unless they wrote it. 403 \`You can't comment on this member's books.\` when the owner blocked the member or the member blocked the owner; 404 \`Book not found\`; 429 past 10 a minute (\`You're commenting too quickly. Please wait a minute and try again.\`).`,
    }),
    membersOnly,
    zv("param", bookIdParams),
    jsonBody(commentInputSchema),
    async (c) => ok(c, await addComment(serviceContext(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .delete(
    "/:id/comments/:commentId",
    doc("DELETE", {
      summary: "Delete a comment",
      who: "author or book owner",
      tags,
      data: commentDeletedView,
      errors: [404],
      description:
        "The comment's author or the book's owner deletes it. 403 `Only the comment's author or the book's owner can delete it.`; 404 `Comment not found` (also under another book, or a book the caller may not see).",
    }),
    membersOnly,
    zv("param", commentParams),
    async (c) => {
      const { id, commentId } = c.req.valid("param");
      return ok(c, await deleteComment(serviceContext(c), id, commentId));
    },
  );
