import type { ConversationRoom } from "../../durable-objects/conversation-room";

/** The conversation's Durable Object, addressed by the conversation id (one room per conversation, anywhere). */
export function conversationRoom(env: Env, conversationId: string): DurableObjectStub<ConversationRoom> {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(conversationId));
}
