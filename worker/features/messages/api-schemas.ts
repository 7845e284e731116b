import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "../../../durable-objects/room-protocol";

// What the direct-message routes answer in `data` (the API reference's schemas): each mirrors the
// service's return type (conversation-list.ts, messages.ts, blocks.ts, and the ConversationRoom's
// RoomMessage). Loose objects, so a field added later breaks neither old clients nor the check.

/** Epoch milliseconds. */
const epochMs = z.number().int();
const unreadCount = z.number().int().min(0);

export const conversationIdView = z.looseObject({ conversationId: z.string() });

/** A conversation in my list: the record, the other member and my unread count (ConversationSummary). */
export const conversationSummaryView = z.looseObject({
  conversationId: z.string(),
  userAId: z.string(),
  userBId: z.string(),
  unreadCountForUserA: unreadCount,
  unreadCountForUserB: unreadCount,
  lastMessageSnippet: z.string().nullable(),
  lastMessageAt: epochMs.nullable(),
  otherUser: z.looseObject({ userId: z.string(), name: z.string(), profilePicture: z.string().nullable() }),
  /** The viewer's own unread count in it. */
  unreadCount,
});

/** GET /dm/conversations: the latest conversations, in one page. */
export const conversationListView = z.looseObject({ items: z.array(conversationSummaryView), nextToken: z.null() });

/** A message as the conversation's room stores it (RoomMessage); `seq` is its order in the conversation. */
export const messageView = z.looseObject({
  /** The sender's `messageId`, or one the room made; a loan step's line is named by its loan event. */
  messageId: z.string(),
  conversationId: z.string(),
  fromUserId: z.string(),
  content: z.string().min(1).max(MESSAGE_MAX_LENGTH),
  createdAt: epochMs,
  seq: z.number().int().min(1),
});

/** GET /dm/conversations/{id}/messages: newest first (MessagePage). */
export const messagePageView = z.looseObject({
  items: z.array(messageView),
  /** The `nextToken` for the next (older) page, or null at the start of the conversation. */
  nextToken: z.number().int().min(1).nullable(),
});

/** PATCH /dm/conversations/{id}/read: the member's unread count in it, now 0. */
export const readMarkView = z.looseObject({ unread: z.literal(0) });

export const blockedView = z.looseObject({ blocked: z.literal(true) });
export const unblockedView = z.looseObject({ blocked: z.literal(false) });
