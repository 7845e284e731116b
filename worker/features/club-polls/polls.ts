import { badField, badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import { scheduleJob } from "@worker/core/jobs/schedule";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import { wallClockIn } from "@worker/core/shared/calendar";
import { books, clubMeetings, clubPolls, clubs, memberships, pollBallots, pollOptions } from "@worker/db/schema";
import { createMeeting, type MeetingView, meetingInputSchema } from "@worker/features/club-meetings";
import { bookByIsbn, setCurrentBook } from "@worker/features/club-reading";
import { CLUB_NOT_FOUND, type ClubAccess, loadClubAccess, takeClubWrite } from "@worker/features/clubs";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { countPoll, type PollResult } from "./poll-count";
import {
  type BallotInput,
  ballotProblem,
  POLL_BOOK_NOT_FOUND,
  POLL_CLOSED,
  POLL_MANAGERS_ONLY,
  POLL_MAX_AHEAD_MS,
  POLL_MEMBERS_ONLY,
  POLL_NO_BOOK_FOR_ISBN,
  POLL_NO_SLOT,
  POLL_NO_WINNER,
  POLL_NOT_BOOK,
  POLL_NOT_CLOSED,
  POLL_NOT_DATE,
  POLL_NOT_FOUND,
  POLL_SLOT_SCHEDULED,
  type PollInput,
  type PollKind,
  type PollsQuery,
  pollCursor,
  type ScheduleSlotInput,
} from "./poll-rules";

export interface PollOptionView {
  optionId: string;
  position: number;
  label: string;
  bookId: string | null;
  author: string | null;
  isbn13: string | null;
  startsAt: number | null;
}

/** One poll as its page and the API show it; times are epoch milliseconds. */
export interface PollView {
  pollId: string;
  clubId: string;
  clubName: string;
  /** The club's IANA zone: date slots are entered and shown in it. */
  timeZone: string;
  kind: PollKind;
  question: string;
  closesAt: number | null;
  hideResults: boolean;
  closedAt: number | null;
  createdAt: number;
  isOpen: boolean;
  /** Ballots cast so far (always shown: it says nothing about who leads). */
  ballots: number;
  options: PollOptionView[];
  /** The viewer's own ballot, or null. */
  myChoices: string[] | null;
  /** The count: the stored one once closed, a live one while open unless results are hidden (then null). */
  result: PollResult | null;
  canVote: boolean;
  canManage: boolean;
  /** A closed date poll's winning slot already has a (not cancelled) meeting. */
  scheduled: boolean;
}

export interface PollSummary {
  pollId: string;
  kind: PollKind;
  question: string;
  closesAt: number | null;
  closedAt: number | null;
  createdAt: number;
  isOpen: boolean;
  ballots: number;
  voted: boolean;
  /** The winning option's label once closed (null: no ballots). */
  winner: string | null;
  /** A date poll's winning slot (epoch ms), to be written as a date; null otherwise. */
  winnerStartsAt: number | null;
}

export interface PollPage {
  items: PollSummary[];
  nextToken: string | null;
  clubName: string;
  /** The club's IANA zone: the New poll form's slots are on its clock. */
  timeZone: string;
  canManage: boolean;
}

/** What winnerOf gives: the book the club would read next. */
export interface WinningBook {
  bookId: string | null;
  title: string;
  author: string;
  isbn13: string | null;
}

type Need = "read" | "vote" | "manage";

/**
 * The club's polls follow the club page's rule for reading (a private club's are its active
 * members' alone: 404 to anyone else, as if it did not exist; an open club's are anyone's signed
 * in), and the issue's for writing: ballots only from active members (403 in an open club), polls
 * run by the creator and active admins (403).
 */
async function pollAccess(ctx: ServiceContext, clubId: string, need: Need): Promise<ClubAccess> {
  const access = await loadClubAccess(ctx, clubId);
  const active = access.status === "active";
  if (access.club.isPrivate && !active) throw notFound(CLUB_NOT_FOUND);
  if (need === "vote" && !active) throw forbidden(POLL_MEMBERS_ONLY);
  if (need === "manage" && !access.canManage) throw forbidden(POLL_MANAGERS_ONLY);
  return access;
}

const isOpenAt = (poll: { closedAt: number | null; closesAt: number | null }, now: number) =>
  poll.closedAt === null && (poll.closesAt === null || poll.closesAt > now);

/** The API's name for the close time, which its refusal names first ("closesAt: …"); not a text. */
const CLOSES_AT = "closesAt";

export const pollJob = (pollId: string) => `club-poll:${pollId}`;

/** Runs work after the answer when the request allows it; a failure is logged, never the answer's. */
function afterwards(ctx: ServiceContext, work: Promise<unknown>, what: string) {
  const logged = work.catch((error: unknown) => console.warn(`${what} failed`, error));
  if (ctx.afterResponse) ctx.afterResponse(logged);
  else return logged;
}

/**
 * Opens a poll (creator or active admin). Book candidates named by id take the book's title, author
 * and ISBN; with a close time, a JobTimer alarm closes it then. Members are told (club_poll_opened,
 * under "Club announcements"), deduped per poll.
 */
export async function createPoll(ctx: ServiceContext, clubId: string, input: PollInput, now = Date.now()): Promise<PollView> {
  requireUser(ctx);
  const access = await pollAccess(ctx, clubId, "manage");
  await takeClubWrite(ctx);
  if (input.closesAt != null && (input.closesAt <= now || input.closesAt > now + POLL_MAX_AHEAD_MS)) {
    throw badField(CLOSES_AT, "The close time must be in the future, within a year.");
  }
  const bookIds = input.kind === "book" ? input.options.flatMap((option) => (option.bookId ? [option.bookId] : [])) : [];
  const found = bookIds.length
    ? await ctx.db
        .select({ id: books.id, title: books.title, author: books.author, isbn13: books.isbn13 })
        .from(books)
        .where(and(inArray(books.id, bookIds), isNull(books.hidden)))
    : [];
  const byId = new Map(found.map((book) => [book.id, book]));
  // A candidate given by its ISBN alone takes the title and author the look-up finds (at most BOOK_POLL_MAX of them).
  const looked = await Promise.all(
    input.options.map(async (option) => {
      if (input.kind !== "book" || option.bookId || option.label || !option.isbn13) return undefined;
      const book = await bookByIsbn(ctx, option.isbn13);
      if (!book) throw badRequest(POLL_NO_BOOK_FOR_ISBN, { isbn: option.isbn13 });
      return book;
    }),
  );
  const pollId = crypto.randomUUID();
  const options = input.options.map((rawOption, position) => {
    const lookedUp = looked[position];
    const option = lookedUp ? { ...rawOption, label: lookedUp.title, author: rawOption.author || lookedUp.author || undefined } : rawOption;
    const book = option.bookId ? byId.get(option.bookId) : undefined;
    if (input.kind === "book" && option.bookId && !book) throw notFound(POLL_BOOK_NOT_FOUND);
    return {
      id: crypto.randomUUID(),
      pollId,
      position,
      label: book ? book.title || "Untitled Book" : option.label || (option.startsAt !== undefined ? new Date(option.startsAt).toISOString() : ""),
      bookId: input.kind === "book" ? (book?.id ?? null) : null,
      author: input.kind === "book" ? (book?.author ?? option.author ?? null) : null,
      isbn13: input.kind === "book" ? (book?.isbn13 ?? option.isbn13 ?? null) : null,
      startsAt: input.kind === "date" ? (option.startsAt ?? null) : null,
    };
  });
  // Date slots are listed in time order: earlier slots win ties (poll-count.ts).
  if (input.kind === "date") {
    options.sort((a, b) => (a.startsAt ?? 0) - (b.startsAt ?? 0));
    options.forEach((option, position) => {
      option.position = position;
    });
  }
  await ctx.db.batch([
    ctx.db.insert(clubPolls).values({
      id: pollId,
      clubId,
      kind: input.kind,
      question: input.question,
      closesAt: input.closesAt ?? null,
      hideResults: input.hideResults,
      createdBy: ctx.user.id,
      createdAt: now,
    }),
    // D1 binds at most 100 values a statement: 8 columns × 10 options each.
    ...Array.from({ length: Math.ceil(options.length / 10) }, (_, i) => ctx.db.insert(pollOptions).values(options.slice(i * 10, i * 10 + 10))),
  ]);
  if (input.closesAt != null) await scheduleJob(ctx.env, pollJob(pollId), input.closesAt);
  const told = publish(ctx, { type: "club.poll_opened", clubId, clubName: access.club.name, pollId, question: input.question, actorId: ctx.user.id, at: now });
  await afterwards(ctx, told, "Telling members about a new poll");
  return getPoll(ctx, clubId, pollId, now);
}

/**
 * The poll's row, its options and its active members' ballots: one round trip (a poll's ballots are
 * bounded by the club's members). A member who left or was removed no longer counts.
 */
async function readPoll(deps: Deps, pollId: string) {
  const [[poll], options, ballots] = await deps.db.batch([
    deps.db.select().from(clubPolls).where(eq(clubPolls.id, pollId)).limit(1),
    deps.db.select().from(pollOptions).where(eq(pollOptions.pollId, pollId)).orderBy(asc(pollOptions.position)),
    deps.db
      .select({ userId: pollBallots.userId, choices: pollBallots.choices })
      .from(pollBallots)
      .innerJoin(clubPolls, eq(clubPolls.id, pollBallots.pollId))
      .innerJoin(memberships, and(eq(memberships.clubId, clubPolls.clubId), eq(memberships.userId, pollBallots.userId), eq(memberships.status, "active")))
      .where(eq(pollBallots.pollId, pollId)),
  ]);
  return { poll, options, ballots };
}

const countOf = (kind: PollKind, options: { id: string; position: number }[], ballots: { choices: string[] }[]) =>
  countPoll(
    kind,
    options.map((option) => ({ optionId: option.id, position: option.position })),
    ballots.map((ballot) => ballot.choices),
  );

/**
 * Closes the poll now, once: the count is stored in club_polls.result by an update that only an open
 * poll matches, so the alarm and an admin closing at the same moment store one count and tell the
 * members once (club_poll_closed, deduped per poll; not the admin who closed it by hand: `closedBy`).
 * Returns false when it was already closed.
 */
export async function closePollNow(deps: Deps, pollId: string, now: number, closedBy: string | null = null): Promise<boolean> {
  const { poll, options, ballots } = await readPoll(deps, pollId);
  if (!poll || poll.closedAt !== null) return false;
  const result = countOf(poll.kind, options, ballots);
  const closed = await deps.db
    .update(clubPolls)
    .set({ closedAt: now, result })
    .where(and(eq(clubPolls.id, pollId), isNull(clubPolls.closedAt)))
    .returning({ id: clubPolls.id });
  if (closed.length === 0) return false;
  const winner = options.find((option) => option.id === result.winnerId);
  const [club] = await deps.db.select({ timezone: clubs.timezone }).from(clubs).where(eq(clubs.id, poll.clubId)).limit(1);
  // The members' bells (poll-events.ts) follow from the event.
  await publish(deps, {
    type: "club.poll_closed",
    clubId: poll.clubId,
    pollId,
    question: poll.question,
    winnerLabel: winner?.label ?? null,
    winnerStartsAt: winner?.startsAt ?? null,
    timeZone: club?.timezone ?? "UTC",
    actorId: poll.createdBy,
    closedBy,
    at: now,
  });
  return true;
}

/** The `club-poll:{pollId}` job: closes the poll at its close time (a later alarm for a moved time). */
export async function runPollCloseJob(deps: Deps, pollId: string, now: number): Promise<number | null> {
  const [poll] = await deps.db.select({ closesAt: clubPolls.closesAt, closedAt: clubPolls.closedAt }).from(clubPolls).where(eq(clubPolls.id, pollId)).limit(1);
  if (!poll || poll.closedAt !== null || poll.closesAt === null) return null;
  if (poll.closesAt > now) return poll.closesAt;
  await closePollNow(deps, pollId, now);
  return null;
}

/** One poll with the viewer's ballot and the count they may see. A poll past its close time is closed here if its alarm has not run yet. */
export async function getPoll(ctx: ServiceContext, clubId: string, pollId: string, now = Date.now()): Promise<PollView> {
  requireUser(ctx);
  const access = await pollAccess(ctx, clubId, "read");
  let read = await readPoll(ctx, pollId);
  if (!read.poll || read.poll.clubId !== clubId) throw notFound(POLL_NOT_FOUND);
  if (read.poll.closedAt === null && !isOpenAt(read.poll, now)) {
    await closePollNow(ctx, pollId, now);
    read = await readPoll(ctx, pollId);
  }
  const { poll, options, ballots } = read;
  if (!poll) throw notFound(POLL_NOT_FOUND);
  const isOpen = isOpenAt(poll, now);
  const result = !isOpen
    ? ((poll.result as PollResult | null) ?? countOf(poll.kind, options, ballots))
    : poll.hideResults
      ? null
      : countOf(poll.kind, options, ballots);
  const winningSlot = !isOpen && poll.kind === "date" ? options.find((option) => option.id === result?.winnerId)?.startsAt : undefined;
  return {
    pollId,
    clubId,
    clubName: access.club.name,
    timeZone: access.club.timezone,
    kind: poll.kind,
    question: poll.question,
    closesAt: poll.closesAt,
    hideResults: poll.hideResults,
    closedAt: poll.closedAt,
    createdAt: poll.createdAt,
    isOpen,
    // A closed poll's count is the stored one: members leaving afterwards change nothing.
    ballots: !isOpen && poll.result ? (poll.result as PollResult).ballots : ballots.length,
    options: options.map((option) => ({
      optionId: option.id,
      position: option.position,
      label: option.label,
      bookId: option.bookId,
      author: option.author,
      isbn13: option.isbn13,
      startsAt: option.startsAt,
    })),
    myChoices: ballots.find((ballot) => ballot.userId === ctx.user.id)?.choices ?? null,
    result,
    canVote: isOpen && access.status === "active",
    canManage: access.canManage,
    scheduled: winningSlot != null && (await meetingAt(ctx, clubId, winningSlot)) !== null,
  };
}

/** The club's meeting (not cancelled) that starts at `startsAt`, if any (club_meetings_club_starts_id_idx). */
async function meetingAt(ctx: ServiceContext, clubId: string, startsAt: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: clubMeetings.id })
    .from(clubMeetings)
    .where(and(eq(clubMeetings.clubId, clubId), eq(clubMeetings.startsAt, startsAt), isNull(clubMeetings.cancelledAt)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The club's polls, newest first, `limit` at a time (club_polls_club_recent_idx), each with its
 * ballot count and whether the viewer voted (poll_ballots' primary key), and a closed poll's winner.
 */
export async function listPolls(ctx: ServiceContext, clubId: string, query: PollsQuery, now = Date.now()): Promise<PollPage> {
  requireUser(ctx);
  const access = await pollAccess(ctx, clubId, "read");
  const before = query.before;
  const rows = await ctx.db
    .select({
      pollId: clubPolls.id,
      kind: clubPolls.kind,
      question: clubPolls.question,
      closesAt: clubPolls.closesAt,
      closedAt: clubPolls.closedAt,
      createdAt: clubPolls.createdAt,
      result: clubPolls.result,
      // Active members' ballots while open (as readPoll counts them); the stored count once closed.
      ballots: sql<number>`coalesce(json_extract(club_polls.result, '$.ballots'), (select count(*) from poll_ballots b join memberships m on m.club_id = club_polls.club_id and m.user_id = b.user_id and m.status = 'active' where b.poll_id = club_polls.id))`,
      voted: sql<number>`exists (select 1 from ${pollBallots} where ${pollBallots.pollId} = ${clubPolls.id} and ${pollBallots.userId} = ${ctx.user.id})`,
    })
    .from(clubPolls)
    .where(and(eq(clubPolls.clubId, clubId), before ? sql`(${clubPolls.createdAt}, ${clubPolls.id}) < (${before.createdAt}, ${before.id})` : undefined))
    .orderBy(desc(clubPolls.createdAt), desc(clubPolls.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const winnerIds = page.flatMap((row) => {
    const id = (row.result as PollResult | null)?.winnerId;
    return id ? [id] : [];
  });
  const winners = winnerIds.length
    ? new Map(
        (
          await ctx.db
            .select({ id: pollOptions.id, label: pollOptions.label, startsAt: pollOptions.startsAt })
            .from(pollOptions)
            .where(inArray(pollOptions.id, winnerIds))
        ).map((o) => [o.id, o]),
      )
    : new Map<string, { label: string; startsAt: number | null }>();
  const items = page.map((row): PollSummary => {
    const winnerId = (row.result as PollResult | null)?.winnerId;
    return {
      pollId: row.pollId,
      kind: row.kind,
      question: row.question,
      closesAt: row.closesAt,
      closedAt: row.closedAt,
      createdAt: row.createdAt,
      isOpen: isOpenAt(row, now),
      ballots: Number(row.ballots),
      voted: Boolean(row.voted),
      winner: winnerId ? (winners.get(winnerId)?.label ?? null) : null,
      winnerStartsAt: winnerId ? (winners.get(winnerId)?.startsAt ?? null) : null,
    };
  });
  const last = items.at(-1);
  return {
    items,
    nextToken: rows.length > query.limit && last ? pollCursor(last) : null,
    clubName: access.club.name,
    timeZone: access.club.timezone,
    canManage: access.canManage,
  };
}

/**
 * Casts or changes the member's ballot (one per member: an upsert on poll_ballots' primary key). The
 * write itself checks the poll is open, in the same statement, so a ballot racing the close either
 * lands before the count or is refused (409), never counted after it.
 */
export async function castBallot(ctx: ServiceContext, clubId: string, pollId: string, input: BallotInput, now = Date.now()) {
  requireUser(ctx);
  await pollAccess(ctx, clubId, "vote");
  await takeClubWrite(ctx);
  const [[poll], options] = await ctx.db.batch([
    ctx.db.select().from(clubPolls).where(eq(clubPolls.id, pollId)).limit(1),
    ctx.db.select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.pollId, pollId)),
  ]);
  if (!poll || poll.clubId !== clubId) throw notFound(POLL_NOT_FOUND);
  if (!isOpenAt(poll, now)) throw conflict(POLL_CLOSED);
  const problem = ballotProblem(poll.kind, input.choices, new Set(options.map((option) => option.id)));
  if (problem) throw badField("choices", problem);
  const choices = JSON.stringify(input.choices);
  const written = await ctx.db.run(sql`
    insert into ${pollBallots} (poll_id, user_id, choices, updated_at)
    select ${pollId}, ${ctx.user.id}, ${choices}, ${now}
    where exists (select 1 from ${clubPolls} where id = ${pollId} and closed_at is null and (closes_at is null or closes_at > ${now}))
    on conflict (poll_id, user_id) do update set choices = excluded.choices, updated_at = excluded.updated_at`);
  if (!written.meta.changes) throw conflict(POLL_CLOSED);
  return { pollId, choices: input.choices, updatedAt: now };
}

/** An admin closes the poll now (409 when it already is); the count is stored and members are told. */
export async function closePoll(ctx: ServiceContext, clubId: string, pollId: string, now = Date.now()): Promise<PollView> {
  requireUser(ctx);
  await pollAccess(ctx, clubId, "manage");
  await takeClubWrite(ctx);
  const [poll] = await ctx.db.select({ clubId: clubPolls.clubId, closesAt: clubPolls.closesAt }).from(clubPolls).where(eq(clubPolls.id, pollId)).limit(1);
  if (!poll || poll.clubId !== clubId) throw notFound(POLL_NOT_FOUND);
  if (!(await closePollNow(ctx, pollId, now, ctx.user.id))) throw conflict(POLL_CLOSED);
  if (poll.closesAt !== null && poll.closesAt > now) await scheduleJob(ctx.env, pollJob(pollId), null).catch(() => undefined);
  return getPoll(ctx, clubId, pollId, now);
}

/** The winning book of a closed book poll (what "Make it the current book" sets), or null. */
export function winnerOf(poll: Pick<PollView, "kind" | "isOpen" | "result" | "options">): WinningBook | null {
  if (poll.kind !== "book" || poll.isOpen || !poll.result?.winnerId) return null;
  const option = poll.options.find((candidate) => candidate.optionId === poll.result!.winnerId);
  if (!option) return null;
  return { bookId: option.bookId, title: option.label, author: option.author ?? "", isbn13: option.isbn13 };
}

/**
 * "Make it the current book": the winner of a closed book poll becomes the club's current book
 * through club-reading's own service (setCurrentBook), so a poll's winner is set exactly as the
 * reading page sets a book: the one it replaces goes to the shelf history in the same batch, the
 * match key is the one copies are found by, and one club write is spent (there, not here, so a
 * refused poll spends none).
 */
export async function makeWinnerCurrent(ctx: ServiceContext, clubId: string, pollId: string, now = Date.now()) {
  requireUser(ctx);
  await pollAccess(ctx, clubId, "manage");
  const poll = await getPoll(ctx, clubId, pollId, now);
  if (poll.kind !== "book") throw badRequest(POLL_NOT_BOOK);
  if (poll.isOpen) throw conflict(POLL_NOT_CLOSED);
  const winner = winnerOf(poll);
  if (!winner) throw conflict(POLL_NO_WINNER);
  // A candidate linked to one of the app's books is set by its id (its cover comes along);
  // otherwise by the title and author typed on the poll.
  const reading = await setCurrentBook(
    ctx,
    clubId,
    winner.bookId
      ? { bookId: winner.bookId }
      : { title: winner.title, ...(winner.author ? { author: winner.author } : {}), ...(winner.isbn13 ? { isbn: winner.isbn13 } : {}) },
  );
  const current = reading.current!;
  return { clubBookId: current.clubBookId, bookId: current.bookId, title: current.title, author: current.author, isbn13: current.isbn13 };
}

/**
 * "Schedule this meeting": the winning slot of a closed date poll becomes a club meeting through
 * club-meetings' own service (createMeeting: its rules, reminders and write limit), on the club's
 * clock; the place defaults to the club's area. 409 when that slot already has a meeting.
 */
export async function scheduleWinningSlot(
  ctx: ServiceContext,
  clubId: string,
  pollId: string,
  input: ScheduleSlotInput,
  now = Date.now(),
): Promise<MeetingView> {
  requireUser(ctx);
  const access = await pollAccess(ctx, clubId, "manage");
  const poll = await getPoll(ctx, clubId, pollId, now);
  if (poll.kind !== "date") throw badRequest(POLL_NOT_DATE);
  if (poll.isOpen) throw conflict(POLL_NOT_CLOSED);
  const startsAt = poll.options.find((option) => option.optionId === poll.result?.winnerId)?.startsAt;
  if (startsAt == null) throw conflict(POLL_NO_SLOT);
  if (poll.scheduled) throw conflict(POLL_SLOT_SCHEDULED);
  const local = wallClockIn(access.club.timezone, startsAt);
  const meeting = meetingInputSchema.safeParse({
    date: local.day,
    time: local.time,
    place: input.place ?? access.club.location,
    videoUrl: input.videoUrl ?? null,
  });
  if (!meeting.success) throw badField(String(meeting.error.issues[0]?.path[0] ?? "place"), meeting.error.issues[0]?.message ?? "");
  return createMeeting(ctx, clubId, meeting.data, now);
}
