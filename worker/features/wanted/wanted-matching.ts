import type { EventOf } from "@worker/core/events/registry";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps } from "@worker/core/service-context";
import { type Cell, cellCentre, greatCircleKm, shownDistanceKm } from "@worker/core/shared/area-cells";
import { copiesExpression, isCopyOf, matchKey } from "@worker/core/shared/copy-match";
import { formatKm } from "@worker/core/shared/distance-format";
import type { Translate } from "@worker/core/shared/translate";
import { booksFts } from "@worker/db/fts";
import { books, clubs, memberAreas, users, wantedBooks, wantedMatches } from "@worker/db/schema";
import { type NotificationInput, notify } from "@worker/features/notifications";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";

/** Candidates a new want reads from the search index (newest first), as a book page's other copies do, but more. */
const NEW_WANT_CANDIDATES = 1000;
/** The widest radius a member may choose (WANTED_RADII_KM): wanters further than this are never read. */
const WIDEST_KM = 100;
/** Members told in one notify() call: its reads name each recipient, under D1's 100 bound parameters. */
const NOTIFY_CHUNK = 50;
/** A cover still being read has no title yet: its job looks again this often, for this long. */
const READING_RETRY_MS = 30_000;
const READING_GIVE_UP_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

export const wantedCopyJob = (bookId: string, reason: string) => `wanted-copy:${bookId}|${reason}`;
export const wantedRematchJob = (userId: string) => `wanted-rematch:${userId}`;
/** A move re-matches the member's newest wants, at most this many (an import's to-read shelf is ~340). */
const REMATCH_MAX = 500;

interface Want {
  id: number;
  userId: string;
  title: string;
  author: string;
  isbn13: string | null;
}

/** Inserts matches (wanted id, book seq, member), each once: set-based, one statement for any number. */
export async function recordMatches(deps: Deps, matches: readonly [number, number, string][], now: number): Promise<void> {
  if (matches.length === 0) return;
  await deps.db.run(sql`insert into wanted_matches (wanted_id, book_seq, user_id, created_at)
    select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), ${now} from json_each(${JSON.stringify(matches)})
    where true on conflict do nothing`);
}

/**
 * A new want's copies already listed within the member's radius: the search index gives the
 * candidates (title and author words, or the ISBN), each is checked as a copy exactly, and the
 * distance from the member's cell keeps those within reach. Returns how many were recorded.
 */
export async function matchNewWant(deps: Deps, want: Want, area: { cell: Cell; radiusKm: number }): Promise<number> {
  const fts = copiesExpression({ title: want.title, author: want.author, isbn13: want.isbn13 });
  if (!fts) return 0;
  const rows = await deps.db
    .select({ seq: books.seq, title: books.title, author: books.author, isbn13: books.isbn13, cellLat: books.cellLat, cellLon: books.cellLon })
    .from(booksFts)
    .innerJoin(books, eq(books.seq, booksFts.rowid))
    .where(and(sql`books_fts match ${fts}`, isNull(books.hidden), ne(books.userId, want.userId)))
    .orderBy(sql`${booksFts.rowid} desc`)
    .limit(NEW_WANT_CANDIDATES);
  const at = cellCentre(area.cell);
  const near = rows.filter(
    (row) =>
      row.cellLat !== null &&
      row.cellLon !== null &&
      (want.title.trim() ? isCopyOf(want, row) : row.isbn13 === want.isbn13) &&
      greatCircleKm(at, cellCentre({ cellLat: row.cellLat, cellLon: row.cellLon })) <= area.radiusKm,
  );
  await recordMatches(
    deps,
    near.map((row) => [want.id, row.seq, want.userId]),
    Date.now(),
  );
  return near.length;
}

/** The copy a job looks at, with what decides whether wanters may hear of it. */
async function readCopy(deps: Deps, bookId: string) {
  const [copy] = await deps.db
    .select({
      seq: books.seq,
      id: books.id,
      ownerId: books.userId,
      ownerName: users.name,
      title: books.title,
      author: books.author,
      isbn13: books.isbn13,
      status: books.status,
      hidden: books.hidden,
      cellLat: books.cellLat,
      cellLon: books.cellLon,
      analysisState: books.analysisState,
      createdAt: books.createdAt,
      clubIsPrivate: clubs.isPrivate,
      held: sql<number>`exists (select 1 from loans held where held.book_id = ${books.id} and held.state in ('accepted', 'lent'))`,
    })
    .from(books)
    .innerJoin(users, eq(users.id, books.userId))
    .leftJoin(clubs, eq(clubs.id, books.clubId))
    .where(and(eq(books.id, bookId), isNull(users.deletedAt), isNull(users.suspendedAt)))
    .limit(1);
  return copy;
}

/**
 * Members who want this copy and live within their radius of it: one read by ISBN-13 or match key
 * (both indexed), bounded to the widest radius's band of latitude, skipping deleted or suspended
 * members and blocks either way. The exact distance is checked here, from the cells.
 */
async function wantersOf(deps: Deps, copy: { ownerId: string; title: string; author: string; isbn13: string | null; cell: Cell }) {
  const key = copy.title.trim() ? matchKey(copy.title, copy.author) : null;
  const isbn = copy.isbn13 && /^\d{13}$/.test(copy.isbn13) ? copy.isbn13 : null;
  if (!key && !isbn) return [];
  const band = Math.ceil((WIDEST_KM / 111) * 100) + 1;
  const byIsbn = isbn ? sql`w.isbn13 = ${isbn}` : sql`false`;
  // The same ISBN-13 when both have one, else the same title and author (worker/core/shared/copy-match.ts).
  const byKey = key ? (isbn ? sql`(w.match_key = ${key} and w.isbn13 is null)` : sql`w.match_key = ${key}`) : sql`false`;
  const rows = await deps.db.all<{ wantedId: number; userId: string; cellLat: number; cellLon: number; radiusKm: number }>(sql`
    select w.id as wantedId, w.user_id as userId, a.cell_lat as cellLat, a.cell_lon as cellLon, a.wanted_radius_km as radiusKm
    from wanted_books w
    join member_areas a on a.user_id = w.user_id
    join users u on u.id = w.user_id
    where (${byIsbn} or ${byKey})
      and w.user_id <> ${copy.ownerId}
      and a.cell_lat between ${copy.cell.cellLat - band} and ${copy.cell.cellLat + band}
      and u.deleted_at is null and u.suspended_at is null
      and not exists (select 1 from blocks b where (b.blocker_id = w.user_id and b.blocked_id = ${copy.ownerId})
        or (b.blocker_id = ${copy.ownerId} and b.blocked_id = w.user_id))`);
  const at = cellCentre(copy.cell);
  return rows
    .map((row) => ({ ...row, cell: { cellLat: row.cellLat, cellLon: row.cellLon } }))
    .filter((row) => greatCircleKm(at, cellCentre(row.cell)) <= row.radiusKm);
}

const distanceText = (t: Translate, locale: string, km: number) => t(km ? "about {distance}" : "under {distance}", { distance: formatKm(locale, km || 1) });

/**
 * The `wanted-copy:{bookId}|{reason}` job: a copy was listed (`listed`) or freed (`returned:…`,
 * `cancelled:…`, `waitlist:…`). Its wanters within their radius get a match (for "Wanted, near you"
 * and the owner's count) and, while the copy is free to borrow, a bell item at once; their e-mail and
 * push gather into one a day. Keyed by copy and reason, so a retried alarm tells nobody twice.
 */
export async function runWantedCopyJob(deps: Deps, id: string, now: number): Promise<number | null> {
  const separator = id.indexOf("|");
  if (separator <= 0) return null;
  const bookId = id.slice(0, separator);
  const reason = id.slice(separator + 1);
  const copy = await readCopy(deps, bookId);
  if (!copy) return null;
  // A cover being read has no title yet: look again shortly.
  if (copy.analysisState === "pending" && now - copy.createdAt < READING_GIVE_UP_MS) return now + READING_RETRY_MS;
  if (copy.hidden || copy.clubIsPrivate || copy.cellLat === null || copy.cellLon === null) return null;
  const cell = { cellLat: copy.cellLat, cellLon: copy.cellLon };
  const wanters = await wantersOf(deps, { ...copy, cell });
  if (wanters.length === 0) return null;
  await recordMatches(
    deps,
    wanters.map((wanter) => [wanter.wantedId, copy.seq, wanter.userId]),
    now,
  );
  const free = (copy.status === "available" || copy.status === "giving_away") && !copy.held;
  if (!free) return null;

  const day = new Date(now).toISOString().slice(0, 10);
  const until = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
  const title = copy.title.trim() || copy.isbn13 || "";
  const notices = [...new Map(wanters.map((wanter) => [wanter.userId, wanter])).values()].map(
    (wanter): NotificationInput => ({
      userId: wanter.userId,
      type: "wanted_available",
      title: ({ t }) => t('"{title}" is available near you', { title }),
      body: ({ t, locale }) =>
        t("{name}'s copy, {distance} away", { name: copy.ownerName, distance: distanceText(t, locale, shownDistanceKm(wanter.cell, cell)) }),
      link: `/books/${copy.id}`,
      actorId: copy.ownerId,
      actorName: copy.ownerName,
      dedupeKey: `wanted:${copy.id}:${reason}`,
      // The bell at once; e-mail and push gather into one a day, sent when the UTC day ends.
      gather: { key: `wanted-near:${day}`, until },
    }),
  );
  for (let i = 0; i < notices.length; i += NOTIFY_CHUNK) await notify(deps, notices.slice(i, i + NOTIFY_CHUNK), now);
  return null;
}

/** A copy joined a shelf: its wanters are looked up off the request, by a job run at once (one timer per copy). */
export async function noteListedCopies(deps: Deps, event: EventOf<"book.listed">): Promise<void> {
  await Promise.all(event.bookIds.map((bookId) => scheduleJob(deps.env, wantedCopyJob(bookId, "listed"), event.at)));
}

/** A copy is free again with nobody waiting: its wanters may borrow it now. */
export async function noteFreedCopy(deps: Deps, event: EventOf<"loan.book_free">): Promise<void> {
  await scheduleJob(deps.env, wantedCopyJob(event.bookId, event.freedBy), event.at);
}

/** The member moved or cleared their area: what was near them is no longer; their wants are matched again off the request. */
export async function noteMovedArea(deps: Deps, event: EventOf<"geo.area_changed">): Promise<void> {
  await scheduleJob(deps.env, wantedRematchJob(event.userId), event.at);
}

/**
 * The `wanted-rematch:{userId}` job: forgets the member's matches and finds the copies near their
 * (new) area for their newest wants, none without an area. Tells nobody: the copies are not new.
 * Run again, it finds the same copies.
 */
export async function runWantedRematchJob(deps: Deps, userId: string, _now: number): Promise<number | null> {
  const [[area], wants] = await deps.db.batch([
    deps.db
      .select({ cellLat: memberAreas.cellLat, cellLon: memberAreas.cellLon, radiusKm: memberAreas.wantedRadiusKm })
      .from(memberAreas)
      .where(eq(memberAreas.userId, userId))
      .limit(1),
    deps.db
      .select({ id: wantedBooks.id, title: wantedBooks.title, author: wantedBooks.author, isbn13: wantedBooks.isbn13 })
      .from(wantedBooks)
      .where(eq(wantedBooks.userId, userId))
      .orderBy(desc(wantedBooks.id))
      .limit(REMATCH_MAX),
  ]);
  await deps.db.delete(wantedMatches).where(eq(wantedMatches.userId, userId));
  if (!area) return null;
  const reach = { cell: { cellLat: area.cellLat, cellLon: area.cellLon }, radiusKm: area.radiusKm };
  for (const want of wants) await matchNewWant(deps, { ...want, userId }, reach);
  return null;
}
