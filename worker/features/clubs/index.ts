export { CLUB_NOT_FOUND, type ClubAccess, loadClubAccess, takeClubWrite } from "./club-access";
export { tellAdminsOfJoinRequest, tellAdminsOfNewMember, tellOfApproval } from "./club-notifications";
export { clubsDataPart, clubsDeletionPart } from "./clubs-account";
export { listMemberClubIds } from "./member-club-ids";
