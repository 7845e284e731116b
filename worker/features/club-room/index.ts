export { clubRoomApi } from "./api";
export { clubRoomDataPart, clubRoomDeletionPart } from "./club-room-account";
export { findRoomMessageToReport, hideReportedRoomMessage, roomUnreadFor } from "./room";
export { ringMembersOfRoomMessage, tellMembersOfAnnouncement } from "./room-events";
export { unreadByClub } from "./room-reads";
export { clubRoomSocket } from "./room-socket";
export { hideRoomMessagesOf } from "./room-suspension";
