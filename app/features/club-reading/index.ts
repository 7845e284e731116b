export { ReadingNow } from "./reading-now";
