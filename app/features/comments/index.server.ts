export { type BookCommentsData, loadBookComments, OLDER_COMMENTS_PARAM } from "./comments.server";
