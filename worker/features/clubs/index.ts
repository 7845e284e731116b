export { clubsDataPart, clubsDeletionPart } from "./clubs-account";
export { listMemberClubIds } from "./member-club-ids";
