export { bookCommentNotificationKey, tellOwnerOfComment } from "./comment-events";
export { type CommentPage, type CommentView, listBookComments } from "./comment-list";
export { findReportableComment, hideComment } from "./comment-moderation";
export { COMMENT_NOT_FOUND, commentInputSchema, commentsQuerySchema } from "./comment-rules";
export { addComment, deleteComment } from "./comment-writes";
export { commentsDataPart, commentsDeletionPart } from "./comments-account";
