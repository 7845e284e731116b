export { moderationApi } from "./api";
export { reportsDeletionPart } from "./reports";
export { reportsApi } from "./reports-api";
