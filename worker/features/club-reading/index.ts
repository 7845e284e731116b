export { clubReadingDataPart, clubReadingDeletionPart } from "./reading-account";
export { getClubReading, listShelf, markProgress, unmarkProgress, setCurrentBook, finishCurrentBook, setMilestones, type ClubReading, type ClubBookView, type MilestoneView, type ShelfPage } from "./club-book";
export { listClubCopies, type CopiesPage, type CopyView } from "./copies";
export { matchKey } from "./match-key";
