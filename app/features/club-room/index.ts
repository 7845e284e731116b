export { ClubRoomLink, ClubRoomUnread } from "./room-link";
