import { forbidden, notFound } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { CLUB_NOT_FOUND, type ClubAccess, loadClubAccess } from "@worker/features/clubs";

export const ROOM_MEMBERS_ONLY = msg("Only the club's members can take part in its room.");

/**
 * The club's room is for its active members. Anyone else is refused as the limits say: a
 * private club is not found (its id reveals nothing), an open one answers 403.
 */
export async function requireRoomMember(ctx: ServiceContext, clubId: string): Promise<ClubAccess> {
  const access = await loadClubAccess(ctx, clubId);
  if (access.status === "active") return access;
  if (access.club.isPrivate) throw notFound(CLUB_NOT_FOUND);
  throw forbidden(ROOM_MEMBERS_ONLY);
}
