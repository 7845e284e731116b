export { dropWaitingMessagesEmail } from "./email-outbox";
export { snippetOf } from "./email-templates";
export { flushMemberMail } from "./member-mail";
export { getNotificationSettings, notificationSettingsSchema, updateNotificationSettings } from "./notification-prefs";
export {
  conversationNotificationKey,
  countUnreadNotifications,
  markNotificationReadByKey,
  readUnreadNotifications,
  unreadNotificationsStatement,
  notify,
  type NotificationInput,
  type NotificationText,
  type NotificationType,
  type RecipientReader,
} from "./notifications";
export { notificationsDataPart, notificationsDeletionPart, preferencesDataPart } from "./notifications-account";
export { oneClickUnsubscribe } from "./one-click-unsubscribe";
export { notificationSettingsView } from "./api-schemas";
export { fanOutClubNotice, handleNoticeBatch, NOTICE_QUEUE_NAME, QUEUE_AUDIENCE_ABOVE, tellClubMembers, type ClubNotice, type NoticeMessage } from "./club-fanout";
export { mailBatchJob } from "./email-outbox";
export { runMailBatchJob } from "./member-mail";
