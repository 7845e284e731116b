import type { InboxEvent, MemberInbox } from "../../durable-objects/member-inbox";
import { closeConversationSockets } from "./conversation-rooms";
import type { Deps } from "./types";

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
 * Closes the member's open tabs' sockets once their sessions are ended (signed out everywhere,
 * suspended, deleted), so every device learns it at once: the inbox sockets are told and closed,
 * sparing the tab that asked (it is already on its way to /login), and every conversation socket is
 * closed, since none of the member's sessions is left to open it. Best effort: each of those tabs is
 * refused at its next request anyway.
 */
export async function signOutOpenTabs(deps: Deps, memberId: string, exceptSessionId?: string): Promise<void> {
  const inbox = memberInbox(deps.env, memberId)
    .signOut(exceptSessionId)
    .catch((error: unknown) => console.warn("Closing a member's open tabs failed", error));
  const rooms = closeConversationSockets(deps, memberId).catch((error: unknown) => console.warn("Closing a member's conversation sockets failed", error));
  await Promise.all([inbox, rooms]);
}
