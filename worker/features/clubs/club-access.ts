import { forbidden, notFound, requireUser } from "@worker/core/errors";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { clubs, type MEMBER_ROLES, type MEMBER_STATUSES, memberships } from "@worker/db/schema";
import { coarsenLocationText } from "@worker/features/geo";
import { and, eq } from "drizzle-orm";

type MemberRole = (typeof MEMBER_ROLES)[number];
type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const CLUB_NOT_FOUND = msg("Club not found");
export const CLUB_RATE_LIMITED = msg("You're doing that too quickly. Please wait a moment.");

/**
 * Counts one club write (create, edit, delete, join, request, leave, a decision on a request, a role,
 * a removal, a new invite code) against the member's CLUB_LIMITER budget; 429 past it. Running a club
 * never gets near it; a script looping request and leave to flood the admins' inboxes does. The API
 * (worker/features/clubs/api.ts) and the club pages' actions (app/features/clubs/club-intents.server.ts) each call it once
 * per write; a code redemption also spends an INVITE_LIMITER attempt (worker/features/clubs/invite-attempts.ts).
 */
export async function takeClubWrite(ctx: ServiceContext): Promise<void> {
  requireUser(ctx);
  await limit(ctx.env.CLUB_LIMITER, `clubs:${ctx.user.id}`, CLUB_RATE_LIMITED);
}

/** What the signed-in member may do in one club (docs/product.md#clubs), enforced here rather than trusted from the page. */
export interface ClubAccess {
  /** The signed-in member asking. */
  userId: string;
  club: {
    clubId: string;
    name: string;
    description: string;
    location: string;
    isPrivate: boolean;
    memberLimit: number | null;
    memberCount: number;
    createdBy: string;
    /** The IANA zone the club meets in. */
    timezone: string;
  };
  role: MemberRole | null;
  status: MemberStatus | null;
  isCreator: boolean;
  /** The creator or an active admin: decides join requests and sees the invite code. */
  canManage: boolean;
}

/** The club and the member's place in it, in one primary-key read; 404 when there is no such club. */
export async function loadClubAccess(ctx: ServiceContext, clubId: string): Promise<ClubAccess> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({
      clubId: clubs.id,
      name: clubs.name,
      description: clubs.description,
      location: clubs.location,
      isPrivate: clubs.isPrivate,
      memberLimit: clubs.memberLimit,
      memberCount: clubs.memberCount,
      createdBy: clubs.createdBy,
      timezone: clubs.timezone,
      role: memberships.role,
      status: memberships.status,
    })
    .from(clubs)
    .leftJoin(memberships, and(eq(memberships.clubId, clubs.id), eq(memberships.userId, ctx.user.id)))
    .where(eq(clubs.id, clubId))
    .limit(1);
  if (!row) throw notFound(CLUB_NOT_FOUND);
  const { role, status, ...stored } = row;
  const club = { ...stored, location: coarsenLocationText(stored.location) };
  const isCreator = club.createdBy === ctx.user.id;
  return { userId: ctx.user.id, club, role, status, isCreator, canManage: isCreator || (status === "active" && role === "admin") };
}

/** Only the creator edits or deletes the club, changes roles and removes members; admins manage requests and the invite code. */
export async function requireClubCreator(ctx: ServiceContext, clubId: string, message: string): Promise<ClubAccess> {
  const access = await loadClubAccess(ctx, clubId);
  if (!access.isCreator) throw forbidden(message);
  return access;
}

/** The creator or an active admin. */
export async function requireClubManager(ctx: ServiceContext, clubId: string, message: string): Promise<ClubAccess> {
  const access = await loadClubAccess(ctx, clubId);
  if (!access.canManage) throw forbidden(message);
  return access;
}

export const CLUB_FULL = msg("This club is full");

/** True when the club has no room for one more active member. */
export function isFull(club: { memberLimit: number | null; memberCount: number }): boolean {
  return club.memberLimit !== null && club.memberCount >= club.memberLimit;
}
