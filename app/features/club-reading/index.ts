export { groupCopies, LibraryPicks, TitleByAuthor } from "./library-picks";
export { ReadingNow } from "./reading-now";
