export { matchKey } from "@worker/core/shared/copy-match";
export {
  bookByIsbn,
  type ClubBookView,
  type ClubReading,
  finishCurrentBook,
  getClubReading,
  listShelf,
  type MilestoneView,
  markProgress,
  type ShelfPage,
  setCurrentBook,
  setMilestones,
  unmarkProgress,
} from "./club-book";
export { type CopiesPage, type CopyView, listClubCopies } from "./copies";
export { clubReadingDataPart, clubReadingDeletionPart } from "./reading-account";
