import { and, count, desc, eq, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Database } from "../db/client";
import { books, conversations, HOLDING_LOAN_STATES, type LoanState, loans, OPEN_LOAN_STATES, users, waitlistEntries } from "../db/schema";
import { mediaUrl } from "../shared/media-url";
import { notFound, requireUser } from "./errors";
import type { ServiceContext } from "./types";

export const LOAN_NOT_FOUND = "Loan not found";
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

function toLoanView(row: LoanRow, viewerId: string): LoanView {
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
  };
}

/** One loan, for either of its two members; anyone else gets 404, so loan ids reveal nothing. */
export async function findLoan(ctx: ServiceContext, loanId: string): Promise<LoanView> {
  requireUser(ctx);
  const me = ctx.user.id;
  const [row] = await selectLoans(ctx.db)
    .where(and(eq(loans.id, loanId), or(eq(loans.ownerId, me), eq(loans.borrowerId, me))))
    .limit(1);
  if (!row) throw notFound(LOAN_NOT_FOUND);
  return toLoanView(row, me);
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
export async function listLoans(ctx: ServiceContext, query: LoanListQuery): Promise<{ items: LoanView[]; nextToken: string | null }> {
  requireUser(ctx);
  const me = ctx.user.id;
  const cursor = query.before;
  const after: SQL | undefined = cursor
    ? and(lte(loans.updatedAt, cursor.updatedAt), or(lt(loans.updatedAt, cursor.updatedAt), lt(loans.id, cursor.loanId)))
    : undefined;
  const walks = TAB_RANGES[query.tab].map(({ side, state }) =>
    selectLoans(ctx.db)
      .where(and(eq(side === "owner" ? loans.ownerId : loans.borrowerId, me), eq(loans.state, state), after))
      .orderBy(desc(loans.updatedAt), desc(loans.id))
      .limit(LOANS_PAGE_SIZE + 1),
  );
  const results = await ctx.db.batch(walks as [(typeof walks)[number], ...(typeof walks)[number][]]);
  const rows = results.flat().sort(loanOrder);
  const page = rows.slice(0, LOANS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toLoanView(row, me)),
    nextToken: rows.length > LOANS_PAGE_SIZE && last ? `${last.updatedAt}_${last.loanId}` : null,
  };
}

export interface BookLoanPanel {
  /** The loan that holds the book (accepted or lent), if any. */
  holding: { loanId: string; state: LoanState; dueDate: string | null; borrowerId: string; borrowerName: string } | null;
  /** The viewer's own open loan on the book, as its borrower. */
  myLoan: LoanView | null;
  /** Requests waiting for the owner's answer (0 for anyone but the owner). */
  pendingRequests: number;
  waitlist: { size: number; myPlace: number | null; myState: "waiting" | "offered" | null; offerExpiresAt: number | null };
}

const NO_WAITLIST: BookLoanPanel["waitlist"] = { size: 0, myPlace: null, myState: null, offerExpiresAt: null };

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
  const bookQuery = ctx.db.select({ ownerId: books.userId }).from(books).where(eq(books.id, bookId)).limit(1);
  if (!ctx.user) {
    const [[book], [holding]] = await ctx.db.batch([bookQuery, holdingQuery]);
    if (!book) throw notFound("Book not found");
    return { holding: holding ?? null, myLoan: null, pendingRequests: 0, waitlist: NO_WAITLIST };
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
  if (!book) throw notFound("Book not found");
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
  };
}
