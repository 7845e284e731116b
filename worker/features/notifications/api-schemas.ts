import { NOTIFICATION_KEYS } from "@worker/db/schema";
import { z } from "zod";
import { NOTIFICATION_PREFERENCE, type NotificationType } from "./notification-events";

// What the notification routes answer in `data`, for the API reference.

const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_PREFERENCE) as [NotificationType, ...NotificationType[]];

/** One bell item; times are epoch milliseconds. */
export const notificationView = z.looseObject({
  notificationId: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** The in-app path the item opens. */
  link: z.string(),
  actorId: z.string().nullable(),
  /** How many events the item stands for (new messages in one conversation since it was last read). */
  count: z.int().positive(),
  readAt: z.int().nullable(),
  createdAt: z.int(),
  updatedAt: z.int(),
});

export const notificationPageView = z.looseObject({
  items: z.array(notificationView),
  /** Pass as `before` for the next page; null on the last. */
  nextToken: z.int().nullable(),
});

/** The bell's number, capped at 100. */
export const unreadCountView = z.looseObject({ unread: z.int().min(0).max(100) });

const topicChannelsView = z.looseObject({ bell: z.boolean(), email: z.boolean(), push: z.boolean() });

/**
 * The master switch, the topics (on while any of their channels is) and the grid of each topic by
 * channel; every key present, never saved reads as on.
 */
export const notificationSettingsView = z.looseObject({
  emailOptIn: z.boolean(),
  prefs: z.looseObject(Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, z.boolean()])) as Record<(typeof NOTIFICATION_KEYS)[number], z.ZodBoolean>),
  channels: z.looseObject(
    Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, topicChannelsView])) as Record<(typeof NOTIFICATION_KEYS)[number], typeof topicChannelsView>,
  ),
});
