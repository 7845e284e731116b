export { UpcomingMeetings } from "./upcoming-meetings";
