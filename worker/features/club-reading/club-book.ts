import { readConfig } from "@worker/core/config";
import { badField, conflict, notFound } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { matchKey } from "@worker/core/shared/copy-match";
import { normalizeIsbn } from "@worker/core/shared/isbn";
import { books, clubBooks, clubMilestones, memberships, milestoneProgress, users } from "@worker/db/schema";
import { bookFieldsFromRecord } from "@worker/features/books";
import { findBookMetadata, lookupSettingsFrom } from "@worker/features/covers";
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { activeMemberOf, managingClub, readableClub } from "./reading-access";
import {
  BOOK_NOT_FOUND,
  INVALID_ISBN,
  MILESTONE_NOT_FOUND,
  type MilestoneInput,
  NO_BOOK_FOR_ISBN,
  NO_CURRENT_BOOK,
  type SetBookInput,
  SHARED_NAMES_MAX,
  type ShelfQuery,
  shelfCursor,
} from "./reading-rules";

/** The club's book as pages and the API show it. */
export interface ClubBookView {
  clubBookId: string;
  bookId: string | null;
  title: string;
  author: string;
  isbn13: string | null;
  /** An R2 key (`covers/…`, served under /media) or an https URL from the ISBN look-up. */
  cover: string | null;
  finishBy: string | null;
  startedAt: number;
  finishedAt: number | null;
}

export interface MilestoneView {
  milestoneId: string;
  position: number;
  label: string;
  dueOn: string | null;
  /** Active members of the club who marked it. */
  doneCount: number;
  /** Of those, the ones who chose to share their name (at most SHARED_NAMES_MAX). */
  sharedBy: { userId: string; name: string }[];
  /** The viewer's own mark. */
  mine: { done: boolean; shared: boolean };
}

export interface ClubReading {
  clubId: string;
  current: ClubBookView | null;
  milestones: MilestoneView[];
  memberCount: number;
  /** The viewer may set the book and the schedule. */
  canManage: boolean;
  /** The viewer may mark their progress (an active member). */
  canMark: boolean;
}

const bookColumns = {
  clubBookId: clubBooks.id,
  bookId: clubBooks.bookId,
  title: clubBooks.title,
  author: clubBooks.author,
  isbn13: clubBooks.isbn13,
  cover: clubBooks.cover,
  finishBy: clubBooks.finishBy,
  startedAt: clubBooks.startedAt,
  finishedAt: clubBooks.finishedAt,
};

/** The current book: one read on club_books_one_current_idx. */
export async function findCurrentBook(ctx: ServiceContext, clubId: string): Promise<ClubBookView | null> {
  const [row] = await ctx.db
    .select(bookColumns)
    .from(clubBooks)
    .where(and(eq(clubBooks.clubId, clubId), eq(clubBooks.state, "current")))
    .limit(1);
  return row ?? null;
}

/**
 * The counts per milestone: active members only (a removed member's marks stay theirs but stop
 * counting), and names only of those who share. Two reads on milestone_progress's primary key,
 * each joined to the club's memberships by their primary key.
 */
async function progressOf(ctx: ServiceContext, clubId: string, milestoneIds: string[], viewerId: string) {
  if (milestoneIds.length === 0)
    return { counts: new Map<string, number>(), names: new Map<string, { userId: string; name: string }[]>(), mine: new Map<string, boolean>() };
  const activeMember = and(eq(memberships.clubId, clubId), eq(memberships.userId, milestoneProgress.userId), eq(memberships.status, "active"));
  const [countRows, nameRows, mineRows] = await ctx.db.batch([
    ctx.db
      .select({ milestoneId: milestoneProgress.milestoneId, n: sql<number>`count(*)` })
      .from(milestoneProgress)
      .innerJoin(memberships, activeMember)
      .where(inArray(milestoneProgress.milestoneId, milestoneIds))
      .groupBy(milestoneProgress.milestoneId),
    ctx.db
      .select({ milestoneId: milestoneProgress.milestoneId, userId: users.id, name: users.name })
      .from(milestoneProgress)
      .innerJoin(memberships, activeMember)
      .innerJoin(users, eq(users.id, milestoneProgress.userId))
      .where(and(inArray(milestoneProgress.milestoneId, milestoneIds), eq(milestoneProgress.shared, true)))
      .orderBy(asc(milestoneProgress.milestoneId), asc(milestoneProgress.doneAt))
      .limit(milestoneIds.length * SHARED_NAMES_MAX),
    ctx.db
      .select({ milestoneId: milestoneProgress.milestoneId, shared: milestoneProgress.shared })
      .from(milestoneProgress)
      .where(and(inArray(milestoneProgress.milestoneId, milestoneIds), eq(milestoneProgress.userId, viewerId))),
  ]);
  const names = new Map<string, { userId: string; name: string }[]>();
  for (const row of nameRows) {
    const list = names.get(row.milestoneId) ?? [];
    if (list.length < SHARED_NAMES_MAX) list.push({ userId: row.userId, name: row.name });
    names.set(row.milestoneId, list);
  }
  return {
    counts: new Map(countRows.map((row) => [row.milestoneId, row.n])),
    names,
    mine: new Map(mineRows.map((row) => [row.milestoneId, row.shared])),
  };
}

/** The club's current book, its milestones and how far along the club is. */
export async function getClubReading(ctx: ServiceContext, clubId: string): Promise<ClubReading> {
  const access = await readableClub(ctx, clubId);
  const current = await findCurrentBook(ctx, clubId);
  const rows = current
    ? await ctx.db
        .select({ milestoneId: clubMilestones.id, position: clubMilestones.position, label: clubMilestones.label, dueOn: clubMilestones.dueOn })
        .from(clubMilestones)
        .where(eq(clubMilestones.clubBookId, current.clubBookId))
        .orderBy(asc(clubMilestones.position))
    : [];
  const progress = await progressOf(
    ctx,
    clubId,
    rows.map((row) => row.milestoneId),
    access.userId,
  );
  const milestones = rows.map((row) => ({
    ...row,
    doneCount: progress.counts.get(row.milestoneId) ?? 0,
    sharedBy: progress.names.get(row.milestoneId) ?? [],
    mine: { done: progress.mine.has(row.milestoneId), shared: progress.mine.get(row.milestoneId) ?? false },
  }));
  return {
    clubId,
    current,
    milestones,
    memberCount: access.club.memberCount,
    canManage: access.canManage,
    canMark: access.status === "active",
  };
}

/** A book's title, author and https cover by its ISBN, as Add Books looks it up (Google Books, then Open Library); null when nobody knows it. */
export async function bookByIsbn(ctx: ServiceContext, isbn13: string): Promise<{ title: string; author: string; cover: string | null } | null> {
  const found = await findBookMetadata({ isbn13 }, lookupSettingsFrom(readConfig(ctx.env)));
  if (!found) return null;
  const fields = bookFieldsFromRecord(found.metadata);
  const thumbnail = found.metadata.volumeInfo.imageLinks?.thumbnail ?? found.metadata.volumeInfo.imageLinks?.smallThumbnail;
  return { title: fields.title, author: fields.author, cover: thumbnail?.startsWith("https://") ? thumbnail : null };
}

/** What the new current book is: copied from one of the app's books, or typed (an ISBN alone is looked up). */
async function resolveBook(ctx: ServiceContext, input: SetBookInput) {
  if (input.bookId) {
    const [book] = await ctx.db
      .select({
        id: books.id,
        userId: books.userId,
        title: books.title,
        author: books.author,
        isbn13: books.isbn13,
        coverKey: books.coverKey,
        hidden: books.hidden,
      })
      .from(books)
      .where(eq(books.id, input.bookId))
      .limit(1);
    // A hidden book is its owner's only, as on its page.
    if (!book || (book.hidden && book.userId !== ctx.user?.id)) throw notFound(BOOK_NOT_FOUND);
    return { bookId: book.id, title: book.title, author: book.author, isbn13: book.isbn13, cover: book.coverKey };
  }
  let isbn13: string | null = null;
  if (input.isbn?.trim()) {
    const isbns = normalizeIsbn(input.isbn);
    if (!isbns?.isbn13) throw badField("isbn", INVALID_ISBN);
    isbn13 = isbns.isbn13;
  }
  let { title = "", author = "" } = input;
  let cover: string | null = null;
  // As Add Books does: an ISBN without a title is looked up, and the record's title, author and cover kept.
  if (!title && isbn13) {
    const found = await bookByIsbn(ctx, isbn13);
    if (!found) throw badField("title", NO_BOOK_FOR_ISBN);
    title = found.title;
    author = author || found.author;
    cover = found.cover;
  }
  if (!title) throw badField("title", NO_BOOK_FOR_ISBN);
  return { bookId: null, title, author, isbn13, cover };
}

const milestoneRows = (clubBookId: string, list: MilestoneInput[]) =>
  list.map((milestone, index) => ({ id: crypto.randomUUID(), clubBookId, position: index + 1, label: milestone.label, dueOn: milestone.dueOn ?? null }));

/**
 * Sets the club's current book (admins): the one before, if any, moves to the shelf history
 * (finished now) in the same batch, so the club never has two current books nor none in between.
 */
export async function setCurrentBook(ctx: ServiceContext, clubId: string, input: SetBookInput): Promise<ClubReading> {
  const access = await managingClub(ctx, clubId);
  const book = await resolveBook(ctx, input);
  const now = Date.now();
  const clubBookId = crypto.randomUUID();
  const milestones = milestoneRows(clubBookId, input.milestones ?? []);
  await ctx.db.batch([
    ctx.db
      .update(clubBooks)
      .set({ state: "finished", finishedAt: now })
      .where(and(eq(clubBooks.clubId, clubId), eq(clubBooks.state, "current"))),
    ctx.db.insert(clubBooks).values({
      id: clubBookId,
      clubId,
      ...book,
      matchKey: matchKey(book.title, book.author),
      state: "current",
      finishBy: input.finishBy ?? null,
      startedAt: now,
      setBy: access.userId,
    }),
    ...(milestones.length > 0 ? [ctx.db.insert(clubMilestones).values(milestones)] : []),
  ]);
  return getClubReading(ctx, clubId);
}

/** "Finish book": the current book goes to the shelf history; the club has none until the next is set. */
export async function finishCurrentBook(ctx: ServiceContext, clubId: string): Promise<ClubReading> {
  await managingClub(ctx, clubId);
  const done = await ctx.db
    .update(clubBooks)
    .set({ state: "finished", finishedAt: Date.now() })
    .where(and(eq(clubBooks.clubId, clubId), eq(clubBooks.state, "current")))
    .returning({ id: clubBooks.id });
  if (done.length === 0) throw conflict(NO_CURRENT_BOOK);
  return getClubReading(ctx, clubId);
}

/**
 * Replaces the current book's milestones with `list`, in its order. A milestone sent with its id
 * keeps it (and the members' marks on it); one left out goes with its marks. Positions are parked
 * below zero first so the unique (book, position) index never sees two at once mid-batch.
 */
export async function setMilestones(ctx: ServiceContext, clubId: string, list: MilestoneInput[], finishBy?: string | null): Promise<ClubReading> {
  await managingClub(ctx, clubId);
  const current = await findCurrentBook(ctx, clubId);
  if (!current) throw conflict(NO_CURRENT_BOOK);
  const existing = await ctx.db.select({ id: clubMilestones.id }).from(clubMilestones).where(eq(clubMilestones.clubBookId, current.clubBookId));
  const existingIds = new Set(existing.map((row) => row.id));
  for (const milestone of list) if (milestone.milestoneId && !existingIds.has(milestone.milestoneId)) throw notFound(MILESTONE_NOT_FOUND);
  const keep = list.flatMap((milestone) => (milestone.milestoneId ? [milestone.milestoneId] : []));
  const ofBook = eq(clubMilestones.clubBookId, current.clubBookId);
  const statements = [
    ...(finishBy !== undefined ? [ctx.db.update(clubBooks).set({ finishBy }).where(eq(clubBooks.id, current.clubBookId))] : []),
    ctx.db.delete(clubMilestones).where(keep.length > 0 ? and(ofBook, sql`${clubMilestones.id} not in ${keep}`) : ofBook),
    ...(keep.length > 0
      ? [
          ctx.db
            .update(clubMilestones)
            .set({ position: sql`-${clubMilestones.position} - 1000` })
            .where(ofBook),
        ]
      : []),
    ...list.map((milestone, index) =>
      milestone.milestoneId
        ? ctx.db
            .update(clubMilestones)
            .set({ position: index + 1, label: milestone.label, dueOn: milestone.dueOn ?? null })
            .where(eq(clubMilestones.id, milestone.milestoneId))
        : ctx.db
            .insert(clubMilestones)
            .values({ id: crypto.randomUUID(), clubBookId: current.clubBookId, position: index + 1, label: milestone.label, dueOn: milestone.dueOn ?? null }),
    ),
  ];
  await ctx.db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return getClubReading(ctx, clubId);
}

/** A milestone of the club's current book (marks on a finished book's schedule are history). */
async function currentMilestone(ctx: ServiceContext, clubId: string, milestoneId: string) {
  const [row] = await ctx.db
    .select({ id: clubMilestones.id })
    .from(clubMilestones)
    .innerJoin(clubBooks, eq(clubBooks.id, clubMilestones.clubBookId))
    .where(and(eq(clubMilestones.id, milestoneId), eq(clubBooks.clubId, clubId), eq(clubBooks.state, "current")))
    .limit(1);
  if (!row) throw notFound(MILESTONE_NOT_FOUND);
}

/** The member marks a milestone reached (again: only `shared` changes). */
export async function markProgress(ctx: ServiceContext, clubId: string, milestoneId: string, shared: boolean): Promise<ClubReading> {
  const access = await activeMemberOf(ctx, clubId);
  await currentMilestone(ctx, clubId, milestoneId);
  await ctx.db
    .insert(milestoneProgress)
    .values({ milestoneId, userId: access.userId, shared })
    .onConflictDoUpdate({ target: [milestoneProgress.milestoneId, milestoneProgress.userId], set: { shared } });
  return getClubReading(ctx, clubId);
}

/** The member takes their mark back. */
export async function unmarkProgress(ctx: ServiceContext, clubId: string, milestoneId: string): Promise<ClubReading> {
  const access = await activeMemberOf(ctx, clubId);
  await currentMilestone(ctx, clubId, milestoneId);
  await ctx.db.delete(milestoneProgress).where(and(eq(milestoneProgress.milestoneId, milestoneId), eq(milestoneProgress.userId, access.userId)));
  return getClubReading(ctx, clubId);
}

export interface ShelfPage {
  items: (ClubBookView & { finishedAt: number })[];
  nextToken: string | null;
}

/** The club's finished books, most recently finished first, on club_books_club_history_idx. */
export async function listShelf(ctx: ServiceContext, clubId: string, query: ShelfQuery): Promise<ShelfPage> {
  await readableClub(ctx, clubId);
  const after = query.nextToken;
  const rows = await ctx.db
    .select(bookColumns)
    .from(clubBooks)
    .where(
      and(
        eq(clubBooks.clubId, clubId),
        eq(clubBooks.state, "finished"),
        after ? or(lt(clubBooks.finishedAt, after.finishedAt), and(eq(clubBooks.finishedAt, after.finishedAt), lt(clubBooks.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(clubBooks.finishedAt), desc(clubBooks.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map((row) => ({ ...row, finishedAt: row.finishedAt ?? 0 }));
  const last = items.at(-1);
  return { items, nextToken: rows.length > query.limit && last ? shelfCursor(last) : null };
}
