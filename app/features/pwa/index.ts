export { dropSharedCovers, readSharedCovers } from "./shared-covers";
