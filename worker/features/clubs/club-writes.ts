import { destroyClubRoom } from "@worker/core/club-room-stubs";
import { badRequest, conflict, requireUser } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { CLUB_POSITION_HALF, type ClubInput, type ClubUpdate } from "@worker/core/shared/club-rules";
import { withClubSearchText } from "@worker/core/shared/search-text";
import { msg } from "@worker/core/shared/translate";
import { books, clubs, inviteCodes, joinRequests, memberships } from "@worker/db/schema";
import { coarsenLocationText } from "@worker/features/geo";
import { and, eq, lte } from "drizzle-orm";
import { requireClubCreator } from "./club-access";
import { findMemberClub, type MemberClub } from "./club-lists";
import { prepareInviteCode, withFreshCodeOnClash } from "./invite-codes";

export const ONLY_CREATOR_EDITS = msg("Only the club's creator can edit this club.");
export const ONLY_CREATOR_DELETES = msg("Only the club's creator can delete this club.");

/**
 * The input's columns: `geocode` asks the API to place the club (worker/features/clubs/api.ts), it is
 * not stored; coordinates in the location text are kept no finer than the club's position (0.01°).
 */
function withoutFlags<T extends { geocode?: boolean; location?: string }>(input: T): Omit<T, "geocode"> {
  const { geocode: _asked, ...columns } = input;
  return columns.location === undefined ? columns : { ...columns, location: coarsenLocationText(columns.location) };
}

/** A position is both coordinates or neither (null for both clears it): half a position places a club nowhere. */
function requireWholePosition(input: { latitude?: number | null; longitude?: number | null }) {
  if ((input.latitude === undefined) !== (input.longitude === undefined) || (input.latitude === null) !== (input.longitude === null)) {
    throw badRequest(CLUB_POSITION_HALF);
  }
}

/**
 * Creates the club with its creator as its first active admin (the memberships trigger makes
 * memberCount 1) and its first invite code, all in one batch: there is never a club without them.
 */
export async function createClub(ctx: ServiceContext, input: ClubInput): Promise<MemberClub> {
  requireUser(ctx);
  requireWholePosition(input);
  const user = ctx.user;
  const clubId = crypto.randomUUID();
  const columns = withoutFlags(input);
  await withFreshCodeOnClash(async () => {
    const now = Date.now();
    const invite = await prepareInviteCode(ctx, clubId, user.id, now);
    await ctx.db.batch([
      ctx.db.insert(clubs).values(withClubSearchText({ id: clubId, ...columns, createdBy: user.id, createdAt: now })),
      ctx.db.insert(memberships).values({ clubId, userId: user.id, role: "admin", status: "active", joinedVia: "created", createdAt: now }),
      invite.write,
    ]);
  });
  return {
    clubId,
    name: input.name,
    description: input.description,
    location: columns.location,
    isPrivate: input.isPrivate,
    memberCount: 1,
    memberLimit: input.memberLimit,
    createdBy: user.id,
    timezone: input.timezone,
    userRole: "admin",
    userStatus: "active",
  };
}

/**
 * Edits the club; only its creator may (admins may not: docs/product.md#create-and-edit). Fields left
 * out stay as they are. A limit below the current member count is refused rather than leaving the
 * club over its limit; the check and the write are one conditional UPDATE, so a join cannot slip in between.
 */
export async function updateClub(ctx: ServiceContext, clubId: string, input: ClubUpdate): Promise<MemberClub> {
  requireWholePosition(input);
  await requireClubCreator(ctx, clubId, ONLY_CREATOR_EDITS);
  const changes = Object.fromEntries(Object.entries(withoutFlags(input)).filter(([, value]) => value !== undefined)) as ClubUpdate;
  if (Object.keys(changes).length > 0) {
    const limit = changes.memberLimit;
    const updated = await ctx.db
      .update(clubs)
      .set(withClubSearchText({ ...changes, updatedAt: Date.now() }))
      .where(and(eq(clubs.id, clubId), typeof limit === "number" ? lte(clubs.memberCount, limit) : undefined))
      .returning({ id: clubs.id });
    if (updated.length === 0) {
      const [club] = await ctx.db.select({ memberCount: clubs.memberCount }).from(clubs).where(eq(clubs.id, clubId));
      throw conflict(
        "{count, plural, one {The member limit cannot be lower than the club's # current member.} other {The member limit cannot be lower than the club's # current members.}}",
        {
          count: club?.memberCount ?? 0,
        },
      );
    }
  }
  const club = await findMemberClub(ctx, clubId);
  // The creator can neither leave nor be removed, so their membership is always there.
  if (!club) throw new Error(`Club ${clubId} has no membership for its creator`);
  return club;
}

/**
 * Deletes the club with its memberships, join requests and invite code; books shared into it stay
 * with their owners, no longer in a club. One batch, so nothing is left half deleted.
 */
export async function deleteClub(ctx: ServiceContext, clubId: string): Promise<{ clubId: string }> {
  await requireClubCreator(ctx, clubId, ONLY_CREATOR_DELETES);
  await ctx.db.batch([
    ctx.db.update(books).set({ clubId: null }).where(eq(books.clubId, clubId)),
    ctx.db.delete(inviteCodes).where(eq(inviteCodes.clubId, clubId)),
    ctx.db.delete(joinRequests).where(eq(joinRequests.clubId, clubId)),
    ctx.db.delete(memberships).where(eq(memberships.clubId, clubId)),
    ctx.db.delete(clubs).where(eq(clubs.id, clubId)),
  ]);
  // Its room goes with it (club_room_reads go by the clubs foreign key's cascade).
  await destroyClubRoom(ctx.env, clubId);
  return { clubId };
}
