import { notFound } from "@worker/core/errors";
import { decodeCursor } from "@worker/core/paging";
import type { ServiceContext } from "@worker/core/service-context";
import { mediaUrl } from "@worker/core/shared/media-url";
import { type MEMBER_ROLES, type MEMBER_STATUSES, memberships, users } from "@worker/db/schema";
import type { BookCard } from "@worker/features/books";
import { listLibraryBooks } from "@worker/features/books";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { CLUB_NOT_FOUND, type ClubAccess, loadClubAccess } from "./club-access";

type MemberRole = (typeof MEMBER_ROLES)[number];
type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** The club page shows one page of its shelf at a time (a 2-to-4-column grid divides 24). */
export const CLUB_PAGE_BOOKS = 24;
/** Members listed on the page; the club's memberCount says how many there are in all. */
export const CLUB_PAGE_MEMBERS = 200;

export interface ClubPageMember {
  userId: string;
  name: string;
  profilePicture: string | null;
  role: MemberRole;
  isCreator: boolean;
}

export interface ClubPage {
  club: ClubAccess["club"];
  viewer: {
    role: MemberRole | null;
    status: MemberStatus | null;
    isCreator: boolean;
    /** The creator or an active admin: manages requests and the invite code (docs/product.md#joining). */
    canManage: boolean;
  };
  /** Active members: the creator, then admins, then everyone else by name; at most CLUB_PAGE_MEMBERS. */
  members: ClubPageMember[];
  /** Books shared into the club, newest first. */
  books: BookCard[];
  booksNextToken: string | null;
  booksPrevToken: string | null;
}

/** Which page of the club's books to show: the opaque tokens from a previous page (a bad one means the first page). */
export interface ClubBooksPage {
  nextToken?: string | null;
  prevToken?: string | null;
}

/**
 * The club page for a signed-in member.
 *
 * Who sees it: a private club's page is for its active members only; anyone else, a pending
 * requester included, gets the same 404 as for a club that does not exist (Browse Clubs still
 * shows the club's card, which is where they ask to join). A public club's page, members and
 * books included, is open to every signed-in member, joined or not: anyone can join it at once.
 *
 * Three queries, two round trips: the club with the viewer's membership (both by primary key), then
 * the members (memberships primary key range for the club) and the shelf (books_club_seq_idx)
 * together. Nothing is read per member or per book.
 */
export async function findClubPage(ctx: ServiceContext, clubId: string, booksPage: ClubBooksPage = {}): Promise<ClubPage> {
  const { club, role, status, isCreator, canManage } = await loadClubAccess(ctx, clubId);
  // A private club's page is its active members' alone; to anyone else it does not exist.
  if (club.isPrivate && status !== "active") throw notFound(CLUB_NOT_FOUND);
  const nextToken = decodeCursor(booksPage.nextToken);
  const prevToken = nextToken === undefined ? decodeCursor(booksPage.prevToken) : undefined;
  const [members, books] = await Promise.all([
    listClubMembers(ctx, club.clubId, club.createdBy),
    listLibraryBooks(ctx, { limit: CLUB_PAGE_BOOKS, nextToken, prevToken }, { clubId: club.clubId }),
  ]);
  return {
    club,
    viewer: { role, status, isCreator, canManage },
    members,
    books: books.items,
    booksNextToken: books.nextToken,
    booksPrevToken: books.prevToken,
  };
}

async function listClubMembers(ctx: ServiceContext, clubId: string, creatorId: string): Promise<ClubPageMember[]> {
  const rows = await ctx.db
    .select({ userId: users.id, name: users.name, picture: users.picture, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.clubId, clubId), eq(memberships.status, "active")))
    .orderBy(desc(sql`${memberships.userId} = ${creatorId}`), desc(sql`${memberships.role} = 'admin'`), asc(sql`${users.name} collate nocase`), asc(users.id))
    .limit(CLUB_PAGE_MEMBERS);
  return rows.map((member) => ({
    userId: member.userId,
    name: member.name,
    profilePicture: mediaUrl(member.picture),
    role: member.role,
    isCreator: member.userId === creatorId,
  }));
}
