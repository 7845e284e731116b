import type { CommentView as Comment, CommentPage } from "@worker/features/comments/comment-list";
import { api, type Caller } from "../helpers/http";

// The answers' types are the service's own (the API sends them as JSON unchanged).

/** GET /api/books/{id}/comments as `caller` (null: a visitor), with an optional query. */
export const commentsOf = (bookId: string, caller: Caller, query = "", invalid = false) =>
  api<CommentPage>(`/books/${bookId}/comments${query}`, caller, { invalid });

/** POST /api/books/{id}/comments. */
export const postComment = (bookId: string, caller: Caller, body: unknown, invalid = false) =>
  api<Comment>(`/books/${bookId}/comments`, caller, { method: "POST", json: { body }, invalid });

/** DELETE /api/books/{id}/comments/{commentId}. */
export const deleteCommentByApi = (bookId: string, commentId: string, caller: Caller) =>
  api<{ commentId: string; deleted: true }>(`/books/${bookId}/comments/${commentId}`, caller, { method: "DELETE" });

/** PUT /api/dm/blocks/{userId}: `blocker` blocks `userId`. */
export const block = (blocker: Caller, userId: string) => api(`/dm/blocks/${userId}`, blocker, { method: "PUT" });
