export { findReportableComment, hideComment } from "./comment-moderation";
export { listBookComments, type CommentPage, type CommentView } from "./comment-list";
export { commentInputSchema, commentsQuerySchema, COMMENT_NOT_FOUND } from "./comment-rules";
export { addComment, bookCommentNotificationKey, deleteComment } from "./comment-writes";
export { commentsDataPart, commentsDeletionPart } from "./comments-account";
