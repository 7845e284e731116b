import type { InboxEvent, MemberInbox } from "../../durable-objects/member-inbox";
import { closeClubRoomSockets } from "./club-room-stubs";
import { closeConversationSockets } from "./conversation-room-stubs";
import type { Deps } from "./service-context";

/** The member's inbox Durable Object, addressed by the member id (one per member, anywhere). */
export function memberInbox(env: Env, memberId: string): DurableObjectStub<MemberInbox> {
  return env.MEMBER_INBOX.get(env.MEMBER_INBOX.idFromName(memberId));
}

/**
 * Tells the members' open tabs that a conversation changed. Best effort: the change itself is
 * already stored, and a tab that misses this still sees it at its next refresh (60 s at most).
 */
export async function tellMembers(env: Env, memberIds: readonly string[], event: InboxEvent): Promise<void> {
  const results = await Promise.allSettled(memberIds.map((id) => memberInbox(env, id).notify(event)));
  for (const result of results) {
    if (result.status === "rejected") console.warn("Telling a member's inbox about a conversation failed", result.reason);
  }
}

/**
 * Closes the open tabs' sockets of the member's ended sessions, so every tab and device learns it at
 * once: all of them when every session ended (signed out everywhere, suspended, deleted), or only
 * those opened in `sessionId` (one sign-out, or a sign-in that `replaced` it in that browser). The
 * inbox sockets are told and closed, the asking tab's too (a copy of its session must hear nothing
 * more; that tab ignores the notice), and so are the conversation and club room sockets. Best effort: each of
 * those tabs is refused at its next request anyway.
 */
export async function signOutOpenTabs(deps: Deps, memberId: string, { sessionId, replaced }: { sessionId?: string; replaced?: boolean } = {}): Promise<void> {
  const inbox = memberInbox(deps.env, memberId)
    .signOut({ sessionId, replaced })
    .catch((error: unknown) => console.warn("Closing a member's open tabs failed", error));
  const rooms = closeConversationSockets(deps, memberId, sessionId).catch((error: unknown) =>
    console.warn("Closing a member's conversation sockets failed", error),
  );
  // The club rooms' sockets too: a copy of an ended session must hear nothing more there either.
  const clubRooms = closeClubRoomSockets(deps, memberId, sessionId).catch((error: unknown) =>
    console.warn("Closing a member's club room sockets failed", error),
  );
  await Promise.all([inbox, rooms, clubRooms]);
}
