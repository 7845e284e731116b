import { appUrl, readConfig } from "@worker/core/config";
import { emailProviderFor } from "@worker/core/email/provider";
import { translatorFor } from "@worker/core/i18n/request-language";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps } from "@worker/core/service-context";
import { LANGUAGES, type Language, SOURCE_LANGUAGE } from "@worker/core/shared/languages";
import type { Translate } from "@worker/core/shared/translate";
import { getDatabase } from "@worker/db/client";
import { memberships } from "@worker/db/schema";
import { queueAudiencePushes, schedulePushBatch } from "@worker/features/push";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { clubDayItems, clubMailKeys, DIGEST_LIST_MAX, mailBatchJob, type OutboxState, unsubscribeUrl } from "./email-outbox";
import { clubDigestEmail, type EmailLinks, escapeHtml, notificationEmail } from "./email-templates";
import { NOTIFICATION_PREFERENCE, recipientLanguage } from "./notification-events";
import { channelOnSql } from "./notification-prefs";
import { notify } from "./notifications";
import type { UnsubscribePreference } from "./unsubscribe-tokens";

/** The second queue beside the cover queue (wrangler.toml): one message per event whose audience is large. */
export const NOTICE_QUEUE_NAME = "notice-fanout";
/**
 * Audiences larger than this go through the queue, written set-based by its consumer; a handful are
 * told at once by notify(), as before (their bell rings live, their e-mail and push go per member).
 */
export const QUEUE_AUDIENCE_ABOVE = 20;
/** Members whose unsubscribe links one e-mail insert carries (a JSON parameter well under D1's 100 KB statement). */
const MAIL_CHUNK = 100;
/** Stands for each recipient's own unsubscribe link in the text rendered once per language. */
const UNSUBSCRIBE_SLOT = "{{unsubscribe-link}}";

/** A text the consumer writes in each recipient's language: a catalogue message (msg()) and its values. */
const noticeTextSchema = z.strictObject({ message: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() });

/** An event told to a club's active members but its actor: the audience is a query, not a list. */
const clubNoticeSchema = z.strictObject({
  kind: z.literal("club"),
  type: z.enum(["club_announcement", "club_poll_opened"]),
  clubId: z.string(),
  clubName: z.string(),
  actorId: z.string(),
  dedupeKey: z.string(),
  link: z.string(),
  title: noticeTextSchema,
  body: z.string(),
  /** When it happened: every delivery of the message writes the same rows (its UTC day, its times). */
  at: z.number(),
});
export type ClubNotice = z.output<typeof clubNoticeSchema>;

/** Words the producer wrote in every language (a list of book titles is formatted per locale, not by one catalogue message). */
const writtenSchema = z.strictObject(Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<Language, z.ZodString>);

/** An event told to a member's followers: the audience is `follows` by followee (the actor), not a list. */
const followerNoticeSchema = z.strictObject({
  kind: z.literal("followers"),
  type: z.literal("followed_member_new_books"),
  actorId: z.string(),
  dedupeKey: z.string(),
  link: z.string(),
  title: writtenSchema,
  body: writtenSchema,
  at: z.number(),
});
export type FollowerNotice = z.output<typeof followerNoticeSchema>;

const noticeSchema = z.discriminatedUnion("kind", [clubNoticeSchema, followerNoticeSchema]);
export type NoticeMessage = z.output<typeof noticeSchema>;

/**
 * Tells a club's active members (but the actor) about a club-wide event. One capped read decides:
 * a handful are told now by notify(); beyond QUEUE_AUDIENCE_ABOVE the request only enqueues one message.
 */
export async function tellClubMembers(deps: Deps, notice: ClubNotice): Promise<void> {
  const { clubId, actorId } = notice;
  // One read answers both: a handful are the audience itself; one more than the handful means a large club.
  const members = await deps.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.clubId, clubId), eq(memberships.status, "active"), ne(memberships.userId, actorId)))
    .limit(QUEUE_AUDIENCE_ABOVE + 1);
  if (members.length > QUEUE_AUDIENCE_ABOVE) {
    await deps.env.NOTICE_QUEUE.send(notice);
    return;
  }
  const { title } = notice;
  await notify(
    deps,
    members.map(({ userId }) => ({
      userId,
      type: notice.type,
      title: ({ t }) => t(title.message, title.values),
      body: notice.body,
      link: notice.link,
      actorId,
      dedupeKey: notice.dedupeKey,
      clubMail: { clubId, clubName: notice.clubName },
    })),
    notice.at,
  );
}

/** Each member's own signed unsubscribe link (as text and as HTML), for an insert to slot in. */
function withLinks(env: Env, userIds: string[], preference: UnsubscribePreference, language: Language) {
  return Promise.all(
    userIds.map(async (id) => {
      const url = await unsubscribeUrl(env, id, preference, language);
      return { id, u: url, h: escapeHtml(url) };
    }),
  );
}

/** A member's language as written for them (users.language; none or unknown: English), in SQL. */
const LANGUAGE_OF = sql`(case when u.language in (${sql.join(
  LANGUAGES.map((language) => sql`${language}`),
  sql`, `,
)}) then u.language else ${SOURCE_LANGUAGE} end)`;

/**
 * Who hears a notice, as a FROM … WHERE over `m` (the audience's user_id), `u` (users) and `p`
 * (preferences). The audience is a club's active members or a member's followers; for either, the
 * recipients are those but the actor, not suspended or deleted, who have not blocked the actor, and
 * whose preference for the event is on (keys never saved read as on). Followers are also skipped
 * when the actor blocked them (a follow's rule: either way); a club notice reaches a member the
 * admin blocked, as notify() does.
 */
function audienceOf(notice: NoticeMessage): SQL {
  const preference = NOTIFICATION_PREFERENCE[notice.type];
  const members =
    notice.kind === "club"
      ? sql`select user_id from memberships where club_id = ${notice.clubId} and status = 'active'`
      : sql`select follower_id as user_id from follows where followee_id = ${notice.actorId}`;
  const blockedByActor =
    notice.kind === "followers" ? sql`and not exists (select 1 from blocks b where b.blocker_id = ${notice.actorId} and b.blocked_id = m.user_id)` : sql``;
  return sql`from (${members}) m join users u on u.id = m.user_id left join notification_preferences p on p.user_id = m.user_id
    where m.user_id <> ${notice.actorId}
      and u.suspended_at is null and u.deleted_at is null
      and not exists (select 1 from blocks b where b.blocker_id = m.user_id and b.blocked_id = ${notice.actorId}) ${blockedByActor}
      and (${channelOnSql(preference, "bell")} or ${channelOnSql(preference, "email")} or ${channelOnSql(preference, "push")})`;
}

/** A notice's title and body in one language: a club's from its catalogue message, a follower notice's as written. */
function wordsIn(notice: NoticeMessage, language: Language, t: Translate): { title: string; body: string } {
  if (notice.kind === "followers") return { title: notice.title[language], body: notice.body[language] };
  return { title: t(notice.title.message, notice.title.values), body: notice.body };
}

/**
 * The queue consumer's work for one notice (a club's or a member's followers'), set-based and
 * idempotent: per language of the audience (grouped in SQL), one INSERT … SELECT writes the bells,
 * e-mail rows and push rows, each guarded by its unique dedupe index, so a redelivered message writes
 * nothing twice. A club's e-mail keeps the club cap: the member's first club mail of the UTC day goes
 * at once, later ones join the next day's digest (rendered once per language and set of day's items,
 * written per chunk of members); a follower notice's e-mail goes at once, keyed by the notice. One
 * send job per kind of row is set for the whole audience, not one per member. Members' open tabs are
 * not pinged: their bell shows the item on the next page they load.
 */
export async function fanOutNotice(deps: Deps, notice: NoticeMessage): Promise<void> {
  const { db, env } = deps;
  const audience = audienceOf(notice);
  const languages = await db.all<{ language: string }>(sql`select distinct ${LANGUAGE_OF} as language ${audience}`);
  const config = readConfig(env);
  const state = emailProviderFor(env, config) ? "pending" : "outbox";
  const base = appUrl(config);
  const preference = NOTIFICATION_PREFERENCE[notice.type];
  // A club's first mail of the day claims the day; a follower notice's e-mail is keyed by the notice itself.
  const clubMail = notice.kind === "club" ? clubMailKeys(notice.clubId, notice.at) : undefined;
  const claim = clubMail?.claim ?? notice.dedupeKey;
  let digests = 0;
  for (const row of languages) {
    const language = recipientLanguage(row.language);
    const t = await translatorFor(language);
    const { title, body } = wordsIn(notice, language, t);
    const inLanguage = sql`${audience} and ${LANGUAGE_OF} = ${language}`;
    // A member who keeps only this topic's e-mail or push gets the row too (it names the event), read and off the bell.
    const bell = channelOnSql(preference, "bell");
    await db.run(sql`
      insert into notifications (id, user_id, type, title, body, link, actor_id, dedupe_key, count, in_bell, read_at, updated_at)
      select lower(hex(randomblob(16))), m.user_id, ${notice.type}, ${title}, ${body}, ${notice.link}, ${notice.actorId}, ${notice.dedupeKey}, 1,
        ${bell}, case when ${bell} then null else ${notice.at} end, ${notice.at}
      ${inLanguage}
      on conflict (user_id, dedupe_key) do nothing`);
    // E-mail and push follow the stored row (so its blocks), their own channel of the topic and the master switch.
    const stored = sql`and coalesce(p.email_opt_in, 1) = 1
      and exists (select 1 from notifications n where n.user_id = m.user_id and n.dedupe_key = ${notice.dedupeKey})`;
    const mailed = sql`${inLanguage} and ${channelOnSql(preference, "email")} ${stored}`;
    const pushed = sql`${inLanguage} and ${channelOnSql(preference, "push")} ${stored}`;

    // The day's first club mail: rendered once for the language, each member's unsubscribe link slotted in.
    const links = { item: `${base}${notice.link}`, unsubscribe: UNSUBSCRIBE_SLOT, settings: `${base}/settings/notifications` };
    const content = notificationEmail({ t, language }, { title, body, preference, links });
    const fresh = await db.all<{ userId: string }>(
      sql`select m.user_id as userId ${mailed} and not exists (select 1 from email_outbox o where o.user_id = m.user_id and o.dedupe_key = ${claim})`,
    );
    for (let i = 0; i < fresh.length; i += MAIL_CHUNK) {
      const chunk = await withLinks(
        env,
        fresh.slice(i, i + MAIL_CHUNK).map((row) => row.userId),
        preference,
        language,
      );
      // created_at is the event's time: a later delivery tells the day's claim it made from another event's.
      await db.run(sql`
        insert into email_outbox (id, user_id, to_email, subject, text, html, preference, dedupe_key, count, state, send_after, created_at)
        select lower(hex(randomblob(16))), u.id, u.email, ${content.subject}, replace(${content.text}, ${UNSUBSCRIBE_SLOT}, json_extract(j.value, '$.u')),
          replace(${content.html}, ${UNSUBSCRIBE_SLOT}, json_extract(j.value, '$.h')), ${preference}, ${claim}, 1, ${state}, ${notice.at}, ${notice.at}
        from json_each(${JSON.stringify(chunk)}) j join users u on u.id = json_extract(j.value, '$.id')
        where true
        on conflict (user_id, dedupe_key) do nothing`);
    }

    if (notice.kind === "club" && clubMail) {
      digests += await writeClubDigests(deps, notice, { mailed, t, language, base, links, state, keys: clubMail });
    }

    await queueAudiencePushes(deps, sql`select m.user_id ${pushed}`, { dedupeKey: notice.dedupeKey, title, body, url: notice.link, language }, notice.at);
  }
  if (state === "pending") {
    await scheduleJob(env, mailBatchJob(claim), notice.at);
    if (clubMail && digests > 0) await scheduleJob(env, mailBatchJob(clubMail.digest), clubMail.digestDue);
  }
  await schedulePushBatch(deps, notice.dedupeKey, notice.at);
}

/**
 * Members this club already mailed today (another event claimed the day) get the next day's digest,
 * re-written from their bell items of the club's day. Members with the same items (nearly always all
 * of a language) share one rendering: grouped by the items' keys, one write per group and chunk.
 * Returns how many members' digests were written.
 */
async function writeClubDigests(
  deps: Deps,
  notice: ClubNotice,
  at: { mailed: SQL; t: Translate; language: Language; base: string; links: EmailLinks; state: OutboxState; keys: ReturnType<typeof clubMailKeys> },
): Promise<number> {
  const { db, env } = deps;
  const { mailed, t, language, base, links, state } = at;
  const { claim, digest, dayStart, digestDue } = at.keys;
  const preference = NOTIFICATION_PREFERENCE[notice.type];
  let members = 0;
  const later = await db.all<{ userId: string; signature: string }>(
    sql`select m.user_id as userId, (select group_concat(k, ' ') from (select n.dedupe_key as k from notifications n
        where n.user_id = m.user_id and n.updated_at >= ${dayStart} and n.type in ('club_announcement', 'club_poll_opened')
          and n.link like ${`/clubs/${notice.clubId}/%`} order by n.updated_at, n.id)) as signature
      ${mailed} and exists (select 1 from email_outbox o where o.user_id = m.user_id and o.dedupe_key = ${claim} and o.created_at <> ${notice.at})`,
  );
  const groups = new Map<string, string[]>();
  for (const member of later) groups.set(member.signature, [...(groups.get(member.signature) ?? []), member.userId]);
  for (const userIds of groups.values()) {
    const { items, total } = await clubDayItems(db, userIds[0]!, notice.clubId, dayStart);
    if (total === 0) continue;
    const digestLinks = { ...links, item: `${base}/clubs/${notice.clubId}/room` };
    const written = clubDigestEmail(
      { t, language },
      { clubName: notice.clubName, items: items.slice(0, DIGEST_LIST_MAX), total, preference, links: digestLinks },
    );
    for (let i = 0; i < userIds.length; i += MAIL_CHUNK) {
      const chunk = JSON.stringify(await withLinks(env, userIds.slice(i, i + MAIL_CHUNK), preference, language));
      const link = (field: "u" | "h") =>
        sql`(select json_extract(j.value, ${`$.${field}`}) from json_each(${chunk}) j where json_extract(j.value, '$.id') = email_outbox.user_id)`;
      // Set, not added to: a redelivered message leaves each digest as it was.
      await db.run(sql`
        update email_outbox set subject = ${written.subject}, text = replace(${written.text}, ${UNSUBSCRIBE_SLOT}, ${link("u")}),
          html = replace(${written.html}, ${UNSUBSCRIBE_SLOT}, ${link("h")}), count = ${total}
        where batch_key = ${digest} and state = ${state} and (${state} = 'pending' or send_after > ${notice.at})
          and user_id in (select json_extract(value, '$.id') from json_each(${chunk}))`);
      await db.run(sql`
        insert into email_outbox (id, user_id, to_email, subject, text, html, preference, batch_key, dedupe_key, count, state, send_after)
        select lower(hex(randomblob(16))), u.id, u.email, ${written.subject}, replace(${written.text}, ${UNSUBSCRIBE_SLOT}, json_extract(j.value, '$.u')),
          replace(${written.html}, ${UNSUBSCRIBE_SLOT}, json_extract(j.value, '$.h')), ${preference}, ${digest}, ${digest}, ${total}, ${state}, ${digestDue}
        from json_each(${chunk}) j join users u on u.id = json_extract(j.value, '$.id')
        where true
        on conflict do nothing`);
    }
    members += userIds.length;
  }
  return members;
}

/** The club path by its old name: scripts and tests fan out a club notice directly. */
export const fanOutClubNotice = (deps: Deps, notice: ClubNotice): Promise<void> => fanOutNotice(deps, notice);

/** The notice-fanout consumer: each message is fanned out alone; a failure retries that message (its rows are idempotent). */
export async function handleNoticeBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deps = { db: getDatabase(env.DB), env };
  for (const message of batch.messages) {
    const parsed = noticeSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn(`Dropping notice-fanout message ${message.id}: not a notice`);
      message.ack();
      continue;
    }
    try {
      await fanOutNotice(deps, parsed.data);
      message.ack();
    } catch (error) {
      console.warn(`Notice ${parsed.data.dedupeKey} will retry`, error);
      message.retry({ delaySeconds: Math.min(300, 10 * 2 ** Math.max(0, message.attempts - 1)) });
    }
  }
}
