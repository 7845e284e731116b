import { closeClubRoomFor } from "@worker/core/club-room-stubs";
import { conflict, notFound, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import type { ServiceContext } from "@worker/core/service-context";
import { mediaUrl } from "@worker/core/shared/media-url";
import { msg } from "@worker/core/shared/translate";
import { clubs, type JoinPath, joinRequests, memberships, users } from "@worker/db/schema";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { CLUB_FULL, isFull, loadClubAccess, requireClubCreator, requireClubManager } from "./club-access";
import { refundInviteAttempt, takeInviteAttempt } from "./invite-attempts";
import { findClubIdByInviteCode, INVITE_CODE_INVALID, prepareInviteCode, withFreshCodeOnClash } from "./invite-codes";

// Joining, leaving and running a club's membership. Every rule that depends on the club's state
// (room under the member limit, a pending request, the last admin) is checked inside the statement
// that writes, because D1 has no interactive transactions: a batch runs as one transaction, and the
// memberships triggers keep clubs.member_count exact as it goes.

export const NOT_A_MEMBER = msg("You are not a member of this club");
export const CREATOR_CANNOT_LEAVE = msg("You created this club, so you cannot leave it. Delete the club instead.");
export const LAST_ADMIN_CANNOT_LEAVE = msg("You are the club's last admin. Make another member an admin before you leave.");
export const REQUEST_NOT_FOUND = msg("Join request not found");
export const MEMBER_NOT_FOUND = msg("Member not found");
export const CREATOR_ALWAYS_ADMIN = msg("The club's creator is always an admin.");
export const CREATOR_CANNOT_BE_REMOVED = msg("The club's creator cannot be removed.");
const MANAGE_REQUESTS = msg("Only the club's creator or an admin can manage join requests.");
const CHANGE_ROLES = msg("Only the club's creator can change members' roles.");
const REMOVE_MEMBERS = msg("Only the club's creator can remove members.");

/** Requests listed at once; the oldest come first, so none waits for ever behind newer ones. */
export const JOIN_REQUESTS_LIMIT = 200;

const hasRoom = sql`(${clubs.memberLimit} is null or ${clubs.memberCount} < ${clubs.memberLimit})`;
const pendingRequest = (clubId: string, userId: string) =>
  sql`exists (select 1 from ${joinRequests} where ${joinRequests.clubId} = ${clubId} and ${joinRequests.userId} = ${userId} and ${joinRequests.status} = 'pending')`;

/**
 * Makes the member active if the club has room at this moment: a new row, or a pending one
 * promoted, recording how they came in (`via`, which decides who sees their e-mail). When the club is
 * full the SELECT yields nothing and nothing is written. Returns the row only when this statement
 * made the member active (not when they already were).
 */
function admit(ctx: ServiceContext, clubId: string, userId: string, now: number, via: Exclude<JoinPath, "created">) {
  const condition = via === "approval" ? sql` and ${pendingRequest(clubId, userId)}` : sql``;
  return ctx.db
    .insert(memberships)
    .select(sql`select ${clubs.id}, ${userId}, 'member', 'active', ${via}, ${now} from ${clubs} where ${clubs.id} = ${clubId} and ${hasRoom}${condition}`)
    .onConflictDoUpdate({
      target: [memberships.clubId, memberships.userId],
      set: { status: "active", joinedVia: via },
      setWhere: eq(memberships.status, "pending"),
    })
    .returning({ userId: memberships.userId });
}

/** Marks the member's pending request approved once they are an active member (by code, approval or an open club). */
function settleRequest(ctx: ServiceContext, clubId: string, userId: string, now: number, decidedBy: string | null) {
  return ctx.db
    .update(joinRequests)
    .set({ status: "approved", decidedAt: now, decidedBy })
    .where(
      and(
        eq(joinRequests.clubId, clubId),
        eq(joinRequests.userId, userId),
        eq(joinRequests.status, "pending"),
        sql`exists (select 1 from ${memberships} where ${memberships.clubId} = ${clubId} and ${memberships.userId} = ${userId} and ${memberships.status} = 'active')`,
      ),
    )
    .returning({ userId: joinRequests.userId });
}

function membershipStatus(ctx: ServiceContext, clubId: string, userId: string) {
  return ctx.db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId)));
}

/** Joins the club an invite code belongs to, private or not (the code is the invitation). */
export async function joinClubByCode(ctx: ServiceContext, code: string): Promise<{ clubId: string; status: "active" }> {
  requireUser(ctx);
  const now = Date.now();
  await takeInviteAttempt(ctx, now);
  const clubId = await findClubIdByInviteCode(ctx, code, now);
  if (!clubId) throw notFound(INVITE_CODE_INVALID);
  const [, admitted, , [member]] = await ctx.db.batch([
    refundInviteAttempt(ctx, now),
    admit(ctx, clubId, ctx.user.id, now, "code"),
    settleRequest(ctx, clubId, ctx.user.id, now, null),
    membershipStatus(ctx, clubId, ctx.user.id),
  ]);
  if (member?.status !== "active") throw conflict(CLUB_FULL);
  if (admitted.length > 0) await publish(ctx, { type: "club.member_joined", clubId, memberId: ctx.user.id, at: now });
  return { clubId, status: "active" };
}

/**
 * Asks to join from Browse Clubs. An open club admits at once ("active"); a private one records a
 * pending membership (the member's Pending badge) and a join request (the admins' queue). Asking
 * again answers the current status. A full club refuses either way: a request it could not grant
 * would only wait.
 */
export async function requestToJoinClub(ctx: ServiceContext, clubId: string): Promise<{ status: "pending" | "active" }> {
  const { userId, club, status } = await loadClubAccess(ctx, clubId);
  if (status === "active") return { status: "active" };
  const now = Date.now();
  if (!club.isPrivate) {
    const [admitted, , [row]] = await ctx.db.batch([
      admit(ctx, clubId, userId, now, "open"),
      settleRequest(ctx, clubId, userId, now, null),
      membershipStatus(ctx, clubId, userId),
    ]);
    if (row?.status !== "active") throw conflict(CLUB_FULL);
    if (admitted.length > 0) await publish(ctx, { type: "club.member_joined", clubId, memberId: userId, at: now });
    return { status: "active" };
  }
  // Asking again while pending is not refused for a full club: it changes nothing.
  if (status !== "pending" && isFull(club)) throw conflict(CLUB_FULL);
  // Both writes are idempotent, so asking twice leaves one pending membership and one request.
  const [, requested] = await ctx.db.batch([
    ctx.db.insert(memberships).values({ clubId, userId, role: "member", status: "pending", createdAt: now }).onConflictDoNothing(),
    // A request decided earlier (rejected, or approved and since left) starts again as a new request.
    ctx.db
      .insert(joinRequests)
      .values({ clubId, userId, status: "pending", requestedAt: now })
      .onConflictDoUpdate({
        target: [joinRequests.clubId, joinRequests.userId],
        set: { status: "pending", requestedAt: now, decidedAt: null, decidedBy: null },
        setWhere: ne(joinRequests.status, "pending"),
      })
      .returning({ requestedAt: joinRequests.requestedAt }),
  ]);
  // Only a new request is news to the admins, not the same one asked again.
  if (requested.length > 0) await publish(ctx, { type: "club.join_requested", clubId, memberId: userId, at: now });
  return { status: "pending" };
}

/**
 * Leaves the club, or withdraws a pending request. The creator cannot leave: their club would be
 * left without the one member who may edit or delete it (docs/product.md#create-and-edit), so they delete it instead, and a
 * club therefore always has its creator as an active admin. The last-admin rule is still checked in
 * the DELETE itself, so no sequence of requests can leave active members without an admin.
 */
export async function leaveClub(ctx: ServiceContext, clubId: string): Promise<{ clubId: string }> {
  const { userId, status, isCreator } = await loadClubAccess(ctx, clubId);
  if (!status) throw notFound(NOT_A_MEMBER);
  if (isCreator) throw conflict(CREATOR_CANNOT_LEAVE);
  const others = (condition: ReturnType<typeof sql>) =>
    sql`exists (select 1 from ${memberships} as other where other.club_id = ${clubId} and other.user_id <> ${userId} and other.status = 'active'${condition})`;
  const [left] = await ctx.db.batch([
    ctx.db
      .delete(memberships)
      .where(
        and(
          eq(memberships.clubId, clubId),
          eq(memberships.userId, userId),
          sql`(${memberships.status} <> 'active' or ${memberships.role} <> 'admin' or ${others(sql` and other.role = 'admin'`)} or not ${others(sql``)})`,
        ),
      )
      .returning({ userId: memberships.userId }),
    ctx.db
      .delete(joinRequests)
      .where(
        and(
          eq(joinRequests.clubId, clubId),
          eq(joinRequests.userId, userId),
          eq(joinRequests.status, "pending"),
          sql`not exists (select 1 from ${memberships} where ${memberships.clubId} = ${clubId} and ${memberships.userId} = ${userId})`,
        ),
      ),
  ]);
  if (left.length === 0) throw conflict(LAST_ADMIN_CANNOT_LEAVE);
  // Gone from the club, gone from its room: their open sockets there close now.
  await closeClubRoomFor(ctx.env, clubId, userId);
  return { clubId };
}

export interface JoinRequestItem {
  userId: string;
  name: string;
  profilePicture: string | null;
  requestedAt: number;
}

/** The club's pending requests, oldest first, for its creator and admins (join_requests_club_status_idx). */
export async function listJoinRequests(ctx: ServiceContext, clubId: string): Promise<{ items: JoinRequestItem[] }> {
  await requireClubManager(ctx, clubId, MANAGE_REQUESTS);
  const rows = await ctx.db
    .select({ userId: joinRequests.userId, name: users.name, picture: users.picture, requestedAt: joinRequests.requestedAt })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(and(eq(joinRequests.clubId, clubId), eq(joinRequests.status, "pending")))
    .orderBy(asc(joinRequests.requestedAt), asc(joinRequests.userId))
    .limit(JOIN_REQUESTS_LIMIT);
  return { items: rows.map(({ picture, ...row }) => ({ ...row, profilePicture: mediaUrl(picture) })) };
}

/** Admits the requester if the club has room (409 "This club is full" otherwise). */
export async function approveJoinRequest(ctx: ServiceContext, clubId: string, userId: string): Promise<{ userId: string; status: "active" }> {
  const manager = await requireClubManager(ctx, clubId, MANAGE_REQUESTS);
  const now = Date.now();
  const [, settled, [request]] = await ctx.db.batch([
    admit(ctx, clubId, userId, now, "approval"),
    settleRequest(ctx, clubId, userId, now, manager.userId),
    ctx.db
      .select({ status: joinRequests.status })
      .from(joinRequests)
      .where(and(eq(joinRequests.clubId, clubId), eq(joinRequests.userId, userId))),
  ]);
  if (settled.length > 0) {
    await publish(ctx, { type: "club.join_approved", clubId, memberId: userId, approvedBy: manager.userId, at: now });
    return { userId, status: "active" };
  }
  // Still pending after the batch: there was a request but no room for it.
  if (request?.status === "pending") throw conflict(CLUB_FULL);
  throw notFound(REQUEST_NOT_FOUND);
}

/** Declines the request; the requester's pending membership goes with it. */
export async function rejectJoinRequest(ctx: ServiceContext, clubId: string, userId: string): Promise<{ userId: string; status: "rejected" }> {
  const manager = await requireClubManager(ctx, clubId, MANAGE_REQUESTS);
  const now = Date.now();
  const [, rejected] = await ctx.db.batch([
    ctx.db
      .delete(memberships)
      .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId), eq(memberships.status, "pending"), pendingRequest(clubId, userId))),
    ctx.db
      .update(joinRequests)
      .set({ status: "rejected", decidedAt: now, decidedBy: manager.userId })
      .where(and(eq(joinRequests.clubId, clubId), eq(joinRequests.userId, userId), eq(joinRequests.status, "pending")))
      .returning({ userId: joinRequests.userId }),
  ]);
  if (rejected.length === 0) throw notFound(REQUEST_NOT_FOUND);
  return { userId, status: "rejected" };
}

/** Makes an active member an admin or a member again (creator only; the creator stays admin). */
export async function setMemberRole(
  ctx: ServiceContext,
  clubId: string,
  userId: string,
  role: "admin" | "member",
): Promise<{ userId: string; role: "admin" | "member" }> {
  const { club } = await requireClubCreator(ctx, clubId, CHANGE_ROLES);
  if (userId === club.createdBy) throw conflict(CREATOR_ALWAYS_ADMIN);
  const updated = await ctx.db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId), eq(memberships.status, "active")))
    .returning({ userId: memberships.userId });
  if (updated.length === 0) throw notFound(MEMBER_NOT_FOUND);
  return { userId, role };
}

/**
 * Removes a member, or a pending requester, from the club (creator only), and replaces the invite
 * code in the same batch: the removed member knows the old one and must not walk straight back in.
 * Admins are shown the new code (currentInviteCode); a removal that finds nobody changes no code.
 */
export async function removeMember(ctx: ServiceContext, clubId: string, userId: string): Promise<{ userId: string }> {
  const { club, userId: creatorId } = await requireClubCreator(ctx, clubId, REMOVE_MEMBERS);
  if (userId === club.createdBy) throw conflict(CREATOR_CANNOT_BE_REMOVED);
  const removed = await withFreshCodeOnClash(async () => {
    // First in the batch, so it sees the membership the delete is about to remove (and is skipped when there is none).
    const freshCode = await prepareInviteCode(ctx, clubId, creatorId, Date.now(), {
      onlyIf: sql`exists (select 1 from ${memberships} where ${memberships.clubId} = ${clubId} and ${memberships.userId} = ${userId})`,
    });
    const [, rows] = await ctx.db.batch([
      freshCode.write,
      ctx.db
        .delete(memberships)
        .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId)))
        .returning({ userId: memberships.userId }),
      ctx.db.delete(joinRequests).where(and(eq(joinRequests.clubId, clubId), eq(joinRequests.userId, userId), eq(joinRequests.status, "pending"))),
    ]);
    return rows;
  });
  if (removed.length === 0) throw notFound(MEMBER_NOT_FOUND);
  // Removed from the club, removed from its room: their open sockets there close now.
  await closeClubRoomFor(ctx.env, clubId, userId);
  return { userId };
}
