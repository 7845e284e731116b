import { z } from "zod";

/** docs/product.md#messages: trimmed, not empty, at most 4,000 characters. */
export const MESSAGE_MAX_LENGTH = 4000;

/** What a member's socket may send: sending itself goes over HTTP, so every send is authorised and rate-limited. */
export const roomCommandSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("read") }), z.object({ type: z.literal("ping") })]);

/** What the room sends to a member's socket. */
export type RoomEvent =
  | { type: "ready"; unread: number }
  | {
      type: "message";
      message: { messageId: string; conversationId: string; fromUserId: string; content: string; createdAt: number; seq: number };
      unread: number;
    }
  | { type: "read"; unread: number }
  /** A moderator hid this message: open threads drop it. */
  | { type: "hidden"; messageId: string }
  | { type: "pong" }
  | { type: "error"; error: string };
