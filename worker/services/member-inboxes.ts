import type { InboxEvent, MemberInbox } from "../../durable-objects/member-inbox";

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
 * Closes the member's open tabs' inbox sockets once their sessions are ended (signed out
 * everywhere, suspended, deleted), so every device learns it at once. Best effort: each of those
 * tabs is refused at its next request anyway.
 */
export async function signOutOpenTabs(env: Env, memberId: string, exceptSessionId?: string): Promise<void> {
  try {
    await memberInbox(env, memberId).signOut(exceptSessionId);
  } catch (error) {
    console.warn("Closing a member's open tabs failed", error);
  }
}
