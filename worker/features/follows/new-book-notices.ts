import { translatorsFor } from "@worker/core/i18n/request-language";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps } from "@worker/core/service-context";
import { DEFAULT_REGION_LOCALE, LANGUAGES, type Language } from "@worker/core/shared/languages";
import type { Translate } from "@worker/core/shared/translate";
import { books, clubs, follows, users } from "@worker/db/schema";
import { type FollowerNotice, type NotificationInput, notify, QUEUE_AUDIENCE_ABOVE } from "@worker/features/notifications";
import { and, asc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { blockedEitherWay } from "./follows";

/**
 * A member's new books reach their followers as one bell item (and one e-mail) per window: books
 * listed within the same NEW_BOOKS_WINDOW_MS are told together ("Milo added 3 new books"). The
 * window's job runs SETTLE_MS after it closes. A book is listed once it has a title (decision 024):
 * a cover's book is told in the window its title arrived in.
 */
export const NEW_BOOKS_WINDOW_MS = 5 * 60_000;
const SETTLE_MS = 60_000;
/** Titles named in the notice's body; the rest are "and N more". */
const NAMED_TITLES = 3;

const listedAt = sql<number>`coalesce(${books.listedAt}, ${books.createdAt})`;

export const newBooksJob = (ownerId: string, windowStart: number) => `followed-books:${ownerId}:${windowStart}`;
export const newBooksWindow = (at: number) => at - (at % NEW_BOOKS_WINDOW_MS);
/** One notice per follower, followee and window: a retried job finds it stored and sends nothing. */
export const newBooksNoticeKey = (ownerId: string, windowStart: number) => `followed-books:${ownerId}:${windowStart}`;

/**
 * Called where books join a member's shelf (added by hand, by ISBN or from a cover, imported): one
 * indexed look-up, and for a member with followers one timer set for the window (setting it again
 * for the window's next book changes nothing). The fan-out itself is the job's, off the request
 * path. A failure here never fails the book: at worst its followers are not told.
 */
export async function noteNewBooks(deps: Deps, ownerId: string, now = Date.now()): Promise<void> {
  try {
    const [followed] = await deps.db.select({ at: follows.createdAt }).from(follows).where(eq(follows.followeeId, ownerId)).limit(1);
    if (!followed) return;
    const windowStart = newBooksWindow(now);
    await scheduleJob(deps.env, newBooksJob(ownerId, windowStart), windowStart + NEW_BOOKS_WINDOW_MS + SETTLE_MS);
  } catch (error) {
    console.warn(`Could not schedule new-book notices for ${ownerId}`, error);
  }
}

/**
 * `“Title”, “Other” and 2 more` (only listed books, which have titles, are counted), in the
 * reader's language: its quotation marks, and its way of listing (Intl.ListFormat in `locale`).
 */
function describeTitles(titles: string[], total: number, t: Translate, locale: string): string {
  const named = titles.filter((title) => title.trim()).slice(0, NAMED_TITLES);
  if (named.length === 0) return "";
  const items = named.map((title) => t("“{title}”", { title: title.trim() }));
  const rest = total - named.length;
  if (rest > 0) items.push(t("{count, plural, other {# more}}", { count: rest }));
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
}

/** The notice's words in every language, for the queue's consumer to write each follower's in theirs. */
async function inEveryLanguage(write: (t: Translate, locale: string) => string): Promise<Record<Language, string>> {
  const translators = await translatorsFor(LANGUAGES);
  return Object.fromEntries(LANGUAGES.map((language) => [language, write(translators.get(language)!, DEFAULT_REGION_LOCALE[language])])) as Record<
    Language,
    string
  >;
}

/**
 * The `followed-books:{ownerId}:{windowStart}` job: counts the books the owner listed in the window
 * that others can see (not hidden by a moderator or a suspension, not in a private club), then tells
 * the owner's followers. One capped read of the followers (across a block either way, deleted or
 * suspended skipped) decides: up to QUEUE_AUDIENCE_ABOVE are told at once by notify(), which applies
 * each one's "New books from people you follow" preference and the master switch for e-mail; beyond
 * that the job only enqueues one message on notice-fanout, whose consumer applies the same rules to
 * the whole audience in SQL. Idempotent by the notice's dedupe key, so a retried alarm adds nothing.
 */
export async function runNewBooksJob(deps: Deps, id: string, now: number): Promise<number | null> {
  const separator = id.lastIndexOf(":");
  const ownerId = id.slice(0, separator);
  const windowStart = Number(id.slice(separator + 1));
  if (separator <= 0 || !Number.isSafeInteger(windowStart)) return null;
  const { db } = deps;

  const [[owner], added, audience] = await db.batch([
    db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.id, ownerId), isNull(users.deletedAt), isNull(users.suspendedAt))),
    db
      .select({ title: books.title })
      .from(books)
      .leftJoin(clubs, eq(clubs.id, books.clubId))
      .where(
        and(
          eq(books.userId, ownerId),
          // Listed in the window: added with a title, or given one then (a cover's book, decision 024).
          gte(listedAt, windowStart),
          lt(listedAt, windowStart + NEW_BOOKS_WINDOW_MS),
          isNull(books.hidden),
          or(isNull(books.clubId), eq(clubs.isPrivate, false)),
        ),
      )
      .orderBy(asc(books.seq)),
    // One more than the handful says the audience is large: its members are then the consumer's query.
    db
      .select({ followerId: follows.followerId })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(
        and(eq(follows.followeeId, ownerId), isNull(users.deletedAt), isNull(users.suspendedAt), sql`not ${blockedEitherWay(follows.followerId, ownerId)}`),
      )
      .limit(QUEUE_AUDIENCE_ABOVE + 1),
  ]);
  if (!owner || added.length === 0 || audience.length === 0) return null;

  const count = added.length;
  const titles = added.map((book) => book.title);
  const title = (t: Translate) => t("{name} added {count, plural, one {a new book} other {# new books}}", { name: owner.name, count });
  const body = (t: Translate, locale: string) => describeTitles(titles, count, t, locale);
  const link = `/users/${ownerId}`;
  const dedupeKey = newBooksNoticeKey(ownerId, windowStart);

  if (audience.length > QUEUE_AUDIENCE_ABOVE) {
    const notice: FollowerNotice = {
      kind: "followers",
      type: "followed_member_new_books",
      actorId: ownerId,
      dedupeKey,
      link,
      title: await inEveryLanguage(title),
      body: await inEveryLanguage(body),
      at: now,
    };
    // A failed send fails the job, whose alarm tries again: the notice is never dropped silently.
    await deps.env.NOTICE_QUEUE.send(notice);
    return null;
  }
  // Written for each follower in their own language by notify().
  const notice = {
    type: "followed_member_new_books",
    title: ({ t }) => title(t),
    body: ({ t, locale }) => body(t, locale),
    link,
    actorId: ownerId,
    dedupeKey,
  } satisfies Omit<NotificationInput, "userId">;
  await notify(
    deps,
    audience.map((row) => ({ ...notice, userId: row.followerId })),
    now,
  );
  return null;
}
