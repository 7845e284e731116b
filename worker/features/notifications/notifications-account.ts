import { notFound } from "@worker/core/errors";
import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { emailOutbox, notificationPreferences, notifications, users } from "@worker/db/schema";
import { desc, eq } from "drizzle-orm";
import { getNotificationSettings } from "./notification-prefs";

/** preferences.json: the member's notification settings, defaults filled in as /profile shows them. */
export const preferencesDataPart: AccountDataPart = {
  name: "preferences",
  covers: [{ table: notificationPreferences, how: "preferences.json" }],
  files: ["preferences.json"],
  async write({ db, env }, userId, zip) {
    const [profile] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!profile) throw notFound("Member not found");
    const settings = await getNotificationSettings({ db, env, user: { ...profile } });
    await zip.json("preferences.json", { notifications: settings });
  },
};

/** notifications.json: the member's bell, newest first. */
export const notificationsDataPart: AccountDataPart = {
  name: "notifications",
  covers: [{ table: notifications, how: "notifications.json" }],
  files: ["notifications.json"],
  async write({ db }, userId, zip) {
    const rows = await db
      .select({
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        count: notifications.count,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        updatedAt: notifications.updatedAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.updatedAt));
    await zip.json("notifications.json", rows);
  },
};

/** The member's bell, notification settings and e-mails (sent or waiting) go. */
export const notificationsDeletionPart: AccountDeletionPart = {
  name: "notifications",
  covers: [
    { table: notifications, how: "deleted; other members' items naming the member as actor keep it" },
    { table: notificationPreferences, how: "deleted" },
    { table: emailOutbox, how: "deleted" },
  ],
  async plan({ db, user }) {
    return {
      statements: [
        db.delete(notifications).where(eq(notifications.userId, user.id)),
        db.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id)),
        db.delete(emailOutbox).where(eq(emailOutbox.userId, user.id)),
      ],
    };
  },
};
