import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps } from "@worker/core/service-context";
import type { Translate } from "@worker/core/shared/translate";
import { books, clubs, follows, users } from "@worker/db/schema";
import { type NotificationInput, notify } from "@worker/features/notifications";
import { and, asc, eq, gt, gte, isNull, lt, or, sql } from "drizzle-orm";
import { blockedEitherWay } from "./follows";

/**
 * A member's new books reach their followers as one bell item (and one e-mail) per window: books
 * added within the same NEW_BOOKS_WINDOW_MS are told together ("Milo added 3 new books"). The
 * window's job runs SETTLE_MS after it closes, by when a cover upload has been read and has a title.
 */
export const NEW_BOOKS_WINDOW_MS = 5 * 60_000;
const SETTLE_MS = 60_000;
/** Followers told per notify() call: one read of their preferences and blocks, one batch of upserts. */
const FAN_OUT_CHUNK = 50;
/** Titles named in the notice's body; the rest are "and N more". */
const NAMED_TITLES = 3;

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
 * `“Title”, “Other” and 2 more` (books still without a title are counted, not named), in the
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

/**
 * The `followed-books:{ownerId}:{windowStart}` job: counts the books the owner added in the window
 * that others can see (not hidden by a moderator or a suspension, not in a private club), then tells
 * the owner's followers in chunks, keyset-paged on follows_followee_recent_idx. Followers across a
 * block either way, deleted or suspended are skipped here; notify() applies each follower's
 * "New books from people you follow" preference (off: no bell item, no e-mail) and the master
 * switch for e-mail. Idempotent by the notice's dedupe key, so a retried alarm adds nothing.
 */
export async function runNewBooksJob(deps: Deps, id: string, now: number): Promise<number | null> {
  const separator = id.lastIndexOf(":");
  const ownerId = id.slice(0, separator);
  const windowStart = Number(id.slice(separator + 1));
  if (separator <= 0 || !Number.isSafeInteger(windowStart)) return null;
  const { db } = deps;

  const [[owner], added] = await db.batch([
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
          gte(books.createdAt, windowStart),
          lt(books.createdAt, windowStart + NEW_BOOKS_WINDOW_MS),
          isNull(books.hidden),
          or(isNull(books.clubId), eq(clubs.isPrivate, false)),
        ),
      )
      .orderBy(asc(books.seq)),
  ]);
  if (!owner || added.length === 0) return null;

  const count = added.length;
  const titles = added.map((book) => book.title);
  // Written for each follower in their own language by notify().
  const notice = {
    type: "followed_member_new_books",
    title: ({ t }) => t("{name} added {count, plural, one {a new book} other {# new books}}", { name: owner.name, count }),
    body: ({ t, locale }) => describeTitles(titles, count, t, locale),
    link: `/users/${ownerId}`,
    actorId: ownerId,
    dedupeKey: newBooksNoticeKey(ownerId, windowStart),
  } satisfies Omit<NotificationInput, "userId">;

  let after: { createdAt: number; followerId: string } | undefined;
  for (;;) {
    const chunk = await db
      .select({ followerId: follows.followerId, createdAt: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(
        and(
          eq(follows.followeeId, ownerId),
          isNull(users.deletedAt),
          isNull(users.suspendedAt),
          sql`not ${blockedEitherWay(follows.followerId, ownerId)}`,
          after ? or(gt(follows.createdAt, after.createdAt), and(eq(follows.createdAt, after.createdAt), gt(follows.followerId, after.followerId))) : undefined,
        ),
      )
      .orderBy(asc(follows.createdAt), asc(follows.followerId))
      .limit(FAN_OUT_CHUNK);
    if (chunk.length > 0) {
      await notify(
        deps,
        chunk.map((row) => ({ ...notice, userId: row.followerId })),
        now,
      );
    }
    if (chunk.length < FAN_OUT_CHUNK) return null;
    after = chunk[chunk.length - 1];
  }
}
