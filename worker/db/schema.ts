import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { CoverAnalysis } from "../core/shared/cover-analysis";
import { LEND_RULES } from "../core/shared/lend-rules.ts";

// Times are Unix epoch milliseconds; ids are UUIDs unless said otherwise.
const createdAt = () => integer("created_at", { mode: "number" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export { LEND_RULES, LEND_WITHIN_KM, type LendRule } from "../core/shared/lend-rules.ts";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Google's stable subject id; null for members created by local sign-in. */
    googleSub: text("google_sub"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    bio: text("bio").notNull().default(""),
    /** R2 key of the profile picture, or an https URL given by Google. */
    picture: text("picture"),
    /** An IANA zone (checked by isTimeZone on the way in). */
    timezone: text("timezone").notNull().default("UTC"),
    /** The member's language on /profile (one of LANGUAGES); null follows the browser. E-mails use it, else English. */
    language: text("language"),
    /** Demo members are created by the seed and offered by local sign-in. */
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    /** "Show my e-mail to other members" (/profile): everyone sees it. Otherwise see worker/features/account/email-visibility.ts. */
    showEmail: integer("show_email", { mode: "boolean" }).notNull().default(false),
    /** Set by a moderator: the member cannot sign in or post, and their books leave the library. */
    suspendedAt: integer("suspended_at", { mode: "number" }),
    /**
     * Set when the member deleted their account. The row stays as a tombstone (no e-mail, no profile,
     * name "Deleted member") so the other side of a conversation keeps its messages and history.
     */
    deletedAt: integer("deleted_at", { mode: "number" }),
    /** When the member put away the start card ("add your first books, set your area, find a club"); null shows it. */
    startDismissedAt: integer("start_dismissed_at", { mode: "number" }),
    /** Who may ask for the member's books unless a book says otherwise (LEND_RULES; issue 38). */
    lendTo: text("lend_to", { enum: LEND_RULES }).notNull().default("anyone"),
    /** For "near": within this many km of the member's area. */
    lendWithinKm: integer("lend_within_km").notNull().default(10),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("users_google_sub_idx").on(t.googleSub),
    uniqueIndex("users_email_idx").on(t.email),
    index("users_demo_idx").on(t.isDemo, t.name),
    index("users_suspended_idx").on(t.suspendedAt).where(sql`suspended_at is not null`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** Hex SHA-256 of the session token; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const BOOK_STATUSES = ["available", "reading", "borrowed", "giving_away"] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export const AGE_GROUPS = ["early_reader", "middle_grade", "young_adult", "adult"] as const;
export type AgeGroupFine = (typeof AGE_GROUPS)[number];

/** none: added by hand; pending: queued; done: filled from the cover; needs_details: analysis gave up. */
export const ANALYSIS_STATES = ["none", "pending", "done", "needs_details"] as const;
export type AnalysisState = (typeof ANALYSIS_STATES)[number];

/** Google Books volume data (the book page's "Google Metadata" section). */
export interface GoogleMetadata {
  volumeInfo: {
    title?: string;
    subtitle?: string;
    authors?: string[];
    publisher?: string;
    publishedDate?: string;
    categories?: string[];
    pageCount?: number;
    language?: string;
    description?: string;
    industryIdentifiers?: { type: string; identifier: string }[];
    averageRating?: number;
    ratingsCount?: number;
    imageLinks?: { thumbnail?: string; smallThumbnail?: string };
  };
  price?: { amount: number; currencyCode?: string };
  isEbook?: boolean;
  /** Where the record came from: Google Books, Open Library as the fallback, or the demo seed. */
  source?: "google-books" | "open-library" | "seed";
  raw?: unknown;
}

/** The vision model's reading of a cover, typed from its zod schema. */
export type { Candidate, CoverAnalysis } from "../core/shared/cover-analysis";

export interface AdvancedMetadata {
  metadata?: { ageGroupFine?: AgeGroupFine };
}

/** "untitled": not listed until it has a title (docs/decisions/024-listed-only-with-a-title.md). */
export const BOOK_HIDDEN_REASONS = ["moderation", "suspension", "untitled"] as const;
export type BookHiddenReason = (typeof BOOK_HIDDEN_REASONS)[number];

export const books = sqliteTable(
  "books",
  {
    /** Insertion order; the keyset for paging and the FTS rowid. */
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    author: text("author").notNull().default(""),
    description: text("description").notNull().default(""),
    status: text("status", { enum: BOOK_STATUSES }).notNull().default("available"),
    isbn10: text("isbn10"),
    isbn13: text("isbn13"),
    publishedDate: text("published_date"),
    pageCount: integer("page_count"),
    language: text("language"),
    publisher: text("publisher"),
    /** R2 key of the cover image in MEDIA. */
    coverKey: text("cover_key"),
    /** What the cover shows, in a sentence (the cover analysis's, or the owner's): its alt text after "Cover of {title} by {author}". */
    coverAlt: text("cover_alt"),
    clubId: text("club_id").references(() => clubs.id, { onDelete: "set null" }),
    lentToUserId: text("lent_to_user_id").references(() => users.id, { onDelete: "set null" }),
    lentToUserName: text("lent_to_user_name"),
    ageGroupFine: text("age_group_fine", { enum: AGE_GROUPS }),
    advancedMetadata: text("advanced_metadata", { mode: "json" }).$type<AdvancedMetadata>(),
    googleMetadata: text("google_metadata", { mode: "json" }).$type<GoogleMetadata>(),
    coverAnalysis: text("cover_analysis", { mode: "json" }).$type<CoverAnalysis>(),
    analysisState: text("analysis_state", { enum: ANALYSIS_STATES }).notNull().default("none"),
    analysisMessage: text("analysis_message"),
    analysisAttempts: integer("analysis_attempts").notNull().default(0),
    /** Why the book is out of the library: a moderator hid it, its owner is suspended, or it has no title yet. */
    hidden: text("hidden", { enum: BOOK_HIDDEN_REASONS }),
    /**
     * The owner's area cell (member_areas), copied by triggers so "near me" reads books by place from
     * one index. Never sent to anyone: only a rounded distance leaves the server.
     */
    /** Who may ask for this book; null follows the owner's default (users.lend_to). */
    lendTo: text("lend_to", { enum: LEND_RULES }),
    lendWithinKm: integer("lend_within_km"),
    cellLat: integer("cell_lat"),
    cellLon: integer("cell_lon"),
    /**
     * The title, author and description as the search index holds them (worker/core/shared/search-text.ts):
     * written by the app on every write (bookSearchColumns), null where unicode61 makes the same words of
     * the original, which the FTS triggers then index. Never sent to anyone.
     */
    searchTitle: text("search_title"),
    searchAuthor: text("search_author"),
    searchDescription: text("search_description"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
    /** When a book added without a title got one and was listed (books_listed_once_titled); null: listed when added. */
    listedAt: integer("listed_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("books_id_idx").on(t.id),
    index("books_user_seq_idx").on(t.userId, t.seq),
    index("books_age_seq_idx").on(t.ageGroupFine, t.seq),
    // The library's language filter, alone and with the age group, newest first (migrations/0023).
    index("books_language_seq_idx").on(t.language, t.seq).where(sql`language is not null`),
    index("books_language_age_seq_idx").on(t.language, t.ageGroupFine, t.seq).where(sql`language is not null and age_group_fine is not null`),
    index("books_club_seq_idx").on(t.clubId, t.seq),
    index("books_lent_to_idx").on(t.lentToUserId),
    index("books_isbn13_idx").on(t.isbn13),
    // An import skips books the member already owns, found by ISBN among their own books.
    index("books_user_isbn13_idx").on(t.userId, t.isbn13),
    // A member's own hidden books (rare), which My Books still lists and counts for them alone.
    index("books_user_hidden_idx").on(t.userId).where(sql`hidden is not null`),
    // Uploads are looked up by their R2 key (pre-extracted metadata, idempotent analysis writes).
    index("books_cover_key_idx").on(t.coverKey),
    // "Near me": a cell's listed books, newest first (docs/decisions/020-books-near-you.md).
    index("books_cell_idx").on(t.cellLat, t.cellLon, t.seq).where(sql`cell_lat is not null and hidden is null`),
  ],
);

/**
 * A member's area ("My area" on /profile), stored only as a cell of 0.01° (about 1 km): the degrees
 * times 100, rounded. Never returned by any API or page; the member's own data shows `place` alone.
 */
export const memberAreas = sqliteTable("member_areas", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  cellLat: integer("cell_lat").notNull(),
  cellLon: integer("cell_lon").notNull(),
  /** The place's name as the member chose it (a coarse text, as clubs' locations are). */
  place: text("place").notNull(),
  updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  /** How far a copy of a wanted book may be for the member to be told of it, in km (one of WANTED_RADII_KM). */
  wantedRadiusKm: integer("wanted_radius_km").notNull().default(25),
});

/** How a wanted book was added: from a book's page, by ISBN, by title and author, or from an import's to-read shelf. */
export const WANTED_SOURCES = ["book", "isbn", "title", "import"] as const;

/**
 * A book a member wants to read (issue 36, item 5): a title and author (their match key, as copies are
 * matched in worker/core/shared/copy-match.ts) and its ISBN-13 when known. Listing, returning or
 * freeing a copy looks wanters up by ISBN or key, so a copy's cost does not grow with its wanters.
 */
export const wantedBooks = sqliteTable(
  "wanted_books",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    author: text("author").notNull().default(""),
    isbn13: text("isbn13"),
    matchKey: text("match_key").notNull(),
    source: text("source", { enum: WANTED_SOURCES }).notNull(),
    /** The book page it was wanted from, while that book is listed. */
    fromBookId: text("from_book_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wanted_books_member_key_idx").on(t.userId, t.matchKey),
    index("wanted_books_key_idx").on(t.matchKey),
    index("wanted_books_isbn13_idx").on(t.isbn13).where(sql`isbn13 is not null`),
  ],
);

/**
 * A listed copy that matches a member's wanted book within their radius, as last found: written when
 * the want is added (the copies near them then) and when a copy is listed or freed (its wanters then).
 * "Wanted, near you" reads it by member; My Books counts it by book.
 */
export const wantedMatches = sqliteTable(
  "wanted_matches",
  {
    wantedId: integer("wanted_id")
      .notNull()
      .references(() => wantedBooks.id, { onDelete: "cascade" }),
    bookSeq: integer("book_seq")
      .notNull()
      .references(() => books.seq, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wantedId, t.bookSeq] }),
    index("wanted_matches_book_idx").on(t.bookSeq),
    index("wanted_matches_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * How many listed books each place holds, at four sizes of tile: level 0 is the 0.01° cell, then
 * 0.1°, 1° and 10°. Coordinates are offset (cell_lat + 9000, cell_lon + 18000) and divided by 10^level,
 * so every tile number is a non-negative integer. Kept by triggers on books; "near me" walks it
 * nearest first and reads only the cells it needs (docs/decisions/020-books-near-you.md).
 */
export const bookCells = sqliteTable(
  "book_cells",
  {
    level: integer("level").notNull(),
    tileLat: integer("tile_lat").notNull(),
    tileLon: integer("tile_lon").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.tileLat, t.tileLon] })],
);

/** Counters kept by triggers so totals never need a scan: scope "all", "age:{group}", "user:{id}", "lang:{code}", "user-lang:{id}:{code}". */
export const bookCounts = sqliteTable("book_counts", {
  scope: text("scope").primaryKey(),
  n: integer("n").notNull().default(0),
});

export const clubs = sqliteTable(
  "clubs",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    location: text("location").notNull(),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    memberLimit: integer("member_limit"),
    /** The IANA zone the club meets in: meeting times are written and reminded in it. */
    timezone: text("timezone").notNull().default("UTC"),
    /**
     * A coarse position for "near me" (rounded to 0.01°, about 1 km), from the creator's "Use my
     * location" or the geocoded location text; never a member's own position. Null: not placed.
     */
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** Active memberships, kept by triggers on memberships (migrations/0004). */
    memberCount: integer("member_count").notNull().default(0),
    /** The name, description and location as the search index holds them (clubSearchColumns), as on books. */
    searchName: text("search_name"),
    searchDescription: text("search_description"),
    searchLocation: text("search_location"),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("clubs_id_idx").on(t.id),
    index("clubs_creator_idx").on(t.createdBy),
    // "Near me": a latitude band first, then longitude, among placed clubs only.
    index("clubs_position_idx").on(t.latitude, t.longitude).where(sql`latitude is not null`),
    // The clubs "near me" cannot place: counted beside that order and listed on their own (unplaced=1).
    index("clubs_unplaced_idx").on(t.seq).where(sql`latitude is null`),
  ],
);

export const MEMBER_ROLES = ["admin", "member"] as const;
export const MEMBER_STATUSES = ["active", "pending"] as const;
/**
 * How a membership became active: the club's creator, anyone joining an open club, an admin's
 * approval, or an invite code. Approval and a code are invitations, which is what lets co-members
 * of a private club see each other's e-mail (worker/features/account/email-visibility.ts); "open" never does.
 */
export const JOIN_PATHS = ["created", "open", "approval", "code"] as const;
export type JoinPath = (typeof JOIN_PATHS)[number];

export const memberships = sqliteTable(
  "memberships",
  {
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: MEMBER_ROLES }).notNull().default("member"),
    status: text("status", { enum: MEMBER_STATUSES }).notNull().default("active"),
    /** Set when the membership becomes active; a writer that forgets it gets "open", which shares nothing. */
    joinedVia: text("joined_via", { enum: JOIN_PATHS }).notNull().default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    index("memberships_user_idx").on(t.userId, t.status),
    // A club's admins (the last-admin rule) and its members by status, without reading the others.
    index("memberships_club_status_role_idx").on(t.clubId, t.status, t.role),
  ],
);

export const JOIN_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;

export const joinRequests = sqliteTable(
  "join_requests",
  {
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: JOIN_REQUEST_STATUSES }).notNull().default("pending"),
    requestedAt: createdAt(),
    decidedAt: integer("decided_at", { mode: "number" }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.userId] }), index("join_requests_club_status_idx").on(t.clubId, t.status, t.requestedAt)],
);

/**
 * Each club's one current invite code (docs/decisions/005-invite-codes.md). The code is never stored:
 * it is derived from the nonce with the server's secret (so its admins can see it again), and found on
 * redemption by its HMAC. Regenerating replaces the row, which revokes the old code.
 */
export const inviteCodes = sqliteTable(
  "invite_codes",
  {
    clubId: text("club_id")
      .primaryKey()
      .references(() => clubs.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    /** Hex HMAC-SHA-256 of the code; the redemption look-up. */
    codeHash: text("code_hash").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("invite_codes_hash_idx").on(t.codeHash)],
);

/** Wrong invite codes per member and UTC day: more than the daily cap are refused (429). */
export const inviteCodeFailures = sqliteTable("invite_code_failures", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Days since the Unix epoch (UTC) that `failures` counts; a new day starts again from zero. */
  day: integer("day").notNull(),
  failures: integer("failures").notNull().default(0),
});

/** Index of conversations; the messages live in each conversation's Durable Object. */
/** A conversation's two members as its row stores them (userAId < userBId): one row per pair. */
export const conversationPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    /** The pair is stored ordered (userAId < userBId) so each pair has one conversation. */
    userAId: text("user_a_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userBId: text("user_b_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageSnippet: text("last_message_snippet"),
    lastMessageAt: integer("last_message_at", { mode: "number" }),
    unreadCountForUserA: integer("unread_a").notNull().default(0),
    unreadCountForUserB: integer("unread_b").notNull().default(0),
    /** The conversation room's state version this row mirrors; a mirror only ever moves it forward. */
    mirrorVersion: integer("mirror_version").notNull().default(0),
    /**
     * When each member first wrote a message here themselves (sendMessage; not the loan lines posted in
     * their name). Both set means the pair exchanged messages, which lets each see the other's e-mail.
     */
    userAWroteAt: integer("user_a_wrote_at", { mode: "number" }),
    userBWroteAt: integer("user_b_wrote_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_pair_idx").on(t.userAId, t.userBId),
    index("conversations_a_recent_idx").on(t.userAId, t.lastMessageAt),
    index("conversations_b_recent_idx").on(t.userBId, t.lastMessageAt),
  ],
);

export const NOTIFICATION_KEYS = [
  "new_book_from_followed_user",
  "comment_on_your_book",
  "reminder_due_date",
  "new_member_in_your_club",
  "club_announcement",
  "dm_message_received",
  "wanted_book_nearby",
] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];
export type NotificationPrefs = Record<NotificationKey, boolean>;
/** Where a topic's notices go: the bell (the notifications page), e-mail, and the member's devices (push). */
export const NOTIFICATION_CHANNELS = ["bell", "email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** Per topic, the channels turned off (false); a channel never saved reads as on. */
export type NotificationChannelPrefs = Partial<Record<NotificationKey, Partial<Record<NotificationChannel, boolean>>>>;

export const notificationPreferences = sqliteTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailOptIn: integer("email_opt_in", { mode: "boolean" }).notNull().default(true),
  /** A topic off (false) stops it on every channel: what the six switches meant before the grid. */
  prefs: text("prefs", { mode: "json" }).$type<Partial<NotificationPrefs>>().notNull().default({}),
  /** The grid: a channel of a topic that is on in `prefs`; a channel is on unless stored false. */
  channels: text("channels", { mode: "json" }).$type<NotificationChannelPrefs>().notNull().default({}),
  updatedAt: integer("updated_at", { mode: "number" }),
});

export const interestRegistrations = sqliteTable(
  "interest_registrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    product: text("product").notNull(),
    email: text("email").notNull(),
    fromUrl: text("from_url"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interest_product_email_idx").on(t.product, t.email)],
);

/** A member who blocked another: the blocked member can neither start a conversation with nor write to them. */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    bookId: text("book_id"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_type_time_idx").on(t.type, t.createdAt)],
);

/**
 * The lending ledger (docs/decisions/007-loan-reminders-on-alarms.md). A loan is requested, then
 * accepted or declined, then lent, then returned; either side may cancel it before it is lent.
 * The book's status and lentToUserId follow it (worker/features/loans/loan-steps.ts).
 */
export const LOAN_STATES = ["requested", "accepted", "declined", "lent", "returned", "cancelled"] as const;
export type LoanState = (typeof LOAN_STATES)[number];
/** States in which the loan holds the book: at most one per book, enforced by a partial unique index. */
export const HOLDING_LOAN_STATES = ["accepted", "lent"] as const satisfies readonly LoanState[];
/** States from which the loan can still move: at most one per book and borrower. */
export const OPEN_LOAN_STATES = ["requested", "accepted", "lent"] as const satisfies readonly LoanState[];

export const loans = sqliteTable(
  "loans",
  {
    id: text("id").primaryKey(),
    bookId: text("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    borrowerId: text("borrower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: LOAN_STATES }).notNull().default("requested"),
    /** The calendar day the book is due back (YYYY-MM-DD); null for a loan recorded by the manual 'Lent' edit. */
    dueDate: text("due_date"),
    /** When the borrower asked to keep the book longer; cleared when the owner sets a new due date. */
    renewalRequestedAt: integer("renewal_requested_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    // Two accepts (or a manual 'Lent' edit and an accept) racing for one book: the second insert/update fails.
    uniqueIndex("loans_book_holding_idx").on(t.bookId).where(sql`state in ('accepted', 'lent')`),
    // A member's double-pressed or simultaneous requests for one book leave one.
    uniqueIndex("loans_book_borrower_open_idx").on(t.bookId, t.borrowerId).where(sql`state in ('requested', 'accepted', 'lent')`),
    index("loans_owner_idx").on(t.ownerId, t.state, t.updatedAt),
    index("loans_borrower_idx").on(t.borrowerId, t.state, t.updatedAt),
    index("loans_book_state_idx").on(t.bookId, t.state),
    index("loans_lent_due_idx").on(t.dueDate).where(sql`state = 'lent'`),
    // The /loans tab counts: an owner's renewal requests to answer, and a borrower's books due back by
    // a day, without walking every lent loan of a member who lends (or borrows) a lot.
    index("loans_owner_renewal_idx").on(t.ownerId).where(sql`state = 'lent' and renewal_requested_at is not null`),
    index("loans_borrower_lent_due_idx").on(t.borrowerId, t.dueDate).where(sql`state = 'lent'`),
  ],
);

export const LOAN_ACTIONS = [
  "requested",
  "accepted",
  "declined",
  "lent",
  "returned",
  "cancelled",
  "due_date_changed",
  "renewal_requested",
  // The borrower of a loan they never took part in (one the owner recorded with the manual 'Lent'
  // edit) said "I don't have this book": the loan ended (cancelled) and the book is available again.
  "disowned",
] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];

/** Every step of every loan: who took it and when (the History tab, and the line posted into the chat). */
export const loanEvents = sqliteTable(
  "loan_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    loanId: text("loan_id")
      .notNull()
      .references(() => loans.id, { onDelete: "cascade" }),
    action: text("action", { enum: LOAN_ACTIONS }).notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The due date the step set, if it set one. */
    dueDate: text("due_date"),
    createdAt: createdAt(),
  },
  (t) => [index("loan_events_loan_idx").on(t.loanId, t.id)],
);

/**
 * A member's track record, from the ledger only (issue 38): counters that triggers on loan_events keep
 * in step with each step (migration 0024), so a record is one primary-key read however many loans it
 * counts. Loans with a member since deleted still count; no names are kept here.
 */
export const loanRecords = sqliteTable("loan_records", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Loans they borrowed and gave back (returned). */
  borrowedReturned: integer("borrowed_returned").notNull().default(0),
  /** Of those, returned by the end of the due day (or without a due date), and after it. */
  returnedOnTime: integer("returned_on_time").notNull().default(0),
  returnedLate: integer("returned_late").notNull().default(0),
  /** Loans they lent and had back. */
  lentReturned: integer("lent_returned").notNull().default(0),
  /** Requests they answered as owner (accepted or declined), by how long the answer took. */
  answeredHour: integer("answered_hour").notNull().default(0),
  answeredDay: integer("answered_day").notNull().default(0),
  answeredThreeDays: integer("answered_three_days").notNull().default(0),
  answeredWeek: integer("answered_week").notNull().default(0),
  answeredLater: integer("answered_later").notNull().default(0),
  /** Loans they gave back damaged, when the book was not damaged at hand-over (loan_conditions' trigger). Not "late". */
  returnedDamaged: integer("returned_damaged").notNull().default(0),
});

/** A book's condition as its owner records it at hand-over and at return (issue 38, item 3). */
export const BOOK_CONDITIONS = ["like_new", "good", "worn", "damaged"] as const;
export type BookCondition = (typeof BOOK_CONDITIONS)[number];
export const CONDITION_STAGES = ["handover", "return"] as const;
export type ConditionStage = (typeof CONDITION_STAGES)[number];

/**
 * The condition the owner recorded when a loan's book changed hands: at most one per stage, written
 * in the step's own batch. The photo is a private R2 object (`loan-photos/{ownerId}/…`), served only
 * to the loan's two members and moderators.
 */
export const loanConditions = sqliteTable(
  "loan_conditions",
  {
    loanId: text("loan_id")
      .notNull()
      .references(() => loans.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: CONDITION_STAGES }).notNull(),
    condition: text("condition", { enum: BOOK_CONDITIONS }).notNull(),
    note: text("note").notNull().default(""),
    photoKey: text("photo_key"),
    /** At return: the owner confirmed the hand-over's record ("Same as at hand-over"). */
    sameAsHandover: integer("same_as_handover", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.stage] })],
);

export const WAITLIST_STATES = ["waiting", "offered", "claimed", "expired", "left"] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** Members queueing for a lent book. On return the first waiting member is offered it for 48 hours, then the next. */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bookId: text("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: WAITLIST_STATES }).notNull().default("waiting"),
    offeredAt: integer("offered_at", { mode: "number" }),
    offerExpiresAt: integer("offer_expires_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    // A member is in a book's queue once; the id orders the queue (place = waiting entries before mine).
    uniqueIndex("waitlist_book_user_open_idx").on(t.bookId, t.userId).where(sql`state in ('waiting', 'offered')`),
    index("waitlist_book_state_idx").on(t.bookId, t.state, t.id),
    index("waitlist_user_idx").on(t.userId, t.state),
  ],
);

/**
 * The bell. `dedupeKey` makes every producer idempotent: a retried alarm, a redelivered step or a
 * second message in a busy chat updates the one row instead of adding another.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** The in-app path the item opens. */
    link: text("link").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    dedupeKey: text("dedupe_key").notNull(),
    /** How many events the row stands for (new messages in one conversation since it was last read). */
    count: integer("count").notNull().default(1),
    /**
     * False when the member turned this topic's bell off but kept its e-mail or push: the row still
     * names the event (dedupe, the club digest) but is stored read and never listed.
     */
    inBell: integer("in_bell", { mode: "boolean" }).notNull().default(true),
    readAt: integer("read_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("notifications_user_dedupe_idx").on(t.userId, t.dedupeKey),
    index("notifications_user_recent_idx").on(t.userId, t.updatedAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`read_at is null`),
  ],
);

export const EMAIL_STATES = ["pending", "sent", "failed", "outbox"] as const;

/**
 * Every e-mail the app means to send. With a provider configured, pending rows are sent when
 * `sendAfter` passes; with none, they stay here as the local outbox (/dev/outbox).
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** The preference the e-mail is sent under (its unsubscribe link turns it off), or "emailOptIn". */
    preference: text("preference").notNull(),
    /** Collects a busy chat's messages into one e-mail while it is pending; null once sent. */
    batchKey: text("batch_key"),
    dedupeKey: text("dedupe_key").notNull(),
    count: integer("count").notNull().default(1),
    state: text("state", { enum: EMAIL_STATES }).notNull().default("pending"),
    sendAfter: integer("send_after", { mode: "number" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_user_dedupe_idx").on(t.userId, t.dedupeKey),
    uniqueIndex("email_outbox_pending_batch_idx").on(t.userId, t.batchKey).where(sql`state = 'pending' and batch_key is not null`),
    index("email_outbox_user_recent_idx").on(t.userId, t.createdAt),
    index("email_outbox_pending_idx").on(t.sendAfter).where(sql`state = 'pending'`),
  ],
);

/** Where an imported CSV came from (its columns are read accordingly). */
export const IMPORT_SOURCES = ["goodreads", "storygraph"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
/** queued: rows stored, batches on the queue; running: some batches done; done: every row decided. */
export const IMPORT_STATES = ["queued", "running", "done"] as const;

/** One CSV import: its chosen shelves and its progress, counted from its rows as batches finish. */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source", { enum: IMPORT_SOURCES }).notNull(),
    fileName: text("file_name").notNull().default(""),
    shelves: text("shelves", { mode: "json" }).$type<string[]>().notNull().default([]),
    state: text("state", { enum: IMPORT_STATES }).notNull().default("queued"),
    totalRows: integer("total_rows").notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    addedBooks: integer("added_books").notNull().default(0),
    duplicateRows: integer("duplicate_rows").notNull().default(0),
    failedRows: integer("failed_rows").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
    finishedAt: integer("finished_at", { mode: "number" }),
  },
  (t) => [index("import_jobs_user_recent_idx").on(t.userId, t.createdAt)],
);

export const IMPORT_ROW_STATES = ["pending", "added", "duplicate", "failed"] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];

/**
 * One CSV row of an import, keyed by its line in the file. `bookId` is chosen when the row is stored,
 * so a redelivered batch inserts the same id again and adds nothing.
 */
export const importRows = sqliteTable(
  "import_rows",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => importJobs.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    title: text("title").notNull().default(""),
    author: text("author").notNull().default(""),
    isbn10: text("isbn10"),
    isbn13: text("isbn13"),
    shelf: text("shelf").notNull().default(""),
    bookId: text("book_id").notNull(),
    state: text("state", { enum: IMPORT_ROW_STATES }).notNull().default("pending"),
    reason: text("reason"),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.line] }), index("import_rows_job_state_idx").on(t.jobId, t.state, t.line)],
);

export const DATA_EXPORT_STATES = ["building", "ready", "failed"] as const;

/** "Download all my data" built in the background: a zip in R2 offered until `expiresAt`. */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: DATA_EXPORT_STATES }).notNull().default("building"),
    /** R2 key of the zip in MEDIA (exports/{userId}/{id}.zip), never served from /media. */
    zipKey: text("zip_key"),
    sizeBytes: integer("size_bytes"),
    expiresAt: integer("expires_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("data_exports_user_recent_idx").on(t.userId, t.createdAt)],
);

export const REPORT_SUBJECTS = ["member", "book", "message", "comment", "club_message"] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
export const REPORT_STATES = ["open", "actioned", "dismissed"] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * A member's report of another member, a book or a message. The reported member is never told who
 * reported them; `snapshot` keeps what was reported (a message's text) for the moderator to read.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject", { enum: REPORT_SUBJECTS }).notNull(),
    /** The member reported, or the owner of the book, or the sender of the message. */
    subjectUserId: text("subject_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookId: text("book_id").references(() => books.id, { onDelete: "set null" }),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    /** The club whose room holds a reported club message (`messageId`). */
    clubId: text("club_id").references(() => clubs.id, { onDelete: "set null" }),
    messageId: text("message_id"),
    /** A reported book comment; it may since have been deleted, so no foreign key. */
    commentId: text("comment_id"),
    snapshot: text("snapshot").notNull().default(""),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    state: text("state", { enum: REPORT_STATES }).notNull().default("open"),
    /** What the moderator did: hid the book or message, suspended the member, or nothing. */
    action: text("action"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reports_state_recent_idx").on(t.state, t.createdAt),
    index("reports_subject_user_idx").on(t.subjectUserId),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
  ],
);

/**
 * One member following another: the followed member's new books reach the follower through the
 * "new_book_from_followed_user" preference. Following is public and one-way, like a library card
 * on someone's shelf; it needs no acceptance.
 */
export const follows = sqliteTable(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: text("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    // "Following" newest first, and "Followers" newest first, each one index range.
    index("follows_follower_recent_idx").on(t.followerId, t.createdAt),
    index("follows_followee_recent_idx").on(t.followeeId, t.createdAt),
  ],
);

/** A short public comment under a book page. Its author or the book's owner can delete it. */
export const bookComments = sqliteTable(
  "book_comments",
  {
    id: text("id").primaryKey(),
    bookId: text("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** Set when a moderator hides it after a report; hidden comments are shown to nobody. */
    hiddenAt: integer("hidden_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    // A book's comments, newest first, paged by (created_at, id).
    index("book_comments_book_recent_idx").on(t.bookId, t.createdAt, t.id),
    // A member's own comments, for the data download and the per-member rate limit.
    index("book_comments_author_recent_idx").on(t.authorId, t.createdAt),
  ],
);

/* ---------------------------------------------------------------------------------------------
 * Clubs that read together: the club's book and schedule, meetings, polls and the room.
 * ------------------------------------------------------------------------------------------- */

export const CLUB_BOOK_STATES = ["current", "finished"] as const;

/**
 * A book the club reads: its current one (at most one per club) and its shelf history. Either one of
 * the app's books (`bookId`) or a title and author of its own; `matchKey` (normalised title and
 * author) and `isbn13` find the copies members own.
 */
export const clubBooks = sqliteTable(
  "club_books",
  {
    id: text("id").primaryKey(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    bookId: text("book_id").references(() => books.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    author: text("author").notNull().default(""),
    isbn13: text("isbn13"),
    /** Normalised "title|author" (lower case, no accents or punctuation), for matching copies without an ISBN. */
    matchKey: text("match_key").notNull(),
    /** An R2 key (`covers/…`) or an https cover URL from the ISBN look-up. */
    cover: text("cover"),
    state: text("state", { enum: CLUB_BOOK_STATES }).notNull().default("current"),
    /** The calendar day (YYYY-MM-DD) the club means to finish by. */
    finishBy: text("finish_by"),
    startedAt: integer("started_at", { mode: "number" }).notNull(),
    finishedAt: integer("finished_at", { mode: "number" }),
    setBy: text("set_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("club_books_one_current_idx").on(t.clubId).where(sql`state = 'current'`),
    index("club_books_club_history_idx").on(t.clubId, t.state, t.finishedAt),
    // Account deletion clears set_by (migrations/0014, written by hand).
    index("club_books_set_by_idx").on(t.setBy).where(sql`set_by is not null`),
  ],
);

/** A step of a club book's schedule: "Chapters 1–8" by a day. */
export const clubMilestones = sqliteTable(
  "club_milestones",
  {
    id: text("id").primaryKey(),
    clubBookId: text("club_book_id")
      .notNull()
      .references(() => clubBooks.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    /** YYYY-MM-DD, or null for no date. */
    dueOn: text("due_on"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("club_milestones_book_position_idx").on(t.clubBookId, t.position)],
);

/** A member who reached a milestone. `shared`: their name may be shown; otherwise they only count. */
export const milestoneProgress = sqliteTable(
  "milestone_progress",
  {
    milestoneId: text("milestone_id")
      .notNull()
      .references(() => clubMilestones.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shared: integer("shared", { mode: "boolean" }).notNull().default(false),
    doneAt: integer("done_at", { mode: "number" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [primaryKey({ columns: [t.milestoneId, t.userId] }), index("milestone_progress_user_idx").on(t.userId)],
);

/** A club meeting: a time in the club's zone, a place or an https video link, and what it discusses. */
export const clubMeetings = sqliteTable(
  "club_meetings",
  {
    id: text("id").primaryKey(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "number" }).notNull(),
    /** Minutes; the .ics end time. */
    durationMinutes: integer("duration_minutes").notNull().default(90),
    place: text("place").notNull().default(""),
    videoUrl: text("video_url"),
    note: text("note").notNull().default(""),
    milestoneId: text("milestone_id").references(() => clubMilestones.id, { onDelete: "set null" }),
    /** Bumped on every change: the .ics SEQUENCE, and part of reminder dedupe keys. */
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: integer("cancelled_at", { mode: "number" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    // A club's meetings in (starts_at, id) order, the lists' order and cursor: no sort step, which reads every row again.
    index("club_meetings_club_starts_id_idx").on(t.clubId, t.startsAt, t.id),
    // Account deletion clears created_by without walking every club's meetings.
    index("club_meetings_created_by_idx").on(t.createdBy).where(sql`created_by is not null`),
  ],
);

export const RSVP_ANSWERS = ["going", "maybe", "not_going"] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

export const meetingRsvps = sqliteTable(
  "meeting_rsvps",
  {
    meetingId: text("meeting_id")
      .notNull()
      .references(() => clubMeetings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    answer: text("answer", { enum: RSVP_ANSWERS }).notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index("meeting_rsvps_user_idx").on(t.userId)],
);

/**
 * A member's calendar feed: a secret URL calendar apps subscribe to. Only the token's SHA-256 is
 * stored; revoking deletes the row, so the old URL stops at once.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "number" }),
  },
  (t) => [index("calendar_feeds_user_idx").on(t.userId)],
);

export const POLL_KINDS = ["book", "date", "choice"] as const;
export type PollKind = (typeof POLL_KINDS)[number];

/**
 * A club poll: the next book (ranked choice, counted by instant runoff), a meeting date (approval)
 * or plain multiple choice. `result` keeps the count made at close (with the runoff's rounds).
 */
export const clubPolls = sqliteTable(
  "club_polls",
  {
    id: text("id").primaryKey(),
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: POLL_KINDS }).notNull(),
    question: text("question").notNull(),
    closesAt: integer("closes_at", { mode: "number" }),
    /** Results are shown only once the poll is closed. */
    hideResults: integer("hide_results", { mode: "boolean" }).notNull().default(false),
    closedAt: integer("closed_at", { mode: "number" }),
    result: text("result", { mode: "json" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("club_polls_club_recent_idx").on(t.clubId, t.createdAt),
    // Account deletion clears created_by without walking every club's polls.
    index("club_polls_created_by_idx").on(t.createdBy).where(sql`created_by is not null`),
  ],
);

/** A poll's option: a label, or a candidate book (book polls), or a meeting slot (date polls). */
export const pollOptions = sqliteTable(
  "poll_options",
  {
    id: text("id").primaryKey(),
    pollId: text("poll_id")
      .notNull()
      .references(() => clubPolls.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    bookId: text("book_id").references(() => books.id, { onDelete: "set null" }),
    author: text("author"),
    isbn13: text("isbn13"),
    startsAt: integer("starts_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("poll_options_poll_position_idx").on(t.pollId, t.position)],
);

/** One ballot per member and poll, changed in place until the poll closes: the option ids, in rank order for ranked choice. */
export const pollBallots = sqliteTable(
  "poll_ballots",
  {
    pollId: text("poll_id")
      .notNull()
      .references(() => clubPolls.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    choices: text("choices", { mode: "json" }).$type<string[]>().notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index("poll_ballots_user_idx").on(t.userId)],
);

/**
 * How far each member has read the club room: the room (a Durable Object per club) keeps the
 * messages; this row lets My Clubs show every club's unread count in one indexed read.
 */
export const clubRoomReads = sqliteTable(
  "club_room_reads",
  {
    clubId: text("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Messages in the room the member has not read (kept by the room as messages come and reads happen). */
    unread: integer("unread").notNull().default(0),
    lastReadAt: integer("last_read_at", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.userId] }), index("club_room_reads_user_idx").on(t.userId)],
);

/**
 * A device that asked for Web Push ("Notify me on this device"): the browser's PushSubscription. It
 * belongs to the session it was made in, so signing out there, signing out everywhere, the session's
 * expiry and account deletion all remove it (cascades). An endpoint names one browser: posting it
 * again (another member now signed in there) moves it rather than copying it.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url as the browser gave them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** From the user agent when it subscribed: "Chrome", "Android"; shown as "Chrome on Android". */
    browser: text("browser").notNull(),
    system: text("system").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.createdAt),
    index("push_subscriptions_session_idx").on(t.sessionId),
  ],
);

/** pending: waiting to go; sent: the push service took it; failed: refused for good or out of tries. */
export const PUSH_STATES = ["pending", "sent", "failed"] as const;

/**
 * The push outbox: one row per event and device, written when the event is stored and sent by the
 * member's `push:{userId}` job, as e-mail is by `mail:{userId}`. The (device, dedupe key) pair keeps a
 * retried alarm or queue message from pushing an event twice; a conversation's new messages gather in
 * the pending row of their batch key, so a busy chat pushes once per few minutes.
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull(),
    /** Gathers a conversation's messages while pending; null once sent. */
    batchKey: text("batch_key"),
    /** The device replaces its earlier notification with the same tag. */
    tag: text("tag").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    lang: text("lang").notNull(),
    count: integer("count").notNull().default(1),
    state: text("state", { enum: PUSH_STATES }).notNull().default("pending"),
    sendAfter: integer("send_after", { mode: "number" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_outbox_device_dedupe_idx").on(t.subscriptionId, t.dedupeKey),
    uniqueIndex("push_outbox_pending_batch_idx").on(t.subscriptionId, t.batchKey).where(sql`state = 'pending' and batch_key is not null`),
    index("push_outbox_pending_idx").on(t.userId, t.sendAfter).where(sql`state = 'pending'`),
    // An audience's pushes by their event: the push-batch job claims the next hundred without reading other events'.
    index("push_outbox_pending_event_idx").on(t.dedupeKey, t.sendAfter).where(sql`state = 'pending'`),
    index("push_outbox_device_tag_idx").on(t.subscriptionId, t.tag, t.sentAt),
    index("push_outbox_user_recent_idx").on(t.userId, t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type BookRow = typeof books.$inferSelect;
export type ClubRow = typeof clubs.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The search-text backfill (migrations/0023): how far it has gone through each table, by seq. A row of
 * a table is done when its cursor passed it; doneAt is set when the whole table is.
 */
export const searchReindex = sqliteTable("search_reindex", {
  tableName: text("table_name").primaryKey(),
  afterSeq: integer("after_seq").notNull().default(0),
  doneAt: integer("done_at", { mode: "number" }),
});
