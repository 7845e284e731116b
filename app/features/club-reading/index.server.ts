export { loadReadingNow, type ReadingNowData } from "./reading.server";
