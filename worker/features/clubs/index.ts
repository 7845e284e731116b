export { clubsDataPart, clubsDeletionPart } from "./clubs-account";
export { listMemberClubIds } from "./member-club-ids";
export { CLUB_NOT_FOUND, loadClubAccess, takeClubWrite, type ClubAccess } from "./club-access";
