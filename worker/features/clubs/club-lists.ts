import { badRequest, requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { encodeCursor, keysetPage, type Page, pagedSearchQuery } from "@worker/core/paging";
import { toFtsQuery } from "@worker/core/search-query";
import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, cellCentre } from "@worker/core/shared/area-cells";
import { byCodePoints } from "@worker/core/shared/code-point-order";
import { idSchema } from "@worker/core/shared/id";
import { BROWSE_CLUBS_PAGE_SIZE } from "@worker/core/shared/rules";
import { marksIn, queryTerms, type TextSegment } from "@worker/core/shared/search-text";
import { clubsFts } from "@worker/db/fts";
import { clubs, type MEMBER_ROLES, type MEMBER_STATUSES, memberships } from "@worker/db/schema";
import { coarsenLocationText, NEAR_ME_HALF, NEAR_ME_NO_AREA, nearQueryFields, viewerCell } from "@worker/features/geo";
import { and, asc, between, desc, eq, gt, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";

type MemberRole = (typeof MEMBER_ROLES)[number];
type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** What Browse Clubs shows of any club, private or not (the browse grid lists private clubs too). */
export interface ClubSummary {
  clubId: string;
  name: string;
  description: string;
  location: string;
  isPrivate: boolean;
  memberCount: number;
  /** How many members it may have (null: no limit), so a card can say how many places are left. */
  memberLimit: number | null;
}

/** A club as its members see it, with the viewer's own role and status (the items of GET /clubs). */
export interface MemberClub extends ClubSummary {
  createdBy: string;
  /** The IANA zone the club meets in (meeting times are entered in it). */
  timezone: string;
  userRole: MemberRole;
  userStatus: MemberStatus;
}

export interface BrowseClub extends ClubSummary {
  /** True when the viewer is an active member (the card's "Member" badge). */
  isMember: boolean;
  /** The viewer's membership of this club: "pending" while their request waits ('Requested'). */
  userStatus: MemberStatus | null;
  /** Sorting "near me" only: about how far the club is, in whole km. */
  distanceKm?: number;
  /** With a search: the name as segments, the words searched for marked. */
  highlight?: { name?: TextSegment[] };
}

export const summaryColumns = {
  seq: clubs.seq,
  clubId: clubs.id,
  name: clubs.name,
  description: clubs.description,
  location: clubs.location,
  isPrivate: clubs.isPrivate,
  memberCount: clubs.memberCount,
  memberLimit: clubs.memberLimit,
};

const detailColumns = { ...summaryColumns, createdBy: clubs.createdBy, timezone: clubs.timezone };

/** Only the summary's fields, whatever else the row carries (its seq, the viewer's status). */
export function toSummary(row: ClubSummary): ClubSummary {
  return {
    clubId: row.clubId,
    name: row.name,
    description: row.description,
    // Clubs saved before coordinates were rounded on saving are rounded here.
    location: coarsenLocationText(row.location),
    isPrivate: row.isPrivate,
    memberCount: row.memberCount,
    memberLimit: row.memberLimit,
  };
}

function toMemberClub(
  row: Parameters<typeof toSummary>[0] & { createdBy: string; timezone: string; userRole: MemberRole; userStatus: MemberStatus },
): MemberClub {
  return { ...toSummary(row), createdBy: row.createdBy, timezone: row.timezone, userRole: row.userRole, userStatus: row.userStatus };
}

/** A member belongs to few clubs; the cap only guards the page against a pathological account. */
export const MY_CLUBS_LIMIT = 200;

/**
 * The member's clubs, active and pending, in one query that starts from memberships_user_idx.
 * Sorted by name: the set is small, and people look for a club by its name. Sorted here, not by
 * SQLite: its sorter reads every row back once more (a third of the rows read).
 */
export async function listMyClubs(ctx: ServiceContext): Promise<{ items: MemberClub[]; nextToken: null }> {
  requireUser(ctx);
  const mine = () =>
    ctx.db
      .select({ ...detailColumns, userRole: memberships.role, userStatus: memberships.status })
      .from(memberships)
      .innerJoin(clubs, eq(clubs.id, memberships.clubId))
      .where(eq(memberships.userId, ctx.user.id));
  let rows = await mine().limit(MY_CLUBS_LIMIT + 1);
  // Past the cap (a pathological account) only SQLite can say which clubs come first by name.
  if (rows.length > MY_CLUBS_LIMIT) rows = await mine().orderBy(asc(clubs.name), asc(clubs.seq)).limit(MY_CLUBS_LIMIT);
  else rows.sort((a, b) => byCodePoints(a.name, b.name) || a.seq - b.seq);
  return { items: rows.map(toMemberClub), nextToken: null };
}

/** One club as the member sees it in My Clubs, or null when they have no membership in it. */
export async function findMemberClub(ctx: ServiceContext, clubId: string): Promise<MemberClub | null> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({ ...detailColumns, userRole: memberships.role, userStatus: memberships.status })
    .from(clubs)
    .innerJoin(memberships, and(eq(memberships.clubId, clubs.id), eq(memberships.userId, ctx.user.id)))
    .where(eq(clubs.id, clubId))
    .limit(1);
  return row ? toMemberClub(row) : null;
}

export const browseClubsQuerySchema = pagedSearchQuery(BROWSE_CLUBS_PAGE_SIZE).extend({
  ...nearQueryFields,
  /** Only the clubs with no position, newest first: the ones "near me" cannot place. */
  unplaced: z.literal("1", { error: () => translate('unplaced must be "1"') }).optional(),
});
export type BrowseClubsQuery = z.output<typeof browseClubsQuerySchema>;

/** "Near me" looks this many degrees of latitude either side (about 550 km): one range of clubs_position_idx. */
export const NEAR_BAND_DEGREES = 5;

/** Great-circle distance in km (haversine): exact enough for "about N km away". */
function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h))));
}

/**
 * One page of all clubs, newest first, keyset-paged on clubs.seq exactly like the library: a
 * search walks clubs_fts in rowid (= seq) order, so any page reads about one page of rows.
 */
/** A page of Browse Clubs; sorted "near me", also how many clubs (of the search's) have no position and so are not in that order. */
export type BrowseClubsPage = Page<BrowseClub> & { notPlaced?: number };

export async function browseClubs(ctx: ServiceContext, query: BrowseClubsQuery, area?: Cell | null): Promise<BrowseClubsPage> {
  const page = await browseClubsPage(ctx, query, area);
  if (!query.search) return page;
  const terms = queryTerms(query.search);
  return { ...page, items: page.items.map((club) => ({ ...club, highlight: { name: marksIn(club.name, terms) } })) };
}

async function browseClubsPage(ctx: ServiceContext, query: BrowseClubsQuery, area?: Cell | null): Promise<BrowseClubsPage> {
  requireUser(ctx);
  if ((query.lat === undefined) !== (query.lon === undefined)) throw badRequest(NEAR_ME_HALF);
  if (query.lat !== undefined && query.lon !== undefined) return browseClubsNear(ctx, query, { lat: query.lat, lon: query.lon });
  if (query.near === "me") {
    // `area`: the member's cell when the caller has read it already.
    const cell = area ?? (await viewerCell(ctx));
    if (!cell) throw badRequest(NEAR_ME_NO_AREA);
    return browseClubsNear(ctx, query, cellCentre(cell));
  }
  const backwards = query.prevToken !== undefined && query.nextToken === undefined;
  const fts = query.search ? toFtsQuery(query.search) : null;
  const key = fts ? clubsFts.rowid : clubs.seq;
  const where: SQL[] = [];
  if (query.nextToken !== undefined) where.push(lt(key, query.nextToken));
  if (backwards) where.push(gt(key, query.prevToken!));
  if (fts) where.push(sql`clubs_fts match ${fts}`);
  // clubs_unplaced_idx holds exactly these, newest first.
  if (query.unplaced) where.push(isNull(clubs.latitude));

  // The viewer's membership comes with each row (a primary-key look-up per club shown), so the page
  // reads about as many rows as it shows however many clubs the member has joined.
  const columns = { ...summaryColumns, userStatus: memberships.status };
  const viewer = and(eq(memberships.clubId, clubs.id), eq(memberships.userId, ctx.user.id));
  const base = fts ? ctx.db.select(columns).from(clubsFts).innerJoin(clubs, eq(clubs.seq, clubsFts.rowid)) : ctx.db.select(columns).from(clubs);
  const rows = await base
    .leftJoin(memberships, viewer)
    .where(and(...where))
    .orderBy(backwards ? asc(key) : desc(key))
    .limit(query.limit + 1);

  const page = keysetPage(rows, query);
  return {
    items: page.rows.map((row) => ({ ...toSummary(row), isMember: row.userStatus === "active", userStatus: row.userStatus })),
    nextToken: page.nextToken,
    prevToken: page.prevToken,
  };
}

export const clubIdParams = z.object({ id: idSchema });

/** Full details, or only the browse summary when the viewer may not see a private club's details. */
export type ClubDetails =
  | (ClubSummary & {
      detailsVisible: true;
      memberLimit: number | null;
      createdBy: string;
      timezone: string;
      /** Null when the viewer has no membership row (a public club they have not joined). */
      userRole: MemberRole | null;
      userStatus: MemberStatus | null;
    })
  | (ClubSummary & { detailsVisible: false; userStatus: MemberStatus | null });

/**
 * One club for the signed-in member, or null when there is no such club.
 *
 * Rule for private clubs: Browse Clubs already lists every club's name, description, location and
 * member count (private clubs show there with 'Request to Join': docs/product.md#clubs), so those stay visible to
 * any member. The details behind membership (creator, member limit, roles) are shown only to the
 * club's active members; a non-member, including one whose request is pending, gets the summary and
 * their own status. Public clubs show full details to every member.
 */
export async function findClubForMember(ctx: ServiceContext, clubId: string): Promise<ClubDetails | null> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({ ...detailColumns, userRole: memberships.role, userStatus: memberships.status })
    .from(clubs)
    .leftJoin(memberships, and(eq(memberships.clubId, clubs.id), eq(memberships.userId, ctx.user.id)))
    .where(eq(clubs.id, clubId))
    .limit(1);
  if (!row) return null;
  const activeMember = row.userStatus === "active";
  if (row.isPrivate && !activeMember) {
    return { ...toSummary(row), detailsVisible: false, userStatus: row.userStatus };
  }
  return {
    ...toSummary(row),
    memberLimit: row.memberLimit,
    createdBy: row.createdBy,
    timezone: row.timezone,
    userRole: row.userRole,
    userStatus: row.userStatus,
    detailsVisible: true,
  };
}

/**
 * Browse Clubs sorted "near me": the clubs with a position within NEAR_BAND_DEGREES of latitude
 * (one range of clubs_position_idx), nearest first by a flat-earth distance computed in SQL (the
 * longitude scaled by the cosine of the reader's latitude, passed in: plain arithmetic, no SQL
 * math functions), a search narrowing them as usual. The tokens are offsets into that order: the
 * band bounds the set, so a deep page costs what the band holds. Clubs without a position, or
 * beyond the band, are not listed in this order. The reader's position is used here and dropped.
 */
async function browseClubsNear(
  ctx: ServiceContext & { user: { id: string } },
  query: BrowseClubsQuery,
  at: { lat: number; lon: number },
): Promise<BrowseClubsPage> {
  const offset = query.nextToken ?? (query.prevToken !== undefined ? Math.max(0, query.prevToken - query.limit) : 0);
  const fts = query.search ? toFtsQuery(query.search) : null;
  const scale = Math.cos((at.lat * Math.PI) / 180);
  const nearness = sql`((${clubs.latitude} - ${at.lat}) * (${clubs.latitude} - ${at.lat}) + ((${clubs.longitude} - ${at.lon}) * ${scale}) * ((${clubs.longitude} - ${at.lon}) * ${scale}))`;
  const columns = { ...summaryColumns, userStatus: memberships.status, latitude: clubs.latitude, longitude: clubs.longitude };
  const base = fts ? ctx.db.select(columns).from(clubsFts).innerJoin(clubs, eq(clubs.seq, clubsFts.rowid)) : ctx.db.select(columns).from(clubs);
  // The clubs this order cannot place (no position), counted so the page can say so: clubs_unplaced_idx alone, or the search's matches.
  const unplacedCount = { count: sql<number>`count(*)` };
  const notPlaced = fts
    ? ctx.db
        .select(unplacedCount)
        .from(clubsFts)
        .innerJoin(clubs, eq(clubs.seq, clubsFts.rowid))
        .where(and(sql`clubs_fts match ${fts}`, isNull(clubs.latitude)))
    : ctx.db.select(unplacedCount).from(clubs).where(isNull(clubs.latitude));
  const [rows, [unplaced]] = await Promise.all([
    base
      .leftJoin(memberships, and(eq(memberships.clubId, clubs.id), eq(memberships.userId, ctx.user.id)))
      .where(
        and(
          isNotNull(clubs.latitude),
          between(clubs.latitude, at.lat - NEAR_BAND_DEGREES, at.lat + NEAR_BAND_DEGREES),
          fts ? sql`clubs_fts match ${fts}` : undefined,
        ),
      )
      .orderBy(nearness, desc(clubs.seq))
      .limit(query.limit + 1)
      .offset(offset),
    notPlaced,
  ]);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      ...toSummary(row),
      isMember: row.userStatus === "active",
      userStatus: row.userStatus,
      distanceKm: distanceKm(at, { lat: row.latitude ?? at.lat, lon: row.longitude ?? at.lon }),
    })),
    nextToken: rows.length > query.limit ? encodeCursor(offset + query.limit) : null,
    prevToken: offset > 0 ? encodeCursor(offset) : null,
    notPlaced: Number(unplaced?.count ?? 0),
  };
}
