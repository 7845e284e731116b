import { z } from "zod";

// One protocol for every live room (live-room.ts): a conversation (ConversationRoom) and a club's
// room (ClubRoom) send the same events and take the same commands; only the message's own fields
// differ (a conversation names its conversationId, a club message its clubId and milestone).

/** docs/product.md#messages: trimmed, not empty, at most 4,000 characters. */
export const MESSAGE_MAX_LENGTH = 4000;

/**
 * What a member's socket may send. A `send` carries its own id (the idempotency key, as over HTTP);
 * its body is checked by the same schema as the HTTP POST, in the room's send handler.
 */
export const roomCommandSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("read") }),
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("send"), messageId: z.uuid(), body: z.unknown() }),
]);

export type RoomCommand = z.output<typeof roomCommandSchema>;

/** What every room's message has: its id, sender, text, time and its order in the room. */
export interface RoomMessageBase {
  messageId: string;
  fromUserId: string;
  content: string;
  createdAt: number;
  seq: number;
}

/** What a message has as a socket may get it: a club message folded for its reader comes without its text (content null). */
export type LiveMessageBase = Omit<RoomMessageBase, "content"> & { content: string | null };

/** A direct message (ConversationRoom's RoomMessage). */
export type ConversationMessageShape = RoomMessageBase & { conversationId: string };

/** What a room sends to a member's socket. `unread` is the member's count where the room keeps it. */
export type RoomEvent<M extends LiveMessageBase = ConversationMessageShape> =
  | { type: "ready"; unread: number }
  | { type: "message"; message: M; unread?: number }
  | { type: "read"; unread: number }
  /** A moderator hid this message: open threads drop it. */
  | { type: "hidden"; messageId: string }
  | { type: "pong" }
  /** The sender's own `send` was stored (or had been, for a retried id): the stored message. */
  | { type: "ack"; messageId: string; message: M }
  /** A frame was refused; `messageId` names the refused send when the frame had one. */
  | { type: "error"; error: string; messageId?: string };
