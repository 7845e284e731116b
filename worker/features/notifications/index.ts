export { notificationSettingsView } from "./api-schemas";
export {
  type ClubNotice,
  type FollowerNotice,
  fanOutClubNotice,
  fanOutNotice,
  handleNoticeBatch,
  NOTICE_QUEUE_NAME,
  type NoticeMessage,
  QUEUE_AUDIENCE_ABOVE,
  tellClubMembers,
} from "./club-fanout";
export { dropWaitingMessagesEmail, mailBatchJob } from "./email-outbox";
export { snippetOf } from "./email-templates";
export { flushMemberMail, runMailBatchJob } from "./member-mail";
export { getNotificationSettings, notificationSettingsSchema, updateNotificationSettings } from "./notification-prefs";
export {
  conversationNotificationKey,
  countUnreadNotifications,
  markNotificationReadByKey,
  type NotificationInput,
  type NotificationText,
  type NotificationType,
  notify,
  type RecipientReader,
  readUnreadNotifications,
  unreadNotificationsStatement,
} from "./notifications";
export { notificationsDataPart, notificationsDeletionPart, preferencesDataPart } from "./notifications-account";
export { oneClickUnsubscribe } from "./one-click-unsubscribe";
