import { forbidden, notFound } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { CLUB_NOT_FOUND, type ClubAccess, loadClubAccess, takeClubWrite } from "@worker/features/clubs";
import { MANAGERS_ONLY, MEMBERS_ONLY } from "./reading-rules";

/**
 * Who may do what with a club's reading: a private club is its active members'
 * only, so everyone else gets the same 404 as for no club; an open club's reading is readable by any
 * member, and its writes are refused with 403. Visitors never get here (401 first).
 */
export async function readableClub(ctx: ServiceContext, clubId: string): Promise<ClubAccess> {
  const access = await loadClubAccess(ctx, clubId);
  if (access.club.isPrivate && access.status !== "active" && !access.isCreator) throw notFound(CLUB_NOT_FOUND);
  return access;
}

/** The creator or an active admin, with one club write spent (CLUB_LIMITER). */
export async function managingClub(ctx: ServiceContext, clubId: string): Promise<ClubAccess> {
  const access = await readableClub(ctx, clubId);
  if (!access.canManage) throw forbidden(MANAGERS_ONLY);
  await takeClubWrite(ctx);
  return access;
}

/** An active member (the creator included), with one club write spent. */
export async function activeMemberOf(ctx: ServiceContext, clubId: string): Promise<ClubAccess> {
  const access = await readableClub(ctx, clubId);
  if (access.status !== "active") throw forbidden(MEMBERS_ONLY);
  await takeClubWrite(ctx);
  return access;
}
