export { loadBookComments, OLDER_COMMENTS_PARAM, type BookCommentsData } from "./comments.server";
