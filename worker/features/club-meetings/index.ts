export { calendarFeed, calendarFeedsRevocation, calendarFeedStatus, createCalendarFeed, revokeCalendarFeed } from "./calendar-feeds";
export { meetingInputSchema, meetingUpdateSchema, rsvpInputSchema, MEETINGS_PAGE_SIZE } from "./meeting-input";
export { runMeetingReminders } from "./meeting-reminders";
export { answerMeeting, cancelMeeting, createMeeting, listMeetings, updateMeeting, type MeetingView, type RsvpCounts } from "./meetings";
export { meetingsDataPart, meetingsDeletionPart } from "./meetings-account";
export { calendarFeedHandler } from "./calendar-feed-route";
export { meetingsPage, upcomingMeetingsSummary, SUMMARY_MEETINGS } from "./meetings-page";
