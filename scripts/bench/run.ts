// `npm run bench`: 100,000 books, 10,000 clubs and 10,000 conversations in a fresh local D1, then the
// library listing, club browsing and the conversation list measured through the Worker (latency) and
// through the same service code on the same database (D1 rows_read); then messages sent through the
// Worker and timed until the other member's WebSocket receives them, and a burst of concurrent sends.
// Then /loans and the notifications over a 25,000-loan ledger and 10,000 notifications (with track records: a requester
// with 1,000 loans, a book page with its owner's record), and poll
// counting at 1,000 ballots (scripts/bench/polls.ts).
// Results go to bench-results/{library,clubs,messages,loans,polls}.md.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { measureAnnouncements } from "./announcements.ts";
import {
  benchRequest,
  countingContext,
  loadService,
  MAX_SOCKETS,
  measure,
  OUT,
  openDatabase,
  PORT,
  percentile,
  prepareDatabase,
  type ReadCounter,
  SAMPLES,
  stage,
  startWorker,
} from "./harness.ts";
import { clubRoomPaths, measureBurst, measureDelivery, measureSocketDelivery } from "./live-messages.ts";
import { benchPollCounting } from "./polls.ts";
import {
  BENCH_CLUB_COPIES,
  BENCH_CLUB_MEETINGS,
  BENCH_CROWD_CLUB,
  BENCH_HEAVY_BORROWER,
  BENCH_NEAR_MEMBER,
  BENCH_NEAR_WANTS,
  BENCH_PAIR_CLUB,
  BENCH_POPULAR_COPIES,
  BENCH_POPULAR_COPY,
  BENCH_READING_CLUB,
  BENCH_RECORD_BOOK,
  BENCH_WANTED_TITLE,
  BENCH_WANTERS,
  checkBenchBookCells,
  seedBenchBooks,
  seedBenchClubReading,
  seedBenchClubs,
  seedBenchConversations,
  seedBenchCrowdClub,
  seedBenchHeavyBorrower,
  seedBenchLoans,
  seedBenchNotifications,
  seedBenchPair,
  seedBenchRoomClub,
  seedBenchSession,
  seedBenchWanted,
} from "./seed-bench.ts";

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const CLUBS = Number(process.env.BENCH_CLUBS ?? 10_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const WANTED = Number(process.env.BENCH_WANTED ?? 100_000);
/** The pause after each listing the bench times, so the wanted-copy job it scheduled has run before the next request. */
const LIST_SETTLE_MS = Number(process.env.BENCH_LIST_SETTLE_MS ?? 300);
/** The large club's members besides its admin: its announcements go through the notice queue. */
const CROWD = Number(process.env.BENCH_CROWD ?? 1_000);
const ANNOUNCEMENTS = Number(process.env.BENCH_ANNOUNCEMENTS ?? 50);
/** BENCH_ONLY=announcements,messages measures only those parts (library, near, wanted, search, clubs, messages, loans, announcements, polls). */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean),
);
const runs = (part: string) => ONLY.size === 0 || ONLY.has(part);
const MEMBER_ID = "bench-user-0";
const PEER_ID = "bench-user-1";
const LIVE_CONVERSATION = "bench-live";
/** The club whose room the club room delivery bench uses: the two bench members are its members. */
const LIVE_CLUB = "bench-live-club";
// Well-formed session tokens (32 base32 characters); the database holds only their SHA-256.
const TOKEN = "benchbenchbenchbenchbenchbench22";
const PEER_TOKEN = "benchpeerbenchpeerbenchpeerbench";
const NEAR_TOKEN = "benchnearbenchnearbenchnearbench";
const HEAVY_TOKEN = "benchheavybenchheavybenchheavy22";
const sessionId = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

interface LibraryModule {
  listLibraryBooks(ctx: unknown, query: unknown): Promise<unknown>;
  countLibraryBooks(ctx: unknown, query: unknown): Promise<unknown>;
  libraryQuerySchema: { parse(input: unknown): unknown };
  readLibrary(
    ctx: unknown,
    query: unknown,
    options: { excludeUserId: string | null; details: boolean },
  ): Promise<{ items: { distanceKm?: number }[]; nextToken: string | null; total: { count: number; capped: boolean } }>;
}
interface BookPageModule {
  findBookById(ctx: unknown, bookId: string): Promise<unknown>;
}
interface ConversationsModule {
  listConversations(ctx: unknown, query: unknown): Promise<unknown>;
  countUnreadMessages(ctx: unknown): Promise<unknown>;
}
interface LoansModule {
  listLoans(ctx: unknown, query: unknown): Promise<unknown>;
  loansPage(ctx: unknown, query: unknown, opened: boolean): Promise<unknown>;
  bookLoanPanel(ctx: unknown, bookId: string): Promise<unknown>;
}
interface NotificationsModule {
  listNotifications(ctx: unknown, query: unknown): Promise<unknown>;
  countUnreadNotifications(ctx: unknown): Promise<unknown>;
}
interface ClubsModule {
  browseClubs(ctx: unknown, query: unknown): Promise<unknown>;
  listMyClubs(ctx: unknown): Promise<unknown>;
}

interface OtherCopiesModule {
  findOtherCopies(ctx: unknown, bookId: string, origin: { cellLat: number; cellLon: number } | null): Promise<{ total: number } | null>;
}
interface WantedModule {
  wantedNearMe(ctx: unknown): Promise<unknown[]>;
}
interface BookWritesModule {
  createBook(ctx: unknown, input: unknown): Promise<{ bookId: string }>;
  manualBookSchema: { parse(input: unknown): unknown };
}
interface WantedMatchingModule {
  runWantedCopyJob(deps: unknown, id: string, now: number): Promise<number | null>;
}

interface ClubMeetingsModule {
  listMeetings(ctx: unknown, clubId: string, query: unknown): Promise<unknown>;
}
interface ClubMeetingsPageModule {
  upcomingMeetingsSummary(ctx: unknown, clubId: string): Promise<unknown>;
}
interface ClubReadingModule {
  getClubReading(ctx: unknown, clubId: string): Promise<unknown>;
}
interface ClubCopiesModule {
  listClubCopies(ctx: unknown, clubId: string, query: unknown): Promise<unknown>;
}

interface Scenario {
  name: string;
  url: string;
  /** The service calls behind the URL, for rows_read. */
  reads: (ctx: (counter: ReadCounter) => Promise<unknown>) => Promise<number[]>;
  /** What each of reads' numbers counts, when not one service call each. */
  parts?: string[];
}

async function rowsRead(ctx: (counter: ReadCounter) => Promise<unknown>, call: (ctx: unknown) => Promise<unknown>) {
  const counter = { rowsRead: 0, queries: 0 };
  await call(await ctx(counter));
  return counter.rowsRead;
}

const library = await loadService<LibraryModule>("worker/features/books/library.ts");
const clubsService = await loadService<ClubsModule>("worker/features/clubs/club-lists.ts");
const conversationsService = await loadService<ConversationsModule>("worker/features/messages/conversation-list.ts");
const loansService = await loadService<LoansModule>("worker/features/loans/loan-queries.ts");
const notificationsService = await loadService<NotificationsModule>("worker/features/notifications/notifications.ts");
const clubReadingService = await loadService<ClubReadingModule>("worker/features/club-reading/club-book.ts");
const clubCopiesService = await loadService<ClubCopiesModule>("worker/features/club-reading/copies.ts");
const clubMeetingsService = await loadService<ClubMeetingsModule>("worker/features/club-meetings/meetings.ts");
const clubMeetingsPage = await loadService<ClubMeetingsPageModule>("worker/features/club-meetings/meetings-page.ts");
const otherCopiesService = await loadService<OtherCopiesModule>("worker/features/books/other-copies.ts");
const wantedService = await loadService<WantedModule>("worker/features/wanted/wanted.ts");
const wantedMatching = await loadService<WantedMatchingModule>("worker/features/wanted/wanted-matching.ts");
const bookWrites = await loadService<BookWritesModule>("worker/features/books/book-writes.ts");

const deepBook = Math.floor(BOOKS / 2);
const deepBookCursor = `c${deepBook.toString(36)}`;
const libraryPage = (query: object) => async (ctx: (counter: ReadCounter) => Promise<unknown>) => [
  await rowsRead(ctx, (c) => library.listLibraryBooks(c, query)),
  await rowsRead(ctx, (c) => library.countLibraryBooks(c, query)),
];
const libraryScenarios: Scenario[] = [
  // The floor: a page that reads nothing (no data, no session), so each page's own cost shows as the difference.
  { name: "floor: a static page (SSR /about)", url: "/about", reads: async () => [] },
  { name: "page 1 (API, 25)", url: "/api/books?limit=25&bare=1", reads: libraryPage({ limit: 25 }) },
  {
    name: `deep page (API, cursor at ${deepBook})`,
    url: `/api/books?limit=25&bare=1&nextToken=${deepBookCursor}`,
    reads: libraryPage({ limit: 25, nextToken: deepBook }),
  },
  { name: "search 'river' (API, 25)", url: "/api/books?limit=25&bare=1&search=river", reads: libraryPage({ limit: 25, search: "river" }) },
  {
    name: "search 'amber observatory' (API, 25)",
    url: "/api/books?limit=25&bare=1&search=amber%20observatory",
    reads: libraryPage({ limit: 25, search: "amber observatory" }),
  },
  { name: "page 1 (SSR /library)", url: "/library", reads: libraryPage({ limit: 25 }) },
  { name: "deep page (SSR /library)", url: `/library?nextToken=${deepBookCursor}&page=2001`, reads: libraryPage({ limit: 25, nextToken: deepBook }) },
];

// "Near me" (issue 36) as the API serves it to a member at the centre of London, owners clustered in 44 real cities.
// rows_read splits into the walk over book_cells (the tiles) and everything else (the member's cell, the books, the count).
const NEAR_PAGE = "/api/books?limit=25&bare=1";
const nearMember = { id: BENCH_NEAR_MEMBER, name: "Bench Reader 50", email: "bench50@example.com", bio: "", picture: null, timezone: "UTC", showEmail: false };
/** The first page's nextToken for "near me" page 2, read in the rows_read pass before the Worker is timed. */
let nearPage2Token = "";
const nearPage =
  (params: () => string, onRead?: (page: Awaited<ReturnType<LibraryModule["readLibrary"]>>) => void) =>
  async (ctx: (counter: ReadCounter) => Promise<unknown>) => {
    const statements: { sql: string; rowsRead: number; params: unknown[] }[] = [];
    const query = library.libraryQuerySchema.parse(Object.fromEntries(new URL(`${NEAR_PAGE}&${params()}`, "http://bench").searchParams));
    // As GET /api/books calls it: a signed-in member's library leaves out their own books.
    const page = await library.readLibrary(await ctx({ rowsRead: 0, queries: 0, statements }), query, { excludeUserId: BENCH_NEAR_MEMBER, details: false });
    onRead?.(page);
    const km = page.items.map((item) => item.distanceKm).filter((d) => d !== undefined);
    nearChecks.push(
      `${params() || "(plain)"}: ${page.items.length} books, total ${page.total.count}${page.total.capped ? "+" : ""}` +
        (km.length ? `, ${Math.min(...km)}–${Math.max(...km)} km` : "") +
        `, ${statements.length} statements (${statements.map((s) => s.rowsRead).join(", ")})`,
    );
    const tiles = statements.filter((s) => s.sql.includes("book_cells")).reduce((sum, s) => sum + s.rowsRead, 0);
    const rest = statements.filter((s) => !s.sql.includes("book_cells")).reduce((sum, s) => sum + s.rowsRead, 0);
    return [tiles, rest];
  };
const nearChecks: string[] = [];
const nearScenario = (name: string, params: () => string, onRead?: Parameters<typeof nearPage>[1]): Scenario => ({
  name,
  get url() {
    return `${NEAR_PAGE}&${params()}`;
  },
  reads: nearPage(params, onRead),
  parts: ["book_cells", "the rest"],
});
const nearScenarios: Scenario[] = [
  nearScenario("page 1 (API, 25), signed in", () => ""),
  nearScenario("available=1 page 1 (API, 25)", () => "available=1"),
  nearScenario("near me, 2 km, page 1", () => "near=me&radius=2"),
  nearScenario(
    "near me, 10 km, page 1",
    () => "near=me&radius=10",
    (page) => {
      nearPage2Token = page.nextToken ?? "";
    },
  ),
  nearScenario("near me, 10 km, page 2 (page 1's nextToken)", () => `near=me&radius=10&nextToken=${nearPage2Token}`),
  nearScenario("near me, 50 km, page 1", () => "near=me&radius=50"),
  nearScenario("near me, anywhere, page 1", () => "near=me"),
  nearScenario("near me, 10 km, available=1, page 1", () => "near=me&radius=10&available=1"),
  nearScenario("near me, 10 km, search 'river'", () => "near=me&radius=10&search=river"),
  nearScenario("near me, anywhere, search 'river'", () => "near=me&search=river"),
];

// Wanted books (issue 36, item 5) over 100,000 wants, read as the near member at London's centre.
/** The near member's cell, read in the rows_read pass: other copies measure from it, as the API does from their area. */
let nearCell: { cellLat: number; cellLon: number } | null = null;
const wantedScenarios: Scenario[] = [
  {
    name: `other copies on a book page (API; "${BENCH_WANTED_TITLE.title}", ${BENCH_POPULAR_COPIES} copies across the cities)`,
    url: `/api/books/${BENCH_POPULAR_COPY}/copies`,
    reads: async (ctx) => [await rowsRead(ctx, (c) => otherCopiesService.findOtherCopies(c, BENCH_POPULAR_COPY, nearCell))],
  },
  {
    name: `"Wanted, near you" (API; a member with ${BENCH_NEAR_WANTS} wants)`,
    url: "/api/wanted/near",
    reads: async (ctx) => [await rowsRead(ctx, (c) => wantedService.wantedNearMe(c))],
  },
];
/** What the wanted-copy job read and how long it took, and the wanters lookup's plans, from the rows_read pass. */
const wantedJobRows: string[] = [];
const wantersPlans: string[] = [];
/** The wanter told last when a copy of the wanted title is listed in London (the highest wanted id matched), whose bell the bench watches. */
const WANTER_TOKEN = "benchwanterbenchwanterbenchwante";
/** The listing's own rows_read (createBook; its book.listed subscribers are not loaded in Node: see listingRows). */
const listingReads = { nobody: 0, wanted: 0 };

/**
 * What listing a book reads, on the service code: the same for a title 1,000 members want and one nobody wants, as
 * no wanter is read on the request (the job is). Of book.listed's subscribers, the new-book notice reads at most one
 * follows row and both schedule a job (a Durable Object alarm, no D1 read). The two books are deleted again.
 */
async function listingRows(db: typeof proxy.env.DB) {
  for (const [kind, title, author] of [
    ["nobody", "An Unwanted Almanac 0", "Nobody In Particular"],
    ["wanted", BENCH_WANTED_TITLE.title, BENCH_WANTED_TITLE.author],
  ] as const) {
    const counter = { rowsRead: 0, queries: 0 };
    const book = await bookWrites.createBook(
      await countingContext(db, counter, nearMember),
      bookWrites.manualBookSchema.parse({ title, author, status: "reading" }),
    );
    listingReads[kind] = counter.rowsRead;
    await db.prepare("DELETE FROM books WHERE id = ?").bind(book.bookId).run();
  }
}

// Issue 37: search in three scripts over the same books (1 in 50 titled in Japanese, 1 in 50 in Arabic; 1 in 500 holds
// each word searched for), the FTS index's size, and the search-text backfill's time over every book.
const searchScenarios: Scenario[] = [
  { name: "Latin: search 'river' (API, 25)", url: "/api/books?limit=25&bare=1&search=river", reads: libraryPage({ limit: 25, search: "river" }) },
  {
    name: "Latin: search 'amber observatory' (API, 25)",
    url: "/api/books?limit=25&bare=1&search=amber%20observatory",
    reads: libraryPage({ limit: 25, search: "amber observatory" }),
  },
  {
    name: "Japanese: search '森' (API, 25)",
    url: `/api/books?limit=25&bare=1&search=${encodeURIComponent("森")}`,
    reads: libraryPage({ limit: 25, search: "森" }),
  },
  {
    name: "Japanese: search '鉄道' (API, 25)",
    url: `/api/books?limit=25&bare=1&search=${encodeURIComponent("鉄道")}`,
    reads: libraryPage({ limit: 25, search: "鉄道" }),
  },
  {
    name: "Arabic: search 'الهجره' (API, 25)",
    url: `/api/books?limit=25&bare=1&search=${encodeURIComponent("الهجره")}`,
    reads: libraryPage({ limit: 25, search: "الهجره" }),
  },
];
const searchFacts: string[] = [];
const REINDEX_MODULE = "worker/features/search-index/reindex.ts";
interface ReindexModule {
  reindexBatch(db: unknown, table: "books" | "clubs", limit?: number): Promise<{ read: number; done: boolean }>;
  REINDEX_BATCH: number;
}

/** The FTS index's size and the search text the books hold. */
async function measureSearchIndex(db: Parameters<typeof countingContext>[0]) {
  const first = async (query: string) => ((await db.prepare(query).raw()) as unknown[][])[0]!;
  const [blocks, bytes] = await first("SELECT count(*), sum(length(block)) FROM books_fts_data");
  const hasColumns = ((await first("SELECT count(*) FROM pragma_table_info('books') WHERE name = 'search_title'"))[0] as number) > 0;
  const stored = hasColumns
    ? await first(
        "SELECT count(*), coalesce(sum(coalesce(length(search_title), 0) + coalesce(length(search_author), 0) + coalesce(length(search_description), 0)), 0) FROM books WHERE search_title IS NOT NULL OR search_author IS NOT NULL OR search_description IS NOT NULL",
      )
    : [0, 0];
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  searchFacts.push(
    `books_fts index: ${mib(bytes as number)} MiB in ${(blocks as number).toLocaleString("en-US")} blocks (books_fts_data); ` +
      `search text stored on ${(stored[0] as number).toLocaleString("en-US")} books (${mib(stored[1] as number)} MiB of characters).`,
  );
}

/**
 * The backfill's time over every book (migration 0023), as if none had its search text yet: last, on the database the
 * Worker was measured on, since at 1M books it takes longer than everything else.
 */
async function measureBackfill(): Promise<string> {
  if (!existsSync(REINDEX_MODULE)) return "No search-text backfill in this checkout (before migration 0023).";
  const reindex = await loadService<ReindexModule>(REINDEX_MODULE);
  const proxy = await openDatabase();
  try {
    const db = proxy.env.DB;
    const cleared = ((await db.prepare("SELECT count(*) FROM books WHERE search_title IS NOT NULL").raw()) as number[][])[0]![0]!;
    await db.prepare("UPDATE books SET search_title = NULL, search_author = NULL, search_description = NULL WHERE search_title IS NOT NULL").run();
    await db.prepare("UPDATE search_reindex SET after_seq = 0, done_at = NULL WHERE table_name = 'books'").run();
    const counter = { rowsRead: 0, queries: 0 };
    const ctx = (await countingContext(db, counter)) as { db: unknown };
    const started = performance.now();
    let batches = 0;
    let rows = 0;
    for (;;) {
      const { read, done } = await reindex.reindexBatch(ctx.db, "books", reindex.REINDEX_BATCH);
      if (done) break;
      batches++;
      rows += read;
      if (batches % 200 === 0) console.log(`backfill: ${rows.toLocaleString("en-US")} books in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const seconds = (performance.now() - started) / 1000;
    return (
      `Search-text backfill over ${rows.toLocaleString("en-US")} books (${cleared.toLocaleString("en-US")} of them given their text again): ` +
      `${seconds.toFixed(1)} s in ${batches.toLocaleString("en-US")} batches of ${reindex.REINDEX_BATCH} ` +
      `(${Math.round(rows / seconds).toLocaleString("en-US")} books/s, D1 rows_read ${counter.rowsRead.toLocaleString("en-US")}), from Node through the local D1 proxy.`
    );
  } finally {
    await proxy.dispose();
  }
}

const deepClub = Math.floor(CLUBS / 2);
const browse = (query: object) => async (ctx: (counter: ReadCounter) => Promise<unknown>) => [
  await rowsRead(ctx, (c) => clubsService.browseClubs(c, { limit: 12, ...query })),
];
const clubScenarios: Scenario[] = [
  { name: "browse page 1 (API, 12)", url: "/api/clubs/browse?limit=12", reads: browse({}) },
  {
    name: `browse deep page (API, cursor at ${deepClub})`,
    url: `/api/clubs/browse?limit=12&nextToken=c${deepClub.toString(36)}`,
    reads: browse({ nextToken: deepClub }),
  },
  { name: "search 'lantern' (API, 12)", url: "/api/clubs/browse?limit=12&search=lantern", reads: browse({ search: "lantern" }) },
  { name: "search 'porto' (API, 12)", url: "/api/clubs/browse?limit=12&search=porto", reads: browse({ search: "porto" }) },
  {
    name: `my clubs (API, member of ${Math.floor(CLUBS / 50)})`,
    url: "/api/clubs",
    reads: async (ctx) => [await rowsRead(ctx, (c) => clubsService.listMyClubs(c))],
  },
  { name: "browse page 1 (SSR /clubs/browse)", url: "/clubs/browse", reads: browse({}) },
  // A club that reads together: a club page with a current book (6 milestones, marks), its copies in the library and
  // its upcoming meetings (one more meeting in each of the other clubs).
  {
    name: `club's book and progress (API, ${BENCH_CLUB_COPIES} copies in the library)`,
    url: `/api/clubs/${BENCH_READING_CLUB}/reading`,
    reads: async (ctx) => [await rowsRead(ctx, (c) => clubReadingService.getClubReading(c, BENCH_READING_CLUB))],
  },
  {
    name: `copies of the club's book (API, ${BENCH_CLUB_COPIES} of ${BENCH_CLUB_COPIES})`,
    url: `/api/clubs/${BENCH_READING_CLUB}/reading/copies?limit=50`,
    reads: async (ctx) => [await rowsRead(ctx, (c) => clubCopiesService.listClubCopies(c, BENCH_READING_CLUB, { limit: 50 }))],
  },
  {
    name: `club's upcoming meetings (API, 20 of ${BENCH_CLUB_MEETINGS}, with RSVPs)`,
    url: `/api/clubs/${BENCH_READING_CLUB}/meetings?limit=20`,
    reads: async (ctx) => [await rowsRead(ctx, (c) => clubMeetingsService.listMeetings(c, BENCH_READING_CLUB, { when: "upcoming", limit: 20 }))],
  },
  {
    name: `club page with a current book, ${BENCH_CLUB_COPIES} copies and ${BENCH_CLUB_MEETINGS} upcoming meetings (SSR; rows_read: reading + first 20 copies + next meetings)`,
    url: `/clubs/${BENCH_READING_CLUB}`,
    reads: async (ctx) => [
      await rowsRead(ctx, (c) => clubReadingService.getClubReading(c, BENCH_READING_CLUB)),
      await rowsRead(ctx, (c) => clubCopiesService.listClubCopies(c, BENCH_READING_CLUB, { limit: 20 })),
      await rowsRead(ctx, (c) => clubMeetingsPage.upcomingMeetingsSummary(c, BENCH_READING_CLUB)),
    ],
  },
];

const conversationScenarios: Scenario[] = [
  {
    name: `conversation list (API, 50 of ${CONVERSATIONS.toLocaleString("en-US")})`,
    url: "/api/dm/conversations?limit=50",
    reads: async (ctx) => [await rowsRead(ctx, (c) => conversationsService.listConversations(c, { limit: 50 }))],
  },
  {
    name: "unread badge (every signed-in page; SSR /messages)",
    url: "/messages",
    reads: async (ctx) => [
      await rowsRead(ctx, (c) => conversationsService.listConversations(c, { limit: 50 })),
      await rowsRead(ctx, (c) => conversationsService.countUnreadMessages(c)),
    ],
  },
];

const loanTab = (tab: string): Scenario => ({
  name: `/loans tab '${tab}' (API, 20)`,
  url: `/api/loans?tab=${tab}`,
  reads: async (ctx) => [await rowsRead(ctx, (c) => loansService.listLoans(c, { tab }))],
});
const loanScenarios: Scenario[] = [
  loanTab("lent"),
  loanTab("borrowed"),
  loanTab("requests"),
  loanTab("history"),
  // Plain /loans: the tab counts and the first page of the tab it opens on, in one batch.
  {
    name: "/loans (SSR: tab counts and the tab it opens on)",
    url: "/loans",
    reads: async (ctx) => [await rowsRead(ctx, (c) => loansService.loansPage(c, { tab: "lent" }, true))],
  },
];

// Track records (issue 38): a request from a member with 1,000 loans on the owner's Requests tab (their record is one
// read of counters and one walk over the loans they hold now, not over their ledger), and a book page with its owner's
// record as a lender, seen by that member.
const heavyMember = {
  id: BENCH_HEAVY_BORROWER,
  name: "Bench Heavy Borrower",
  email: "bench-heavy@example.com",
  bio: "",
  picture: null,
  timezone: "UTC",
  showEmail: false,
};
const bookPage = await loadService<BookPageModule>("worker/features/books/library.ts");
const recordScenarios: { scenario: Scenario; token: string; as: typeof heavyMember }[] = [
  {
    scenario: {
      name: "/loans Requests tab, the newest request from a member with 1,000 loans (SSR /loans?tab=requests, their record on it)",
      url: "/loans?tab=requests",
      reads: async (ctx) => [await rowsRead(ctx, (c) => loansService.loansPage(c, { tab: "requests" }, false))],
    },
    token: TOKEN,
    as: { id: MEMBER_ID, name: "Bench Reader 0", email: "bench0@example.com", bio: "", picture: null, timezone: "UTC", showEmail: false },
  },
  {
    scenario: {
      name: `a book page with its owner's record as a lender (SSR /books/${BENCH_RECORD_BOOK}, seen by that member; rows_read: book + loan panel)`,
      url: `/books/${BENCH_RECORD_BOOK}`,
      reads: async (ctx) => [
        await rowsRead(ctx, (c) => bookPage.findBookById(c, BENCH_RECORD_BOOK)),
        await rowsRead(ctx, (c) => loansService.bookLoanPanel(c, BENCH_RECORD_BOOK)),
      ],
    },
    token: HEAVY_TOKEN,
    as: heavyMember,
  },
];

const notificationScenarios: Scenario[] = [
  {
    name: `notifications page 1 (API, 20 of ${NOTIFICATIONS.toLocaleString("en-US")})`,
    url: "/api/notifications?limit=20",
    reads: async (ctx) => [await rowsRead(ctx, (c) => notificationsService.listNotifications(c, { limit: 20 }))],
  },
  {
    name: "bell count (API)",
    url: "/api/notifications/unread-count",
    reads: async (ctx) => [await rowsRead(ctx, (c) => notificationsService.countUnreadNotifications(c))],
  },
  {
    name: "/notifications (SSR)",
    url: "/notifications",
    reads: async (ctx) => [await rowsRead(ctx, (c) => notificationsService.listNotifications(c, { limit: 20 }))],
  },
];

// The push service, mocked: the crowd's devices are FCM's, and the Worker's fetches to FCM are answered here (201, as FCM
// would), before the network (there is none here). Web Push only sends to https endpoints, so a plain local server cannot
// stand in; and pointed at the unreachable fcm.googleapis.com, the pushes failed their DNS lookups and were retried.
let pushesReceived = 0;
const PUSH_ENDPOINT = "https://fcm.googleapis.com/fcm/send";
async function outbound(request: Request): Promise<Response> {
  if (request.url.startsWith(`${PUSH_ENDPOINT}/`)) {
    await request.arrayBuffer();
    pushesReceived++;
    return new Response(null, { status: 201 });
  }
  return new Response("No network in the bench", { status: 502 });
}

const proxy = await prepareDatabase(async (db) => {
  let started = performance.now();
  await seedBenchBooks(db, BOOKS);
  const placed = await checkBenchBookCells(db);
  console.log(
    `Seeded ${BOOKS.toLocaleString("en-US")} books in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${placed.areas.toLocaleString("en-US")} owners with an area, ${placed.located.toLocaleString("en-US")} books in ${placed.cells.toLocaleString("en-US")} cells)`,
  );
  started = performance.now();
  await seedBenchClubs(db, CLUBS, MEMBER_ID);
  console.log(`Seeded ${CLUBS.toLocaleString("en-US")} clubs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await seedBenchConversations(db, MEMBER_ID, CONVERSATIONS);
  await seedBenchPair(db, LIVE_CONVERSATION, MEMBER_ID, PEER_ID);
  await seedBenchRoomClub(db, LIVE_CLUB, MEMBER_ID, PEER_ID);
  await seedBenchLoans(db, BOOKS);
  await seedBenchHeavyBorrower(db, MEMBER_ID, BOOKS);
  await seedBenchNotifications(db, MEMBER_ID, NOTIFICATIONS);
  await seedBenchClubReading(db);
  started = performance.now();
  await seedBenchWanted(db, WANTED, BOOKS);
  const [[wants, wanters]] = (await db.prepare("SELECT count(*), count(DISTINCT user_id) FROM wanted_books").raw()) as [[number, number]];
  console.log(
    `Seeded ${wants.toLocaleString("en-US")} wanted books of ${wanters.toLocaleString("en-US")} members in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await seedBenchCrowdClub(db, MEMBER_ID, PEER_ID, CROWD, PUSH_ENDPOINT);
  await seedBenchSession(db, MEMBER_ID, sessionId(TOKEN));
  await seedBenchSession(db, PEER_ID, sessionId(PEER_TOKEN));
  await seedBenchSession(db, BENCH_NEAR_MEMBER, sessionId(NEAR_TOKEN));
  await seedBenchSession(db, BENCH_HEAVY_BORROWER, sessionId(HEAVY_TOKEN));
  // The club copies (seedBenchClubReading) took their owners' cells by trigger: still consistent.
  await checkBenchBookCells(db);
});

const member = { id: MEMBER_ID, name: "Bench Reader 0", email: "bench0@example.com", bio: "", picture: null, timezone: "UTC", showEmail: false };
const reads = new Map<string, number[]>();

/**
 * The wanted rows' rows_read, and the wanted-copy job run on the service code for two London copies of the
 * wanted title (one listed by title alone, one with its ISBN): its time and rows read, and the plan of its
 * one read of wanters (the statement on wanted_books, as the job bound it).
 */
async function wantedReads(db: typeof proxy.env.DB) {
  const [cell] = (await db.prepare("SELECT cell_lat, cell_lon FROM member_areas WHERE user_id = ?").bind(BENCH_NEAR_MEMBER).raw()) as [number, number][];
  nearCell = { cellLat: cell![0], cellLon: cell![1] };
  for (const scenario of wantedScenarios) reads.set(scenario.name, await scenario.reads((counter) => countingContext(db, counter, nearMember)));
  await listingRows(db);
  // The London member's copies of the wanted title (seedBenchWanted): the job's matching alone, on the copies being read
  // (no bell: only free copies ring), 10 runs each. The whole job, bells and all, is timed in the Worker (measureWholeJob).
  const jobRuns = [
    { bookId: "bench-popular-002", label: "matching only (a copy being read), listed by title and author", times: 10 },
    { bookId: "bench-popular-003", label: "matching only (a copy being read), listed with its ISBN-13", times: 10 },
  ];
  // The job's env in Node: the Worker's secrets (e-mail links are signed), and the members' live inboxes (a ping per
  // member, a Durable Object RPC in the Worker) answered at once; every D1 read and write is real.
  const inbox = new Proxy({}, { get: (_, prop) => (prop === "then" ? undefined : async () => undefined) });
  const jobEnv = { ...devVars(), MEMBER_INBOX: { idFromName: (name: string) => name, get: () => inbox } };
  for (const { bookId, label, times: count } of jobRuns) {
    const times: number[] = [];
    let last: { sql: string; rowsRead: number; params: unknown[] }[] = [];
    let total = 0;
    for (let run = 0; run < count; run++) {
      const statements: { sql: string; rowsRead: number; params: unknown[] }[] = [];
      const counter = { rowsRead: 0, queries: 0, statements };
      const ctx = (await countingContext(db, counter)) as { db: unknown };
      const started = performance.now();
      await wantedMatching.runWantedCopyJob({ db: ctx.db, env: jobEnv }, `${bookId}|listed`, Date.now());
      times.push(performance.now() - started);
      last = statements;
      total = counter.rowsRead;
    }
    times.sort((a, b) => a - b);
    const wantersRead = last.find((s) => /from wanted_books w/i.test(s.sql));
    const [[matched]] = (await db.prepare("SELECT count(*) FROM wanted_matches m JOIN books b ON b.seq = m.book_seq WHERE b.id = ?").bind(bookId).raw()) as [
      [number],
    ];
    wantedJobRows.push(
      `| ${label}; ${matched} wanters within their radius | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${total} (the wanters read ${wantersRead?.rowsRead ?? "?"}; ${last.length} statements) |`,
    );
    if (wantersRead) {
      const plan = (await db
        .prepare(`EXPLAIN QUERY PLAN ${wantersRead.sql}`)
        .bind(...wantersRead.params)
        .raw()) as [number, number, number, string][];
      wantersPlans.push(`-- ${label}`, wantersRead.sql.replace(/\s+/g, " ").trim(), ...plan.map((row) => row[3]), "");
    }
  }
  // notify() tells the wanters in the order the wanters read returned them (by wanted id), 50 at a time: the bench watches
  // the last of them within ~11 km of the near member, who lists the free copies (so surely within the 25 km radius).
  const [[lastWanter]] = (await db
    .prepare(
      `SELECT m.user_id FROM wanted_matches m JOIN books b ON b.seq = m.book_seq JOIN member_areas a ON a.user_id = m.user_id
       WHERE b.id = 'bench-popular-002' AND abs(a.cell_lat - ?1) <= 10 AND abs(a.cell_lon - ?2) <= 15 ORDER BY m.wanted_id DESC LIMIT 1`,
    )
    .bind(nearCell.cellLat, nearCell.cellLon)
    .raw()) as [[string]];
  await seedBenchSession(db, lastWanter, sessionId(WANTER_TOKEN));
}
try {
  if (runs("search")) {
    await measureSearchIndex(proxy.env.DB);
    console.log(searchFacts.join("\n"));
    for (const scenario of searchScenarios) reads.set(scenario.name, await scenario.reads((counter) => countingContext(proxy.env.DB, counter)));
  }
  for (const scenario of libraryScenarios) reads.set(scenario.name, await scenario.reads((counter) => countingContext(proxy.env.DB, counter)));
  for (const scenario of nearScenarios) reads.set(scenario.name, await scenario.reads((counter) => countingContext(proxy.env.DB, counter, nearMember)));
  console.log(`Near pages read:\n${nearChecks.join("\n")}`);
  for (const scenario of [...clubScenarios, ...conversationScenarios, ...loanScenarios, ...notificationScenarios]) {
    reads.set(scenario.name, await scenario.reads((counter) => countingContext(proxy.env.DB, counter, member)));
  }
  for (const { scenario, as } of recordScenarios) reads.set(scenario.name, await scenario.reads((counter) => countingContext(proxy.env.DB, counter, as)));
  if (runs("wanted")) await wantedReads(proxy.env.DB);
} finally {
  await proxy.dispose();
}

/** .dev.vars as an object (ensureDevVars wrote it). */
function devVars(): Record<string, string> {
  return Object.fromEntries(
    readFileSync(".dev.vars", "utf8")
      .split("\n")
      .flatMap((line) => {
        const match = /^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/.exec(line);
        return match ? [[match[1]!, match[2]!]] : [];
      }),
  );
}

/**
 * POST /api/books alternating a wanted title and a title nobody wants (each request a new book), timed as measure() times
 * GETs. Listed as being read: each wanted listing's job then records its 1,000 matches but rings no bells (the request's
 * path is the same; 220 × 1,000 bells would bury the timings in background work). The bells are the job row's.
 */
async function measureListing(headers: Record<string, string>) {
  let n = 0;
  const list = async (title: string, author: string) => {
    const started = performance.now();
    const response = await benchRequest(`http://localhost:${PORT}/api/books`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ title, author, status: "reading" }),
    });
    if (!response.ok) throw new Error(`POST /api/books answered ${response.status}: ${response.text.slice(0, 200)}`);
    const ms = performance.now() - started;
    // Locally the job runs in the same process, on the same two cores, as the next request: let it finish first.
    await new Promise((resolve) => setTimeout(resolve, LIST_SETTLE_MS));
    return ms;
  };
  const wanted: number[] = [];
  const nobody: number[] = [];
  for (let i = 0; i < 20 + SAMPLES; i++) {
    const a = await list(BENCH_WANTED_TITLE.title, BENCH_WANTED_TITLE.author);
    const b = await list(`An Unwanted Almanac ${++n}`, "Nobody In Particular");
    if (i >= 20) {
      wanted.push(a);
      nobody.push(b);
    }
  }
  const summary = (samples: number[]) => {
    samples.sort((x, y) => x - y);
    return { median: percentile(samples, 50), p95: percentile(samples, 95) };
  };
  return { wanted: summary(wanted), nobody: summary(nobody) };
}

/** A free copy of the wanted title listed, timed until the wanter told last sees the bell item (the job runs after the answer). */
async function measureWholeJob(headers: Record<string, string>) {
  const unread = async () => {
    const response = await benchRequest(`http://localhost:${PORT}/api/notifications/unread-count`, { headers: { Authorization: `Bearer ${WANTER_TOKEN}` } });
    return (JSON.parse(response.text) as { data: { unread: number } }).data.unread;
  };
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const before = await unread();
    const started = performance.now();
    const response = await benchRequest(`http://localhost:${PORT}/api/books`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ title: BENCH_WANTED_TITLE.title, author: BENCH_WANTED_TITLE.author }),
    });
    if (!response.ok) throw new Error(`POST /api/books answered ${response.status}: ${response.text.slice(0, 200)}`);
    while ((await unread()) <= before) {
      if (performance.now() - started > 300_000) throw new Error("The wanted-copy job told nobody within 5 minutes");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    times.push(performance.now() - started);
  }
  return times;
}

async function table(title: string, scenarios: Scenario[], headers: Record<string, string> = {}) {
  const rows = [title, "", "| scenario | median ms | p95 ms | D1 rows_read |", "|---|---:|---:|---:|"];
  for (const scenario of scenarios) {
    stage(scenario.name);
    const timing = await measure(`http://localhost:${PORT}${scenario.url}`, headers);
    const read = reads.get(scenario.name)!;
    const detail = scenario.parts ? ` (${read.map((n, i) => `${scenario.parts![i]} ${n}`).join(" + ")})` : read.length > 1 ? ` (${read.join(" + ")})` : "";
    rows.push(`| ${scenario.name} | ${timing.median.toFixed(1)} | ${timing.p95.toFixed(1)} | ${read.reduce((a, b) => a + b, 0)}${detail} |`);
  }
  return rows.join("\n");
}

// The bench measures delivery and announcements, not the per-member limits (60 sends, 30 club writes a minute), so it lifts them.
stage("starting the Worker");
const worker = await startWorker(
  (config) => {
    for (const limiter of config.ratelimits ?? []) if (limiter.name === "MESSAGE_LIMITER" || limiter.name === "CLUB_LIMITER") limiter.simple.limit = 1_000_000;
  },
  { outbound },
);
try {
  const first = await benchRequest(`http://localhost:${PORT}/api/books?limit=1`);
  if (!first.headers["content-type"]?.startsWith("application/json")) {
    throw new Error(`The Worker answered ${first.status}: ${first.text.slice(0, 300)}`);
  }
  const check = JSON.parse(first.text) as { data: { total: number } };
  // The club's book's copies (seedBenchClubReading) are books of the library too.
  // So are the wanted title's copies (seedBenchWanted).
  const seededBooks = BOOKS + BENCH_CLUB_COPIES + BENCH_POPULAR_COPIES;
  if (check.data.total !== seededBooks) throw new Error(`Expected ${seededBooks} books, the Worker sees ${check.data.total}`);
  /** Each part's report, printed and written to its file as it is measured. */
  const report = (file: string, text: string) => {
    console.log(`\n${text}\n`);
    writeFileSync(path.join(OUT, file), `${text}\n`);
  };
  if (runs("library")) {
    report(
      "library.md",
      await table(
        `Library listing over ${BOOKS.toLocaleString("en-US")} books, ${SAMPLES} sequential requests each, local Miniflare (rows_read: listing + count):`,
        libraryScenarios,
      ),
    );
  }
  if (runs("search")) {
    report(
      "search.md",
      [
        await table(
          `Search in three scripts over ${BOOKS.toLocaleString("en-US")} books (1 in 50 titled in Japanese, 1 in 50 in Arabic), ${SAMPLES} sequential requests each, local Miniflare (rows_read: listing + count):`,
          searchScenarios,
        ),
        "",
        ...searchFacts,
      ].join("\n"),
    );
  }
  if (runs("library") || runs("near")) {
    report(
      "near.md",
      await table(
        `Library "near me" over ${BOOKS.toLocaleString("en-US")} books (owners in 44 real cities, σ 4 km; 1 in 10 without an area), signed in as a member at the centre of London, ${SAMPLES} sequential requests each, local Miniflare (rows_read: the whole request's service reads, split into the book_cells walk and the rest):`,
        nearScenarios,
        { Authorization: `Bearer ${NEAR_TOKEN}` },
      ),
    );
  }
  if (runs("wanted")) {
    const near = { Authorization: `Bearer ${NEAR_TOKEN}` };
    const pages = await table(
      `Wanted books over ${BOOKS.toLocaleString("en-US")} books and ${WANTED.toLocaleString("en-US")} wanted entries, signed in as a member at the centre of London, ${SAMPLES} sequential requests each, local Miniflare:`,
      wantedScenarios,
      near,
    );
    stage("listing a wanted book");
    const listing = await measureListing(near);
    stage("the whole wanted-copy job in the Worker");
    const whole = await measureWholeJob(near);
    report(
      "wanted.md",
      [
        pages,
        "",
        `Listing a book (POST /api/books by title and author, as the near member): "${BENCH_WANTED_TITLE.title}", which ${BENCH_WANTERS.toLocaleString("en-US")} members around London want, against a title nobody wants; ${SAMPLES} of each, alternating, after 20 of each to warm up, ${LIST_SETTLE_MS} ms apart, each listed as being read. Each listing schedules its wanted-copy job, which runs after the answer (for the wanted title: 1,000 matches recorded, no bell, as the copy is not free):`,
        "",
        "| listing | median ms | p95 ms | D1 rows_read (createBook) |",
        "|---|---:|---:|---:|",
        `| a book nobody wants | ${listing.nobody.median.toFixed(1)} | ${listing.nobody.p95.toFixed(1)} | ${listingReads.nobody} |`,
        `| a book ${BENCH_WANTERS.toLocaleString("en-US")} members want | ${listing.wanted.median.toFixed(1)} | ${listing.wanted.p95.toFixed(1)} | ${listingReads.wanted} |`,
        "",
        "The wanted-copy job on the service code (Node over the same local D1, the members' live inboxes stubbed):",
        "",
        "| job | median ms | p95 ms | D1 rows_read |",
        "|---|---:|---:|---:|",
        ...wantedJobRows,
        "",
        `The whole job in the Worker (a free copy of the title listed through POST /api/books, until the last of the wanters told has it in the bell, polled every 20 ms; ${whole.length} runs): ${whole.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}. Its read of wanters is the one above; notify() then reads each chunk of 50 recipients' preferences and blocks in one round trip and writes their bell items in one batch.`,
        "",
        "The job's one read of wanters (EXPLAIN QUERY PLAN, as bound):",
        "",
        "```",
        ...wantersPlans,
        "```",
      ].join("\n"),
    );
  }
  if (runs("clubs")) {
    report(
      "clubs.md",
      await table(
        `Club browsing over ${CLUBS.toLocaleString("en-US")} clubs, signed in, ${SAMPLES} sequential requests each, local Miniflare:`,
        clubScenarios,
        { Authorization: `Bearer ${TOKEN}` },
      ),
    );
  }
  const base = `http://localhost:${PORT}`;
  if (runs("messages")) {
    const listReport = await table(
      `Conversation list and unread badge for a member with ${CONVERSATIONS.toLocaleString("en-US")} conversations (rows_read: list + badge):`,
      conversationScenarios,
      { Authorization: `Bearer ${TOKEN}` },
    );
    stage("send → delivery (HTTP)");
    const delivery = await measureDelivery(base, LIVE_CONVERSATION, { token: TOKEN }, { token: PEER_TOKEN }, MESSAGES);
    stage("send → delivery (socket)");
    const socketDelivery = await measureSocketDelivery(base, LIVE_CONVERSATION, { token: TOKEN }, { token: PEER_TOKEN }, MESSAGES);
    // The room before the burst: the burst's 1,000 follow-ups (bell, e-mail batch) run on after its
    // answers, and a delivery timed behind them would measure them.
    stage("club room delivery");
    const roomDelivery = await measureDelivery(base, clubRoomPaths(LIVE_CLUB), { token: TOKEN }, { token: PEER_TOKEN }, MESSAGES);
    stage("burst");
    const burst = await measureBurst(base, LIVE_CONVERSATION, { token: TOKEN }, { token: PEER_TOKEN }, MESSAGES);
    report(
      "messages.md",
      [
        listReport,
        "",
        `Send → delivery on the other member's WebSocket (POST through the Worker, Durable Object, socket), ${MESSAGES} messages one after another:`,
        "",
        "| measured from | median ms | p95 ms |",
        "|---|---:|---:|",
        `| the client's POST (HTTP to workerd, the Worker, the room, the socket) | ${delivery.median.toFixed(1)} | ${delivery.p95.toFixed(1)} |`,
        `| the room storing the message (server share, ms clock) | ${delivery.storeToSocketMedian} | ${delivery.storeToSocketP95} |`,
        `| the sender's own socket (a send frame to the room, its follow-up running after each) | ${socketDelivery.median.toFixed(1)} | ${socketDelivery.p95.toFixed(1)} |`,
        `| the room storing the socket's message (server share, ms clock) | ${socketDelivery.storeToSocketMedian} | ${socketDelivery.storeToSocketP95} |`,
        "",
        `Burst of ${MESSAGES} concurrent sends over ${MAX_SOCKETS} keep-alive connections: ${burst.accepted} accepted, ${burst.delivered} delivered live, ${burst.stored} stored, in ${burst.seconds.toFixed(1)} s` +
          ".",
        "",
        `Club room delivery: send → delivery on another member's socket in the club's room (POST through the Worker, the ClubRoom, the unread counts in D1, socket), ${MESSAGES} messages one after another:`,
        "",
        "| measured from | median ms | p95 ms |",
        "|---|---:|---:|",
        `| club room delivery p50/p95: the client's POST | ${roomDelivery.median.toFixed(1)} | ${roomDelivery.p95.toFixed(1)} |`,
        `| the room storing the message (server share, ms clock) | ${roomDelivery.storeToSocketMedian} | ${roomDelivery.storeToSocketP95} |`,
      ].join("\n"),
    );
  }
  if (runs("loans")) {
    const loansReport = await table(
      `Loans of a member who owns ${(BOOKS / 50).toLocaleString("en-US")} of the ${BOOKS.toLocaleString("en-US")} books (a quarter lent, an eighth returned), signed in:`,
      loanScenarios,
      { Authorization: `Bearer ${TOKEN}` },
    );
    const notificationsReport = await table(
      `Notifications of a member with ${NOTIFICATIONS.toLocaleString("en-US")} of them (one in five unread), signed in:`,
      notificationScenarios,
      { Authorization: `Bearer ${TOKEN}` },
    );
    const recordRows: string[] = [];
    for (const { scenario, token } of recordScenarios) {
      recordRows.push((await table("", [scenario], { Authorization: `Bearer ${token}` })).split("\n").slice(4).join("\n"));
    }
    const recordsReport = [
      "Track records (issue 38): a requester with 1,000 loans in the ledger (950 returned, 40 lent now, 9 declined), and a book page showing its owner's record, signed in:",
      "",
      "| scenario | median ms | p95 ms | D1 rows_read |",
      "|---|---:|---:|---:|",
      ...recordRows,
    ].join("\n");
    report("loans.md", `${loansReport}\n\n${recordsReport}\n\n${notificationsReport}`);
  }
  // Last of the Worker's figures: the 1,000-member club's e-mail and push jobs run on after it.
  if (runs("announcements")) {
    stage("announcements");
    const announced = await measureAnnouncements(base, TOKEN, { pair: BENCH_PAIR_CLUB, crowd: BENCH_CROWD_CLUB }, CROWD, ANNOUNCEMENTS, () => pushesReceived);
    const w = announced.written;
    report(
      "announcements.md",
      [
        `Club announcements over ${BOOKS.toLocaleString("en-US")} books (POST through the Worker; the large club's notices on the notice-fanout queue), ${ANNOUNCEMENTS} one after another in each club:`,
        "",
        "| club | request median ms | request p95 ms |",
        "|---|---:|---:|",
        `| 2 members (told at once, after the answer) | ${announced.pair.median.toFixed(1)} | ${announced.pair.p95.toFixed(1)} |`,
        `| ${(CROWD + 1).toLocaleString("en-US")} members (one queue message each) | ${announced.crowd.median.toFixed(1)} | ${announced.crowd.p95.toFixed(1)} |`,
        "",
        `Queue drained ${(announced.drainedMs / 1000).toFixed(1)} s after the last answer${announced.drained ? "" : " (NOT drained within 5 minutes)"}: ` +
          `${w.bells.toLocaleString("en-US")} bells for ${w.bellMembers} members (at most ${w.bellMost} per member and announcement), ` +
          `${w.pushes.toLocaleString("en-US")} push rows (at most ${w.pushMost} per member and announcement), ` +
          `${w.mails.toLocaleString("en-US")} e-mail rows for ${w.mailMembers} members (the day's first announcement, then the daily digest); ` +
          `${pushesReceived.toLocaleString("en-US")} pushes received by the bench's push service stub ${(announced.pushedMs / 1000).toFixed(1)} s after the last answer` +
          `${announced.pushed ? "" : " (NOT all within 5 more minutes)"}.`,
      ].join("\n"),
    );
  }
  if (runs("polls")) {
    stage("poll counting");
    report("polls.md", await benchPollCounting());
  }
} finally {
  await worker.stop();
}
if (runs("search")) {
  stage("search-text backfill");
  const line = await measureBackfill();
  console.log(line);
  writeFileSync(path.join(OUT, "search.md"), `${readFileSync(path.join(OUT, "search.md"), "utf8")}${line}\n`);
}
