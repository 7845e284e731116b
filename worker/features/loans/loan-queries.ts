import { notFound, requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { dayIn } from "@worker/core/shared/calendar";
import type { LendRule } from "@worker/core/shared/lend-rules";
import { LOAN_COUNT_CAP } from "@worker/core/shared/loan-tabs";
import { mediaUrl } from "@worker/core/shared/media-url";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import {
  books,
  clubs,
  conversations,
  HOLDING_LOAN_STATES,
  type LoanState,
  loans,
  memberships,
  OPEN_LOAN_STATES,
  users,
  waitlistEntries,
} from "@worker/db/schema";
import { and, count, desc, eq, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { LEND_RULE_REFUSALS, lendRefusal, lendVerdict } from "./lending-rules";
import { conditionsColumn, type LoanConditions, readConditions } from "./loan-condition-view";
import { type BorrowerRecord, borrowerRecords, type LenderRecord, lenderRecords } from "./loan-records";

export const LOAN_NOT_FOUND = msg("Loan not found");
export const LOANS_PAGE_SIZE = 20;

export const LOAN_TABS = ["lent", "borrowed", "requests", "history"] as const;
export type LoanTab = (typeof LOAN_TABS)[number];

/** A page cursor: the last item's `updatedAt` and id (ties on the time are broken by the id). */
const loanCursorSchema = z
  .string()
  .regex(/^\d{1,15}_[\w-]{1,64}$/, "before is not valid")
  .transform((token) => {
    const at = token.indexOf("_");
    return { updatedAt: Number(token.slice(0, at)), loanId: token.slice(at + 1) };
  });

export const loanListQuerySchema = z.object({
  tab: z.enum(LOAN_TABS).default("lent"),
  /** The previous page's `nextToken`. */
  before: loanCursorSchema.optional(),
});
export type LoanListQuery = z.output<typeof loanListQuerySchema>;
/** drizzle's batch takes a non-empty tuple; every list passed here has at least one statement. */
const nonEmpty = <T extends BatchItem<"sqlite">>(items: T[]) => items as [T, ...T[]];

/**
 * Whether the loan's borrower ever took a step on it (asked for it, asked to renew...): true for
 * every loan made through the ledger, false for one the owner recorded on them with the manual
 * 'Lent' edit and they never answered. Such a loan is not the borrower's doing: they may say "I
 * don't have this book", and it does not keep them from deleting their account. One probe of
 * loan_events_loan_idx per loan; the borrower's own "disowned" step does not count as taking part.
 * Written against the unaliased `loans` table, for queries that select from it.
 */
export const borrowerTookPart = sql<number>`exists (select 1 from loan_events where loan_events.loan_id = loans.id and loan_events.actor_id = loans.borrower_id and loan_events.action <> 'disowned')`;

/** A loan as either side sees it: the book, both members, and the pair's conversation. */
export interface LoanView {
  loanId: string;
  state: LoanState;
  /** The calendar day (YYYY-MM-DD) it is due back; null for a loan recorded by the manual 'Lent' edit. */
  dueDate: string | null;
  renewalRequestedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** The viewer's side of the loan. */
  role: "owner" | "borrower";
  book: { bookId: string; title: string; author: string; coverImage: string | null };
  owner: { userId: string; name: string };
  borrower: { userId: string; name: string };
  conversationId: string | null;
  /** See `borrowerTookPart`: false on a loan the owner recorded that its borrower never answered. */
  borrowerTookPart: boolean;
  /** The book's condition as the owner recorded it at hand-over and at return (either may be null). */
  conditions: LoanConditions;
  /** On a request the viewer is asked to answer (as owner): the borrower's track record. */
  borrowerRecord?: BorrowerRecord;
  /** On the viewer's own request (as borrower): the owner's record as a lender. */
  ownerRecord?: LenderRecord;
}

const owner = alias(users, "loan_owner");
const borrower = alias(users, "loan_borrower");

// D1 batches return rows keyed by column name, so every name a join repeats (id, name) gets an alias.
const loanColumns = {
  loanId: sql<string>`${loans.id}`.as("loan_id"),
  state: loans.state,
  dueDate: loans.dueDate,
  renewalRequestedAt: loans.renewalRequestedAt,
  createdAt: loans.createdAt,
  updatedAt: loans.updatedAt,
  bookId: sql<string>`${books.id}`.as("loan_book_id"),
  title: books.title,
  author: books.author,
  coverKey: books.coverKey,
  ownerId: loans.ownerId,
  ownerName: sql<string>`${owner.name}`.as("owner_name"),
  borrowerId: loans.borrowerId,
  borrowerName: sql<string>`${borrower.name}`.as("borrower_name"),
  conversationId: sql<string | null>`${conversations.id}`.as("conversation_id"),
  borrowerTookPart: sql<number>`${borrowerTookPart}`.as("borrower_took_part"),
  conditions: sql<string | null>`${conditionsColumn}`.as("loan_conditions_json"),
};

/**
 * Loans with their book, both members and the pair's conversation, in one query: each join is a
 * primary-key or unique-index probe (the pair is stored ordered, hence min/max).
 */
function selectLoans(db: Database) {
  return db
    .select(loanColumns)
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .innerJoin(owner, eq(owner.id, loans.ownerId))
    .innerJoin(borrower, eq(borrower.id, loans.borrowerId))
    .leftJoin(
      conversations,
      and(
        eq(conversations.userAId, sql`min(${loans.ownerId}, ${loans.borrowerId})`),
        eq(conversations.userBId, sql`max(${loans.ownerId}, ${loans.borrowerId})`),
      ),
    );
}
type LoanRow = Awaited<ReturnType<typeof selectLoans>>[number];

export function toLoanView(row: LoanRow, viewerId: string): LoanView {
  return {
    loanId: row.loanId,
    state: row.state,
    dueDate: row.dueDate,
    renewalRequestedAt: row.renewalRequestedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    role: row.ownerId === viewerId ? "owner" : "borrower",
    book: { bookId: row.bookId, title: row.title, author: row.author, coverImage: mediaUrl(row.coverKey) },
    owner: { userId: row.ownerId, name: row.ownerName },
    borrower: { userId: row.borrowerId, name: row.borrowerName },
    conversationId: row.conversationId,
    borrowerTookPart: Boolean(row.borrowerTookPart),
    conditions: readConditions(row.loanId, row.conditions),
  };
}

/** The member's open loan (requested, accepted or lent) on the book, as a statement for the caller's batch. */
export function openLoanOf(db: Database, bookId: string, borrowerId: string) {
  return selectLoans(db)
    .where(and(eq(loans.bookId, bookId), eq(loans.borrowerId, borrowerId), inArray(loans.state, OPEN_LOAN_STATES)))
    .limit(1);
}

/** A loan by id, as a statement: read back in the batch that wrote it. */
export function loanById(db: Database, loanId: string) {
  return selectLoans(db).where(eq(loans.id, loanId)).limit(1);
}

/** One loan, for either of its two members; anyone else gets 404, so loan ids reveal nothing. */
export async function findLoan(ctx: ServiceContext, loanId: string): Promise<LoanView> {
  requireUser(ctx);
  const me = ctx.user.id;
  const [row] = await selectLoans(ctx.db)
    .where(and(eq(loans.id, loanId), or(eq(loans.ownerId, me), eq(loans.borrowerId, me))))
    .limit(1);
  if (!row) throw notFound(LOAN_NOT_FOUND);
  const [view] = await withBorrowerRecords(ctx, [toLoanView(row, me)]);
  return view!;
}

/** Which (side, state) index ranges make up each tab of /loans. */
const TAB_RANGES: Record<LoanTab, { side: "owner" | "borrower"; state: LoanState }[]> = {
  lent: HOLDING_LOAN_STATES.map((state) => ({ side: "owner" as const, state })),
  borrowed: HOLDING_LOAN_STATES.map((state) => ({ side: "borrower" as const, state })),
  requests: [
    { side: "owner", state: "requested" },
    { side: "borrower", state: "requested" },
  ],
  history: (["declined", "returned", "cancelled"] as const).flatMap((state) => [
    { side: "owner" as const, state },
    { side: "borrower" as const, state },
  ]),
};

const loanOrder = (a: LoanRow, b: LoanRow) => b.updatedAt - a.updatedAt || (a.loanId < b.loanId ? 1 : a.loanId > b.loanId ? -1 : 0);

/**
 * A tab of /loans, most recently changed first, 20 a page. Each (side, state) pair is one walk of
 * loans_owner_idx or loans_borrower_idx from the cursor, at most a page long; the walks go to D1 in
 * one batch and are merged here, so a member with years of history still reads one page per range.
 */
/** One page of a tab as statements for a batch (an index walk per side and state), and how to read them. */
function tabPageQuery(ctx: MemberContext, query: LoanListQuery, onlyIf?: SQL) {
  const me = ctx.user.id;
  const cursor = query.before;
  const after: SQL | undefined = cursor
    ? and(lte(loans.updatedAt, cursor.updatedAt), or(lt(loans.updatedAt, cursor.updatedAt), lt(loans.id, cursor.loanId)))
    : undefined;
  const walks = TAB_RANGES[query.tab].map(({ side, state }) =>
    selectLoans(ctx.db)
      .where(and(eq(side === "owner" ? loans.ownerId : loans.borrowerId, me), eq(loans.state, state), after, onlyIf))
      .orderBy(desc(loans.updatedAt), desc(loans.id))
      .limit(LOANS_PAGE_SIZE + 1),
  );
  const read = (results: unknown[]): { items: LoanView[]; nextToken: string | null } => {
    const rows = (results as Awaited<(typeof walks)[number]>[]).flat().sort(loanOrder);
    const page = rows.slice(0, LOANS_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => toLoanView(row, me)),
      nextToken: rows.length > LOANS_PAGE_SIZE && last ? `${last.updatedAt}_${last.loanId}` : null,
    };
  };
  return { statements: walks, read };
}

export async function listLoans(ctx: ServiceContext, query: LoanListQuery): Promise<{ items: LoanView[]; nextToken: string | null }> {
  requireUser(ctx);
  const page = tabPageQuery(ctx, query);
  const read = page.read(await ctx.db.batch(nonEmpty(page.statements)));
  return { ...read, items: await withBorrowerRecords(ctx, read.items) };
}

/**
 * Requests carry the other side's record: the borrower's on those the viewer is to answer, the
 * owner's on the viewer's own. One more read per side for the whole page (loan-records.ts), none
 * when the page holds no request.
 */
export async function withBorrowerRecords(ctx: MemberContext, items: LoanView[], now = Date.now()): Promise<LoanView[]> {
  const asked = items.filter((item) => item.state === "requested");
  if (asked.length === 0) return items;
  const toAnswer = asked.filter((item) => item.role === "owner").map((item) => item.borrower.userId);
  const mine = asked.filter((item) => item.role === "borrower").map((item) => item.owner.userId);
  const [borrowers, lenders] = await Promise.all([
    borrowerRecords(ctx.db, ctx.user.id, toAnswer, dayIn(ctx.user.timezone, now)),
    lenderRecords(ctx.db, ctx.user.id, mine),
  ]);
  return items.map((item) => {
    if (item.state !== "requested") return item;
    if (item.role === "owner") {
      const record = borrowers.get(item.borrower.userId);
      return record ? { ...item, borrowerRecord: record } : item;
    }
    const record = lenders.get(item.owner.userId);
    return record ? { ...item, ownerRecord: record } : item;
  });
}

export interface BookLoanPanel {
  /** The loan that holds the book (accepted or lent), if any. */
  holding: { loanId: string; state: LoanState; dueDate: string | null; borrowerId: string; borrowerName: string } | null;
  /** The viewer's own open loan on the book, as its borrower. */
  myLoan: LoanView | null;
  /** Requests waiting for the owner's answer (0 for anyone but the owner). */
  pendingRequests: number;
  waitlist: { size: number; myPlace: number | null; myState: "waiting" | "offered" | null; offerExpiresAt: number | null };
  /** The owner's record as a lender, for anyone but the owner (null to the owner and where the book is members only). */
  ownerRecord: LenderRecord | null;
  /**
   * Why the viewer may not ask for it ("{owner} lends this book to members of their clubs."), or null when they may (or are the
   * owner). A visitor is told only "nobody for now": whether another rule lets them in shows once they sign in.
   */
  lendRefusal: string | null;
  /** Who may ask for it, for its owner alone (their visible state: "You're not lending this book for now"); `own` when the book has its own rule. */
  ownerRule: { rule: LendRule; km: number; own: boolean } | null;
}

const NO_WAITLIST: BookLoanPanel["waitlist"] = { size: 0, myPlace: null, myState: null, offerExpiresAt: null };
const MEMBERS_ONLY_PANEL: BookLoanPanel = {
  holding: null,
  myLoan: null,
  pendingRequests: 0,
  waitlist: NO_WAITLIST,
  ownerRecord: null,
  lendRefusal: null,
  ownerRule: null,
};

/**
 * What the book page shows about lending it: one batch of index probes (loans_book_holding_idx,
 * loans_book_borrower_open_idx, loans_book_state_idx, waitlist_book_state_idx). Visitors get the
 * holding loan only.
 */
export async function bookLoanPanel(ctx: ServiceContext, bookId: string): Promise<BookLoanPanel> {
  const holdingQuery = ctx.db
    .select({ loanId: loans.id, state: loans.state, dueDate: loans.dueDate, borrowerId: loans.borrowerId, borrowerName: users.name })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.borrowerId))
    .where(and(eq(loans.bookId, bookId), inArray(loans.state, HOLDING_LOAN_STATES)))
    .limit(1);
  // A private club's book is "members only" (as in withViewerAccess): whoever holds it is the club's
  // business, so others see no loan. Two primary-key probes inside the same query.
  const viewerId = ctx.user?.id ?? null;
  const closed = sql<boolean>`exists (select 1 from ${clubs} where ${clubs.id} = ${books.clubId} and ${clubs.isPrivate} = 1)
    and ${books.userId} is not ${viewerId}
    and not exists (select 1 from ${memberships} where ${memberships.clubId} = ${books.clubId} and ${memberships.userId} = ${viewerId} and ${memberships.status} = 'active')`;
  const bookQuery = ctx.db
    .select({
      ownerId: books.userId,
      hidden: books.hidden,
      membersOnly: sql<number>`${closed}`,
      // The book's rule, else its owner's default (a primary-key probe).
      rule: sql<LendRule>`coalesce(${books.lendTo}, (select lend_to from users where users.id = ${books.userId}))`,
      km: sql<number>`coalesce(${books.lendWithinKm}, (select lend_within_km from users where users.id = ${books.userId}))`,
      ownRule: sql<number>`${books.lendTo} is not null`,
      ownerName: sql<string>`(select name from users where users.id = ${books.userId})`,
    })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  // As for the book itself (findBookById): a hidden book (by a moderator, or while its owner is
  // suspended) is there for its owner alone; to anyone else, its panel is not found either.
  const visible = (book: { ownerId: string; hidden: string | null } | undefined) => book && (!book.hidden || book.ownerId === ctx.user?.id);
  if (!ctx.user) {
    const [[book], [holding]] = await ctx.db.batch([bookQuery, holdingQuery]);
    if (!visible(book)) throw notFound("Book not found");
    if (book!.membersOnly) return MEMBERS_ONLY_PANEL;
    const ownerRecord = (await lenderRecords(ctx.db, null, [book!.ownerId])).get(book!.ownerId) ?? null;
    const nobody = book!.rule === "nobody" ? translate(LEND_RULE_REFUSALS.nobody, { owner: book!.ownerName }) : null;
    return { holding: holding ?? null, myLoan: null, pendingRequests: 0, waitlist: NO_WAITLIST, ownerRecord, lendRefusal: nobody, ownerRule: null };
  }
  const me = ctx.user.id;
  const [[book], [holding], [mine], [requests], [queue], [entry]] = await ctx.db.batch([
    bookQuery,
    holdingQuery,
    selectLoans(ctx.db)
      .where(and(eq(loans.bookId, bookId), eq(loans.borrowerId, me), inArray(loans.state, OPEN_LOAN_STATES)))
      .limit(1),
    ctx.db
      .select({ n: count() })
      .from(loans)
      .where(and(eq(loans.bookId, bookId), eq(loans.state, "requested"))),
    ctx.db
      .select({ n: count() })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.bookId, bookId), inArray(waitlistEntries.state, ["waiting", "offered"]))),
    ctx.db
      .select({
        state: waitlistEntries.state,
        offerExpiresAt: waitlistEntries.offerExpiresAt,
        // Waiting entries queued before mine (waitlist_book_state_idx), for my place in line.
        // Spelled out: drizzle leaves columns unqualified in a one-table query, which the subquery would take for its own.
        ahead: sql<number>`(select count(*) from waitlist_entries as ahead where ahead.book_id = waitlist_entries.book_id and ahead.state = 'waiting' and ahead.id < waitlist_entries.id)`,
      })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.userId, me), inArray(waitlistEntries.state, ["waiting", "offered"])))
      .limit(1),
  ]);
  if (!book || !visible(book)) throw notFound("Book not found");
  if (book.membersOnly) return MEMBERS_ONLY_PANEL;
  const [records, verdict] =
    book.ownerId === me ? [null, null] : await Promise.all([lenderRecords(ctx.db, me, [book.ownerId]), lendVerdict(ctx.db, bookId, me)]);
  const ownerRecord = records?.get(book.ownerId) ?? null;
  const refusal = lendRefusal(verdict);
  const myState = entry ? (entry.state as "waiting" | "offered") : null;
  return {
    holding: holding ?? null,
    myLoan: mine ? toLoanView(mine, me) : null,
    pendingRequests: book.ownerId === me ? (requests?.n ?? 0) : 0,
    waitlist: {
      size: queue?.n ?? 0,
      myPlace: !entry ? null : myState === "offered" ? 0 : entry.ahead + 1,
      myState,
      offerExpiresAt: myState === "offered" ? (entry?.offerExpiresAt ?? null) : null,
    },
    ownerRecord,
    lendRefusal: refusal ? refusal.message : null,
    ownerRule: book.ownerId === me ? { rule: book.rule, km: book.km, own: Boolean(book.ownRule) } : null,
  };
}

/** How many loans on each tab of /loans wait for the member (see `loanTabCounts`). */
export type LoanTabCounts = Record<LoanTab, number>;

export { LOAN_COUNT_CAP };

const lentLiterally = sql`${loans.state} = 'lent'`;

/** The four capped counts behind the tab bar, as statements for a batch, and how to read them. */
function tabCountsQuery(ctx: MemberContext, now: number) {
  const me = ctx.user.id;
  const today = dayIn(ctx.user.timezone, now);
  const capped = (where: SQL | undefined) =>
    ctx.db.select({ n: sql<number>`count(*)` }).from(
      ctx.db
        .select({ id: loans.id })
        .from(loans)
        .where(where)
        .limit(LOAN_COUNT_CAP + 1)
        .as("waiting"),
    );
  const statements = [
    capped(and(eq(loans.ownerId, me), eq(loans.state, "accepted"))),
    // Literal states, so SQLite can prove the partial indexes' conditions (a bound parameter could be anything).
    // The index is named (so the columns are written bare): without statistics SQLite prefers
    // loans_owner_idx (two equalities) and walks every lent loan of the owner to find the few renewals.
    ctx.db.select({ n: sql<number>`count(*)` }).from(
      ctx.db
        .select({ id: sql`id` })
        .from(sql`loans indexed by loans_owner_renewal_idx`)
        .where(sql`owner_id = ${me} and state = 'lent' and renewal_requested_at is not null`)
        .limit(LOAN_COUNT_CAP + 1)
        .as("renewals"),
    ),
    capped(and(eq(loans.borrowerId, me), lentLiterally, lte(loans.dueDate, today))),
    capped(and(eq(loans.ownerId, me), eq(loans.state, "requested"))),
  ];
  const read = (results: unknown[]): LoanTabCounts => {
    const [toHandOver = 0, renewals = 0, due = 0, requests = 0] = (results as { n: number }[][]).map((rows) => rows[0]?.n ?? 0);
    return { lent: Math.min(toHandOver + renewals, LOAN_COUNT_CAP + 1), borrowed: due, requests, history: 0 };
  };
  return { statements, read };
}

/**
 * What on each tab needs the member to act, for the tab bar and for the tab /loans opens on:
 * - Lent out: a promised book to hand over (accepted), or a borrower's renewal request to answer;
 * - Borrowed: a book due back today or overdue;
 * - Requests: requests for the member's books waiting for their answer (their own requests wait
 *   for the owner, not for them);
 * - History: nothing.
 * One batch of capped counts over loans_owner_idx / loans_borrower_idx ranges (member, state).
 */
export async function loanTabCounts(ctx: ServiceContext, now = Date.now()): Promise<LoanTabCounts> {
  requireUser(ctx);
  const counts = tabCountsQuery(ctx, now);
  return counts.read(await ctx.db.batch(nonEmpty(counts.statements)));
}

/**
 * /loans in one round trip: the tab counts and the tab's first page in one batch. Plain /loans
 * (`opened`) reads Lent out's page with them, the tab it opens on unless another needs the member;
 * only then does a second batch read that one.
 */
export async function loansPage(ctx: ServiceContext, query: LoanListQuery, opened: boolean, now = Date.now()) {
  requireUser(ctx);
  const counts = tabCountsQuery(ctx, now);
  if (!opened) {
    const page = tabPageQuery(ctx, query);
    const results = await ctx.db.batch(nonEmpty<BatchItem<"sqlite">>([...counts.statements, ...page.statements]));
    const read = page.read(results.slice(counts.statements.length));
    return { tab: query.tab, counts: counts.read(results.slice(0, counts.statements.length)), ...read, items: await withBorrowerRecords(ctx, read.items, now) };
  }
  // Plain /loans: the tab it opens on is chosen by SQLite inside the same batch, and each tab's walks run only if it
  // is the one (a condition on no row, checked once before the walk), so one round trip reads one tab's page.
  const chosen = openingTab(ctx, now);
  const pages = OPENING_TABS.map((tab) => tabPageQuery(ctx, { tab }, sql`(${chosen}) = ${tab}`));
  const results = await ctx.db.batch(
    nonEmpty<BatchItem<"sqlite">>([
      ...counts.statements,
      ctx.db.select({ tab: sql<LoanTab>`${chosen}` }).from(sql`(select 1)`),
      ...pages.flatMap((page) => page.statements),
    ]),
  );
  const tabCounts = counts.read(results.slice(0, counts.statements.length));
  const tab = (results[counts.statements.length] as { tab: LoanTab }[])[0]?.tab ?? "lent";
  let at = counts.statements.length + 1;
  const read = pages.map((page) => {
    const slice = results.slice(at, at + page.statements.length);
    at += page.statements.length;
    return page.read(slice);
  });
  const opening = read[OPENING_TABS.indexOf(tab as (typeof OPENING_TABS)[number])]!;
  return { tab, counts: tabCounts, ...opening, items: await withBorrowerRecords(ctx, opening.items, now) };
}

/** The tab /loans opens on without ?tab=: the first that needs the member, or null when none does. */
export function firstTabNeedingMember(counts: LoanTabCounts): LoanTab | null {
  return LOAN_TABS.find((tab) => counts[tab] > 0) ?? null;
}

/** The tabs plain /loans can open on (History never needs the member). */
const OPENING_TABS = ["lent", "borrowed", "requests"] as const satisfies LoanTab[];

/**
 * The tab plain /loans opens on, as one SQL expression of one-row probes: the first that needs the member
 * (firstTabNeedingMember's order, the same conditions as tabCountsQuery), else where their loans are: Borrowed for a
 * member who borrows and lends nothing out, else Lent out.
 */
function openingTab(ctx: MemberContext, now: number): SQL<LoanTab> {
  const me = ctx.user.id;
  const today = dayIn(ctx.user.timezone, now);
  return sql<LoanTab>`case
    when exists (select 1 from loans where owner_id = ${me} and state = 'accepted')
      or exists (select 1 from loans indexed by loans_owner_renewal_idx where owner_id = ${me} and state = 'lent' and renewal_requested_at is not null) then 'lent'
    when exists (select 1 from loans where borrower_id = ${me} and state = 'lent' and due_date <= ${today}) then 'borrowed'
    when exists (select 1 from loans where owner_id = ${me} and state = 'requested') then 'requests'
    when not exists (select 1 from loans where owner_id = ${me} and state in ('accepted', 'lent'))
      and exists (select 1 from loans where borrower_id = ${me} and state in ('requested', 'accepted', 'lent')) then 'borrowed'
    else 'lent' end`;
}
