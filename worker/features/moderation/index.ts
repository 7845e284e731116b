export { reportsDeletionPart } from "./reports";
