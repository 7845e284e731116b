import { requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import type { Database } from "@worker/db/client";
import { NOTIFICATION_KEYS, type NotificationPrefs, notificationPreferences } from "@worker/db/schema";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";

export interface NotificationSettings {
  emailOptIn: boolean;
  prefs: NotificationPrefs;
}

const ALL_ON = Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, true])) as NotificationPrefs;

/** Stored prefs over the defaults (all on), so keys never saved — or added later — read as on. */
function withDefaults(stored: Partial<NotificationPrefs> | null | undefined): NotificationPrefs {
  const prefs = { ...ALL_ON };
  for (const key of NOTIFICATION_KEYS) {
    const value = stored?.[key];
    if (typeof value === "boolean") prefs[key] = value;
  }
  return prefs;
}

export async function getNotificationSettings(ctx: ServiceContext): Promise<NotificationSettings> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({ emailOptIn: notificationPreferences.emailOptIn, prefs: notificationPreferences.prefs })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, ctx.user.id))
    .limit(1);
  return { emailOptIn: row?.emailOptIn ?? true, prefs: withDefaults(row?.prefs) };
}

const prefsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, z.boolean().optional()])) as Record<(typeof NOTIFICATION_KEYS)[number], z.ZodOptional<z.ZodBoolean>>,
);

/** Either part may be left out; prefs may name only some of the six keys (the rest keep their values). */
export const notificationSettingsSchema = z
  .strictObject({ emailOptIn: z.boolean().optional(), prefs: prefsSchema.optional() })
  .refine((input) => input.emailOptIn !== undefined || input.prefs !== undefined, { error: () => translate("Send emailOptIn, prefs or both") });
export type NotificationSettingsUpdate = z.output<typeof notificationSettingsSchema>;

/**
 * One upsert that merges the given keys into the stored ones (json_patch), so two switches
 * flipped at once both stick instead of the later write undoing the earlier.
 */
export async function updateNotificationSettings(ctx: ServiceContext, input: NotificationSettingsUpdate): Promise<NotificationSettings> {
  requireUser(ctx);
  return saveNotificationSettings(ctx.db, ctx.user.id, input);
}

/** The write itself, for a member named by id: the signed-in one, or an unsubscribe link's. */
export async function saveNotificationSettings(db: Database, userId: string, input: NotificationSettingsUpdate): Promise<NotificationSettings> {
  const prefs = Object.fromEntries(Object.entries(input.prefs ?? {}).filter(([, value]) => value !== undefined));
  const now = Date.now();
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, emailOptIn: input.emailOptIn ?? true, prefs, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        prefs: sql`json_patch(${notificationPreferences.prefs}, excluded.prefs)`,
        ...(input.emailOptIn === undefined ? {} : { emailOptIn: input.emailOptIn }),
        updatedAt: now,
      },
    })
    .returning({ emailOptIn: notificationPreferences.emailOptIn, prefs: notificationPreferences.prefs });
  return { emailOptIn: row!.emailOptIn, prefs: withDefaults(row!.prefs) };
}
