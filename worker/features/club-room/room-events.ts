import type { EventOf } from "@worker/core/events/registry";
import type { Deps } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { memberships } from "@worker/db/schema";
import { type NotificationInput, notify, snippetOf, tellClubMembers } from "@worker/features/notifications";
import { and, eq, ne } from "drizzle-orm";
import { clubRoomNotificationKey } from "./room";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** An admin posted an announcement in the club's room (stored and pinned; `content` is what they wrote). */
    "club.announced": { clubId: string; clubName: string; actorId: string; messageId: string; content: string; at: number };
    /**
     * A member wrote in the club's room (stored and delivered live). `thread` is the label of the
     * milestone's thread it was written in, if any: then its text is a spoiler and the bell names only the thread.
     */
    "club.room_message": {
      clubId: string;
      clubName: string;
      actorId: string;
      actorName: string;
      messageId: string;
      content: string;
      thread: string | null;
      at: number;
    };
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

/**
 * One bell item per club and member that counts up until read (club_room_messages, under the "club
 * announcements" preference; blocked senders are dropped by notify), for every other active member.
 */
export async function ringMembersOfRoomMessage(deps: Deps, event: EventOf<"club.room_message">): Promise<void> {
  const { clubId, clubName, actorName: senderName, thread } = event;
  const others = await otherMembers(deps, clubId, event.actorId);
  await notify(
    deps,
    others.map(
      (memberId): NotificationInput => ({
        userId: memberId,
        type: "club_room_messages",
        // Written in each recipient's language by notify(); the names and the message are content.
        title: ({ t }) => t("New messages in {club}", { club: clubName }),
        body: ({ t }) =>
          thread === null
            ? t("{name}: {message}", { name: senderName, message: snippetOf(event.content) })
            : t("{name} wrote in the thread for {label}", { name: senderName, label: thread }),
        link: `/clubs/${clubId}/room`,
        actorId: event.actorId,
        dedupeKey: clubRoomNotificationKey(clubId),
        accumulate: true,
      }),
    ),
  );
}

/** The other active members, for the bell (one indexed read of the club's memberships). */
async function otherMembers(deps: Deps, clubId: string, exceptId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.clubId, clubId), eq(memberships.status, "active"), ne(memberships.userId, exceptId)));
  return rows.map((row) => row.userId);
}
