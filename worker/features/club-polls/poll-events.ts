import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { snippetOf, tellClubMembers } from "@worker/features/notifications";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** A poll opened in a club (its creator is the actor). */
    "club.poll_opened": { clubId: string; clubName: string; pollId: string; question: string; actorId: string; at: number };
  }
}

/** Members but the poll's creator hear of it (club_poll_opened, under "Club announcements"), deduped per poll. */
export function tellMembersOfNewPoll(deps: Deps, event: EventOf<"club.poll_opened">): Promise<void> {
  return tellClubMembers(deps, {
    kind: "club",
    type: "club_poll_opened",
    clubId: event.clubId,
    clubName: event.clubName,
    actorId: event.actorId,
    dedupeKey: `club-poll:${event.pollId}:opened`,
    link: `/clubs/${event.clubId}/polls/${event.pollId}`,
    title: { message: msg("New poll in {club}"), values: { club: snippetOf(event.clubName, 60) } },
    body: snippetOf(event.question),
    at: event.at,
  });
}
