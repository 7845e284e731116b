import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { snippetOf, tellClubMembers } from "@worker/features/notifications";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** An admin posted an announcement in the club's room (stored and pinned; `content` is what they wrote). */
    "club.announced": { clubId: string; clubName: string; actorId: string; messageId: string; content: string; at: number };
  }
}

/** The announcement's bell, e-mail and push to every member but its author, under "Club announcements". */
export function tellMembersOfAnnouncement(deps: Deps, event: EventOf<"club.announced">): Promise<void> {
  return tellClubMembers(deps, {
    kind: "club",
    type: "club_announcement",
    clubId: event.clubId,
    clubName: event.clubName,
    actorId: event.actorId,
    dedupeKey: `club-announcement:${event.messageId}`,
    link: `/clubs/${event.clubId}/room`,
    // Written in each recipient's language where it is stored; the announcement is content.
    title: { message: msg("Announcement in {club}"), values: { club: event.clubName } },
    body: snippetOf(event.content),
    at: event.at,
  });
}
