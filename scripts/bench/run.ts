// `npm run bench`: 100,000 books, 10,000 clubs and 10,000 conversations in a fresh local D1, then the
// library listing, club browsing and the conversation list measured through the Worker (latency) and
// through the same service code on the same database (D1 rows_read); then messages sent through the
// Worker and timed until the other member's WebSocket receives them, and a burst of concurrent sends.
// Then /loans and the notifications over a 25,000-loan ledger and 10,000 notifications, and poll
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
  BENCH_NEAR_MEMBER,
  BENCH_PAIR_CLUB,
  BENCH_READING_CLUB,
  checkBenchBookCells,
  seedBenchBooks,
  seedBenchClubReading,
  seedBenchClubs,
  seedBenchConversations,
  seedBenchCrowdClub,
  seedBenchLoans,
  seedBenchNotifications,
  seedBenchPair,
  seedBenchRoomClub,
  seedBenchSession,
} from "./seed-bench.ts";

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const CLUBS = Number(process.env.BENCH_CLUBS ?? 10_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
/** The large club's members besides its admin: its announcements go through the notice queue. */
const CROWD = Number(process.env.BENCH_CROWD ?? 1_000);
const ANNOUNCEMENTS = Number(process.env.BENCH_ANNOUNCEMENTS ?? 50);
/** BENCH_ONLY=announcements,messages measures only those parts (library, near, search, clubs, messages, loans, announcements, polls). */
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
interface ConversationsModule {
  listConversations(ctx: unknown, query: unknown): Promise<unknown>;
  countUnreadMessages(ctx: unknown): Promise<unknown>;
}
interface LoansModule {
  listLoans(ctx: unknown, query: unknown): Promise<unknown>;
  loansPage(ctx: unknown, query: unknown, opened: boolean): Promise<unknown>;
}
interface NotificationsModule {
  listNotifications(ctx: unknown, query: unknown): Promise<unknown>;
  countUnreadNotifications(ctx: unknown): Promise<unknown>;
}
interface ClubsModule {
  browseClubs(ctx: unknown, query: unknown): Promise<unknown>;
  listMyClubs(ctx: unknown): Promise<unknown>;
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
    const statements: { sql: string; rowsRead: number }[] = [];
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
  await seedBenchNotifications(db, MEMBER_ID, NOTIFICATIONS);
  await seedBenchClubReading(db);
  await seedBenchCrowdClub(db, MEMBER_ID, PEER_ID, CROWD, PUSH_ENDPOINT);
  await seedBenchSession(db, MEMBER_ID, sessionId(TOKEN));
  await seedBenchSession(db, PEER_ID, sessionId(PEER_TOKEN));
  await seedBenchSession(db, BENCH_NEAR_MEMBER, sessionId(NEAR_TOKEN));
  // The club copies (seedBenchClubReading) took their owners' cells by trigger: still consistent.
  await checkBenchBookCells(db);
});

const member = { id: MEMBER_ID, name: "Bench Reader 0", email: "bench0@example.com", bio: "", picture: null, timezone: "UTC", showEmail: false };
const reads = new Map<string, number[]>();
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
} finally {
  await proxy.dispose();
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
  if (check.data.total !== BOOKS + BENCH_CLUB_COPIES) throw new Error(`Expected ${BOOKS + BENCH_CLUB_COPIES} books, the Worker sees ${check.data.total}`);
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
    report("loans.md", `${loansReport}\n\n${notificationsReport}`);
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
