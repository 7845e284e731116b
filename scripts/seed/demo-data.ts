// Builds the demo library (members, clubs, books, covers) deterministically from the catalogue.
import { createHash } from "node:crypto";
import { type Cell, cellOf } from "../../worker/core/shared/area-cells.ts";
import { hiddenUntilTitled } from "../../worker/core/shared/book-listing.ts";
import type { BookStatus, CoverAnalysis, GoogleMetadata, NotificationPrefs } from "../../worker/db/schema.ts";
import { type CatalogueBook, catalogue, demoMembers } from "./catalogue.ts";
import { coverSvg, hashString } from "./cover-svg.ts";

/** A stable UUID-shaped id from a name, so re-running the seed finds the same rows. */
export function stableId(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const DAY = 24 * 60 * 60 * 1000;
// A fixed clock keeps the seed reproducible; books spread over the 120 days before it.
export const SEED_EPOCH = Date.UTC(2026, 10, 1);

export interface DemoUser {
  id: string;
  email: string;
  name: string;
  bio: string;
  timezone: string;
  isDemo: true;
  createdAt: number;
}

export interface DemoClub {
  id: string;
  name: string;
  description: string;
  location: string;
  isPrivate: boolean;
  memberLimit: number | null;
  createdBy: string;
  members: { userId: string; role: "admin" | "member"; status: "active" | "pending"; joinedVia: "created" | "open" | "approval" }[];
  createdAt: number;
}

export interface DemoBook {
  id: string;
  userId: string;
  title: string;
  author: string;
  description: string;
  status: BookStatus;
  publishedDate: string | null;
  pageCount: number | null;
  language: string | null;
  coverKey: string | null;
  clubId: string | null;
  lentToUserId: string | null;
  lentToUserName: string | null;
  ageGroupFine: CatalogueBook["ageGroupFine"] | null;
  googleMetadata: GoogleMetadata | null;
  coverAnalysis: CoverAnalysis | null;
  analysisState: "none" | "done" | "needs_details";
  analysisMessage: string | null;
  /** "untitled" for the unreadable uploads: on their owner's shelf only, until they have a title. */
  hidden: "untitled" | null;
  createdAt: number;
  cover: string | null;
}

export const ALL_NOTIFICATIONS_ON: NotificationPrefs = {
  new_book_from_followed_user: true,
  comment_on_your_book: true,
  reminder_due_date: true,
  new_member_in_your_club: true,
  club_announcement: true,
  dm_message_received: true,
  wanted_book_nearby: true,
};

export function demoUsers(): DemoUser[] {
  return demoMembers.map((member, index) => ({
    id: stableId(`member:${member.email}`),
    email: member.email.toLowerCase(),
    name: member.name,
    bio: member.bio,
    timezone: member.timezone,
    isDemo: true,
    createdAt: SEED_EPOCH - (200 - index) * DAY,
  }));
}

export interface DemoArea extends Cell {
  userId: string;
  place: string;
  updatedAt: number;
}

// Amara (first on /login's demo list) lives in Islington; two neighbours are 3 and 5 km away in London,
// three members are on other continents, and the rest have no area (it is optional).
const AREA_SPECS: { email: string; place: string; lat: number; lon: number }[] = [
  { email: "amara.okafor@example.com", place: "London", lat: 51.54, lon: -0.1 }, // Islington
  { email: "chloe.dubois@example.com", place: "London", lat: 51.54, lon: -0.14 }, // Camden Town
  { email: "lars.eriksson@example.com", place: "London", lat: 51.5, lon: -0.07 }, // Bermondsey
  { email: "mateo.hernandez@example.com", place: "Chicago", lat: 41.86, lon: -87.66 }, // Pilsen
  { email: "yuki.tanaka@example.com", place: "Tokyo", lat: 35.66, lon: 139.67 }, // Shimokitazawa
  { email: "olivia.nguyen@example.com", place: "Sydney", lat: -33.9, lon: 151.18 }, // Newtown
];

/** The demo members' areas ("My area"), kept as cells like any member's. */
export function demoAreas(users: DemoUser[]): DemoArea[] {
  return AREA_SPECS.flatMap(({ email, place, lat, lon }) => {
    const user = users.find((candidate) => candidate.email === email);
    return user ? [{ userId: user.id, place, ...cellOf({ lat, lon }), updatedAt: SEED_EPOCH }] : [];
  });
}

/** A demo member's wanted book; its copies near them are matched when the seed writes it. */
export interface DemoWant {
  userId: string;
  title: string;
  author: string;
  isbn13: string | null;
  fromBookId: string | null;
}

/**
 * Amara wants two books her London neighbours have (so her library opens with "Wanted, near you")
 * and one nobody lists yet (the first copy listed near her rings her bell).
 */
export function demoWants(users: DemoUser[], books: DemoBook[]): DemoWant[] {
  const byEmail = (email: string) => users.find((user) => user.email === email);
  const amara = byEmail("amara.okafor@example.com");
  if (!amara) return [];
  const neighbours = ["chloe.dubois@example.com", "lars.eriksson@example.com"].map(byEmail);
  const fromNeighbours = neighbours.flatMap((neighbour) => {
    const book = books.find((candidate) => candidate.userId === neighbour?.id && candidate.status === "available" && !candidate.clubId && candidate.title);
    return book ? [{ userId: amara.id, title: book.title, author: book.author, isbn13: null, fromBookId: book.id }] : [];
  });
  return [...fromNeighbours, { userId: amara.id, title: "The Remains of the Day", author: "Kazuo Ishiguro", isbn13: null, fromBookId: null }];
}

const CLUB_SPECS = [
  {
    name: "Riverside Classics Circle",
    description: "We read one classic a month and swap our copies afterwards. Tea provided, opinions welcome.",
    location: "Riverside Library, Room 2",
    isPrivate: false,
    memberLimit: 30,
  },
  {
    name: "Little Readers Swap",
    description: "Parents swapping picture books and early readers so shelves stay fresh for the kids.",
    location: "Oak Street Community Centre",
    isPrivate: false,
    memberLimit: null,
  },
  {
    name: "Night Owls Sci-Fi",
    description: "Speculative fiction, old and new. Private club: ask to join and say hello.",
    location: "Online and the Lantern Café",
    isPrivate: true,
    memberLimit: 12,
  },
  {
    name: "Philosophy Over Coffee",
    description: "Slow reading of short philosophical works, a chapter at a time.",
    location: "Harbour Street Café",
    isPrivate: true,
    memberLimit: 8,
  },
] as const;

export function demoClubs(users: DemoUser[]): DemoClub[] {
  return CLUB_SPECS.map((spec, index) => {
    const creator = users[index % users.length]!;
    const others = users.filter((user) => user.id !== creator.id);
    const members = [
      { userId: creator.id, role: "admin" as const, status: "active" as const, joinedVia: "created" as const },
      ...others
        .filter((_, i) => (i + index) % 2 === 0)
        .slice(0, spec.memberLimit ? Math.min(spec.memberLimit - 1, 5) : 5)
        .map((user, i) => ({
          userId: user.id,
          role: i === 0 && index === 0 ? ("admin" as const) : ("member" as const),
          status: "active" as const,
          // A private club's demo members were let in by an admin; an open club's walked in.
          joinedVia: spec.isPrivate ? ("approval" as const) : ("open" as const),
        })),
    ];
    return {
      id: stableId(`club:${spec.name}`),
      ...spec,
      createdBy: creator.id,
      members,
      createdAt: SEED_EPOCH - (150 - index * 10) * DAY,
    };
  });
}

const STATUSES: BookStatus[] = ["available", "available", "available", "reading", "borrowed", "giving_away", "available", "available"];

// Demo records are written from the catalogue, not by a model or a metadata provider: they say so,
// and name no model, so no page claims a provider produced them.
const SEED_SOURCE = "seed";

function analysisFor(book: CatalogueBook, seed: number): CoverAnalysis {
  const confidence = 0.78 + (seed % 20) / 100;
  const ageGroup = book.ageGroupFine === "early_reader" ? "children" : book.ageGroupFine;
  return {
    source: SEED_SOURCE,
    title_candidates: [{ value: book.title, confidence }],
    author_candidates: [{ value: book.author, confidence: Math.max(0.5, confidence - 0.07) }],
    isbn: null,
    language_guess: book.language,
    categories: book.categories,
    age_group: ageGroup,
    audience: [ageGroup === "children" ? "children" : ageGroup.replace("_", " ")],
    themes: book.themes,
    content_warnings: [],
    analyzedAt: SEED_EPOCH,
  };
}

function googleFor(book: CatalogueBook): GoogleMetadata {
  return {
    source: SEED_SOURCE,
    volumeInfo: {
      title: book.title,
      authors: [book.author],
      publishedDate: String(book.year),
      categories: book.categories,
      pageCount: book.pageCount,
      language: book.language,
      description: book.description,
    },
    isEbook: false,
  };
}

/** The demo books: every catalogue entry, owned round-robin, with varied statuses and records. */
export function demoBooks(users: DemoUser[], clubs: DemoClub[]): DemoBook[] {
  const books: DemoBook[] = [];
  catalogue.forEach((entry, index) => {
    const seed = hashString(`${entry.title}|${entry.author}`);
    const owner = users[(index * 7 + (seed % 3)) % users.length]!;
    const id = stableId(`book:${entry.title}:${entry.author}`);
    let status = STATUSES[seed % STATUSES.length]!;
    const borrower = users.find((user, i) => user.id !== owner.id && i === (seed >> 3) % users.length);
    if (status === "borrowed" && !borrower) status = "available";
    const ownerClubs = clubs.filter((club) => club.members.some((m) => m.userId === owner.id));
    const club = index % 6 === 0 && ownerClubs.length > 0 ? ownerClubs[seed % ownerClubs.length]! : null;
    // Four books in five carry an analysis record, every third a metadata record; some keep only one.
    const hasAnalysis = index % 5 !== 1;
    const hasGoogle = index % 3 === 0;
    // A few uploads the model could not read: usable, but "needs details".
    const unreadable = index % 37 === 36;
    books.push({
      id,
      userId: owner.id,
      title: unreadable ? "" : entry.title,
      author: unreadable ? "" : entry.author,
      description: unreadable ? "" : entry.description,
      status,
      publishedDate: unreadable ? null : String(entry.year),
      pageCount: unreadable ? null : entry.pageCount,
      language: unreadable ? null : entry.language,
      coverKey: unreadable ? null : `covers/${owner.id}/${id}.svg`,
      clubId: club?.id ?? null,
      lentToUserId: status === "borrowed" ? borrower!.id : null,
      lentToUserName: status === "borrowed" ? borrower!.name : null,
      // Some books leave the age group to the analysis record, as the Audience rule allows.
      ageGroupFine: index % 4 === 3 && hasAnalysis ? null : entry.ageGroupFine,
      googleMetadata: hasGoogle && !unreadable ? googleFor(entry) : null,
      coverAnalysis: hasAnalysis && !unreadable ? analysisFor(entry, seed) : null,
      analysisState: unreadable ? "needs_details" : hasAnalysis ? "done" : "none",
      analysisMessage: unreadable ? "The cover could not be read. Please add the title and author." : null,
      hidden: hiddenUntilTitled(unreadable ? "" : entry.title),
      createdAt: SEED_EPOCH - (catalogue.length - index) * (DAY / 2),
      cover: unreadable ? null : coverSvg({ title: entry.title, author: entry.author, seed: id }),
    });
  });
  return books;
}

export interface DemoLoan {
  id: string;
  bookId: string;
  ownerId: string;
  borrowerId: string;
  state: "requested" | "lent";
  dueDate: string | null;
  updatedAt: number;
  events: { action: "requested" | "accepted" | "lent"; actorId: string; dueDate: string | null; createdAt: number }[];
}

const addDaysTo = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The ledger behind the demo's lent books: each was requested, accepted with a due date and handed
 * over. Due dates are relative to `today` (the day the seed runs), so the demo always shows books
 * due soon, due later and a few overdue. Every 40th available book also has an open request.
 */
export function demoLoans(books: DemoBook[], users: DemoUser[], today: string, now: number): DemoLoan[] {
  const loans: DemoLoan[] = [];
  books.forEach((book, index) => {
    const seed = hashString(book.id);
    if (book.status === "borrowed" && book.lentToUserId) {
      const dueDate = addDaysTo(today, (seed % 30) - 5);
      const lentAt = now - ((seed % 9) + 3) * DAY;
      loans.push({
        id: stableId(`loan:${book.id}:${book.lentToUserId}`),
        bookId: book.id,
        ownerId: book.userId,
        borrowerId: book.lentToUserId,
        state: "lent",
        dueDate,
        updatedAt: lentAt,
        events: [
          { action: "requested", actorId: book.lentToUserId, dueDate: null, createdAt: lentAt - 2 * DAY },
          { action: "accepted", actorId: book.userId, dueDate, createdAt: lentAt - DAY },
          { action: "lent", actorId: book.userId, dueDate, createdAt: lentAt },
        ],
      });
    } else if (book.status === "available" && index % 40 === 7) {
      const borrower = users.find((user, i) => user.id !== book.userId && i === seed % users.length) ?? users.find((user) => user.id !== book.userId)!;
      const requestedAt = now - ((seed % 3) + 1) * DAY;
      loans.push({
        id: stableId(`loan:${book.id}:${borrower.id}`),
        bookId: book.id,
        ownerId: book.userId,
        borrowerId: borrower.id,
        state: "requested",
        dueDate: null,
        updatedAt: requestedAt,
        events: [{ action: "requested", actorId: borrower.id, dueDate: null, createdAt: requestedAt }],
      });
    }
  });
  return loans;
}
