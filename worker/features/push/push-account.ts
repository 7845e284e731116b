import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { pushOutbox, pushSubscriptions } from "@worker/db/schema";
import { desc, eq } from "drizzle-orm";

/** push-devices.json: the devices the member gets notifications on, and the pushes sent or waiting for them. */
export const pushDataPart: AccountDataPart = {
  name: "push",
  covers: [
    { table: pushSubscriptions, how: "push-devices.json (browser, system, when; not the endpoint or its keys, which only the push service can use)" },
    { table: pushOutbox, how: "push-devices.json" },
  ],
  files: ["push-devices.json"],
  async write({ db }, userId, zip) {
    const [devices, pushes] = await Promise.all([
      db
        .select({ browser: pushSubscriptions.browser, system: pushSubscriptions.system, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt)),
      db
        .select({
          title: pushOutbox.title,
          body: pushOutbox.body,
          url: pushOutbox.url,
          state: pushOutbox.state,
          sentAt: pushOutbox.sentAt,
          createdAt: pushOutbox.createdAt,
        })
        .from(pushOutbox)
        .where(eq(pushOutbox.userId, userId))
        .orderBy(desc(pushOutbox.createdAt)),
    ]);
    await zip.json("push-devices.json", { devices, pushes });
  },
};

/** The member's devices and their pushes go (sessions' deletion would take them too; this says so outright). */
export const pushDeletionPart: AccountDeletionPart = {
  name: "push",
  covers: [
    { table: pushSubscriptions, how: "deleted" },
    { table: pushOutbox, how: "deleted" },
  ],
  async plan({ db, user }) {
    return {
      statements: [db.delete(pushOutbox).where(eq(pushOutbox.userId, user.id)), db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))],
    };
  },
};
