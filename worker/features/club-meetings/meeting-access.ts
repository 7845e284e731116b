import { forbidden, notFound } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { CLUB_NOT_FOUND, loadClubAccess } from "@worker/features/clubs";

export const MEMBERS_ONLY = msg("Only the club's members can do that.");
export const ONLY_MANAGERS = msg("Only the club's creator or an admin can schedule meetings.");

/**
 * What a meeting call needs: "see" (an open club's meetings are public to members of the app, with
 * counts but no names), "member" (RSVP, .ics: active members only) or "manage" (the creator or an
 * active admin). A private club stays hidden (404) from everyone outside it; an open club answers 403
 * to outsiders' member-only calls, as docs/product.md#clubs does for its other writes.
 */
export async function meetingAccess(ctx: ServiceContext, clubId: string, need: "see" | "member" | "manage") {
  const access = await loadClubAccess(ctx, clubId);
  const isMember = access.status === "active" || access.isCreator;
  if (!isMember) {
    if (access.club.isPrivate) throw notFound(CLUB_NOT_FOUND);
    if (need !== "see") throw forbidden(MEMBERS_ONLY);
  }
  if (need === "manage" && !access.canManage) throw forbidden(ONLY_MANAGERS);
  return { ...access, isMember, timeZone: access.club.timezone };
}
export type MeetingAccess = Awaited<ReturnType<typeof meetingAccess>>;
