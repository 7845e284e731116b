import { api, type Caller } from "../helpers/http";

export interface Comment {
  commentId: string;
  bookId: string;
  body: string;
  createdAt: number;
  author: { id: string; name: string; picture: string | null };
  canDelete: boolean;
}
export interface CommentPage {
  items: Comment[];
  nextToken: string | null;
}

/** GET /api/books/{id}/comments as `caller` (null: a visitor), with an optional query. */
export const commentsOf = (bookId: string, caller: Caller, query = "") => api<CommentPage>(`/books/${bookId}/comments${query}`, caller);

/** POST /api/books/{id}/comments. */
export const postComment = (bookId: string, caller: Caller, body: unknown) => api<Comment>(`/books/${bookId}/comments`, caller, { method: "POST", json: { body } });

/** DELETE /api/books/{id}/comments/{commentId}. */
export const deleteCommentByApi = (bookId: string, commentId: string, caller: Caller) => api<{ commentId: string; deleted: true }>(`/books/${bookId}/comments/${commentId}`, caller, { method: "DELETE" });

/** PUT /api/dm/blocks/{userId}: `blocker` blocks `userId`. */
export const block = (blocker: Caller, userId: string) => api(`/dm/blocks/${userId}`, blocker, { method: "PUT" });
