export { calendarFeedHandler } from "./calendar-feed-route";
export { calendarFeed, calendarFeedStatus, calendarFeedsRevocation, createCalendarFeed, revokeCalendarFeed } from "./calendar-feeds";
export { MEETINGS_PAGE_SIZE, meetingInputSchema, meetingUpdateSchema, rsvpInputSchema } from "./meeting-input";
export { runMeetingReminders } from "./meeting-reminders";
export { answerMeeting, cancelMeeting, createMeeting, listMeetings, type MeetingView, type RsvpCounts, updateMeeting } from "./meetings";
export { meetingsDataPart, meetingsDeletionPart } from "./meetings-account";
export { meetingsPage, SUMMARY_MEETINGS, upcomingMeetingsSummary } from "./meetings-page";
