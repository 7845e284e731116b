import { eq } from "drizzle-orm";
import type { ConversationRoom } from "../../durable-objects/conversation-room";
import { conversations } from "../db/schema";
import type { Deps } from "./service-context";
import { mapLimited } from "./shared/map-limited";

/** The conversation's Durable Object, addressed by the conversation id (one room per conversation, anywhere). */
export function conversationRoom(env: Env, conversationId: string): DurableObjectStub<ConversationRoom> {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(conversationId));
}

/** Rooms told at once when a member's sessions end: a member with hundreds of conversations still finishes quickly. */
const ROOMS_AT_ONCE = 6;

/**
 * Closes the member's open conversation sockets (4401) when their sessions end: every one of them,
 * or only those opened in `sessionId`. Each of the member's conversations (one indexed look-up per
 * side of the pair) is told, a few rooms at a time. Best effort per room: a room that cannot be
 * reached is logged, and the others are still told.
 */
export async function closeConversationSockets(deps: Deps, memberId: string, sessionId?: string): Promise<void> {
  const rows = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.userAId, memberId))
    .unionAll(deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.userBId, memberId)));
  await mapLimited(rows, ROOMS_AT_ONCE, async ({ id }) => {
    try {
      await conversationRoom(deps.env, id).signOut(memberId, sessionId);
    } catch (error) {
      console.warn("Closing a member's conversation sockets failed", error);
    }
  });
}
