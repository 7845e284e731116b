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
