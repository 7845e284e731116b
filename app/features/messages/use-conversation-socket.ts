import { type RoomSocketHandlers, useRoomSocket } from "~/core/use-room-socket";
import type { RoomMessage } from "../../../durable-objects/conversation-room";

/**
 * The open thread's live connection to its conversation's room, through the room hook every live
 * room shares (app/core/use-room-socket.ts; the club room uses it too).
 */
export function useConversationSocket(conversationId: string, handlers: RoomSocketHandlers<RoomMessage>) {
  return useRoomSocket<RoomMessage>(`/api/dm/conversations/${encodeURIComponent(conversationId)}/socket`, handlers);
}
