import { requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import type { Database } from "@worker/db/client";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KEYS,
  type NotificationChannel,
  type NotificationChannelPrefs,
  type NotificationKey,
  type NotificationPrefs,
  notificationPreferences,
} from "@worker/db/schema";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";

export type TopicChannels = Record<NotificationChannel, boolean>;

export interface NotificationSettings {
  emailOptIn: boolean;
  /** A topic is on while any of its channels is. */
  prefs: NotificationPrefs;
  /** The grid: each topic by channel (bell, e-mail, push). */
  channels: Record<NotificationKey, TopicChannels>;
}

/**
 * Whether a topic's notices go to a channel: the topic is not off as a whole (`prefs`, the six
 * switches' old meaning) and the channel is not off. Never saved reads as on. `null`: an event with no
 * topic of its own (a loan step), on every channel.
 */
export function channelOn(
  stored: { prefs?: Partial<NotificationPrefs> | null; channels?: NotificationChannelPrefs | null } | null | undefined,
  key: NotificationKey | null,
  channel: NotificationChannel,
): boolean {
  if (!key) return true;
  return stored?.prefs?.[key] !== false && stored?.channels?.[key]?.[channel] !== false;
}

/** The same rule in SQL, over a notification_preferences row aliased `p` (a left join: no row reads as on). */
export function channelOnSql(key: NotificationKey | null, channel: NotificationChannel) {
  if (!key) return sql`1`;
  return sql`(coalesce(json_extract(p.prefs, ${`$.${key}`}), 1) <> 0 and coalesce(json_extract(p.channels, ${`$.${key}.${channel}`}), 1) <> 0)`;
}

function settingsOf(row: { emailOptIn: boolean; prefs: Partial<NotificationPrefs>; channels: NotificationChannelPrefs } | undefined): NotificationSettings {
  const channels = Object.fromEntries(
    NOTIFICATION_KEYS.map((key) => [key, Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, channelOn(row, key, channel)]))]),
  ) as Record<NotificationKey, TopicChannels>;
  const prefs = Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, NOTIFICATION_CHANNELS.some((channel) => channels[key][channel])])) as NotificationPrefs;
  return { emailOptIn: row?.emailOptIn ?? true, prefs, channels };
}

const columns = { emailOptIn: notificationPreferences.emailOptIn, prefs: notificationPreferences.prefs, channels: notificationPreferences.channels };

async function readRow(db: Database, userId: string) {
  const [row] = await db.select(columns).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  return row;
}

export async function getNotificationSettings(ctx: ServiceContext): Promise<NotificationSettings> {
  requireUser(ctx);
  return settingsOf(await readRow(ctx.db, ctx.user.id));
}

const prefsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, z.boolean().optional()])) as Record<NotificationKey, z.ZodOptional<z.ZodBoolean>>,
);
const topicChannelsSchema = z.strictObject({ bell: z.boolean().optional(), email: z.boolean().optional(), push: z.boolean().optional() });
const channelsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, topicChannelsSchema.optional()])) as Record<
    NotificationKey,
    z.ZodOptional<typeof topicChannelsSchema>
  >,
);

/**
 * Any of the three parts may be left out, not all. `prefs` turns a topic on or off on every channel;
 * `channels` turns single cells of the grid; keys left out keep their values.
 */
export const notificationSettingsSchema = z
  .strictObject({ emailOptIn: z.boolean().optional(), prefs: prefsSchema.optional(), channels: channelsSchema.optional() })
  .refine((input) => input.emailOptIn !== undefined || input.prefs !== undefined || input.channels !== undefined, {
    error: () => translate("Send emailOptIn, prefs or both"),
  });
export type NotificationSettingsUpdate = z.output<typeof notificationSettingsSchema>;

export async function updateNotificationSettings(ctx: ServiceContext, input: NotificationSettingsUpdate): Promise<NotificationSettings> {
  requireUser(ctx);
  return saveNotificationSettings(ctx.db, ctx.user.id, input);
}

const defined = <T>(record: Partial<Record<string, T | undefined>> | undefined) =>
  Object.fromEntries(Object.entries(record ?? {}).filter(([, value]) => value !== undefined)) as Record<string, T>;

/**
 * The write itself, for a member named by id: the signed-in one, or an unsubscribe link's. One upsert
 * merges the given keys into the stored ones (json_patch), so two switches flipped at once both stick.
 * Turning a cell on in a topic that is off as a whole first reads the row: the topic comes back on
 * with only that cell, its other channels staying off as they were.
 */
export async function saveNotificationSettings(db: Database, userId: string, input: NotificationSettingsUpdate): Promise<NotificationSettings> {
  const prefs: Partial<NotificationPrefs> = defined(input.prefs);
  const channels: NotificationChannelPrefs = {};
  for (const [key, on] of Object.entries(prefs) as [NotificationKey, boolean][]) {
    channels[key] = { bell: on, email: on, push: on };
  }
  const cells = Object.entries(defined(input.channels)) as [NotificationKey, Partial<TopicChannels>][];
  const revived = cells.filter(([key, cell]) => prefs[key] === undefined && Object.values(cell).some((on) => on === true));
  const stored = revived.length > 0 ? await readRow(db, userId) : undefined;
  for (const [key, cell] of cells) {
    if (prefs[key] !== undefined) continue;
    const asked = defined(cell) as Partial<TopicChannels>;
    if (stored?.prefs?.[key] === false && Object.values(asked).some(Boolean)) {
      prefs[key] = true;
      channels[key] = { bell: false, email: false, push: false, ...asked };
    } else {
      channels[key] = asked;
    }
  }
  const now = Date.now();
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, emailOptIn: input.emailOptIn ?? true, prefs, channels, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        prefs: sql`json_patch(${notificationPreferences.prefs}, excluded.prefs)`,
        channels: sql`json_patch(${notificationPreferences.channels}, excluded.channels)`,
        ...(input.emailOptIn === undefined ? {} : { emailOptIn: input.emailOptIn }),
        updatedAt: now,
      },
    })
    .returning(columns);
  return settingsOf(row);
}
