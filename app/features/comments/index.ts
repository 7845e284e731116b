export { BookComments } from "./book-comments";
