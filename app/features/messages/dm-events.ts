import type { ConversationSummary } from "@worker/features/messages/conversation-list";

/** Raised on window when the member's conversations may have changed (the list and the unread badge); detail: a DmUpdate, or none. */
export const DM_UPDATED_EVENT = "dm:updated";
/** Raised on window with the latest 50 conversations (detail: ConversationSummary[]) whenever the badge re-reads them. */
export const DM_LIST_EVENT = "dm:list";

export interface DmUpdate {
  conversationId: string;
  /** Told by the member's inbox socket: a message was written in this conversation. */
  fromInbox?: boolean;
  /** The open thread has read this conversation up to the message written at this time. */
  readThrough?: number;
}

// Shared by the badge and the open thread: the conversation on screen, and how far each was read here.
let openConversation: string | null = null;
const readThrough = new Map<string, number>();

/** The thread on screen says which conversation it shows (null when it closes). */
export function setOpenConversation(conversationId: string | null) {
  openConversation = conversationId;
}

export function isOpenConversation(conversationId: string): boolean {
  return conversationId === openConversation;
}

export function announceDmUpdate(update?: DmUpdate) {
  window.dispatchEvent(new CustomEvent(DM_UPDATED_EVENT, { detail: update ?? null }));
}

export function noteReadThrough(conversationId: string, time: number) {
  readThrough.set(conversationId, Math.max(time, readThrough.get(conversationId) ?? 0));
}

/**
 * A conversation read here counts as read even if the D1 mirror has not caught up yet (a read over
 * the room's socket is answered before the room mirrors it): exact, because it compares message times.
 */
export function unreadOf(conversation: ConversationSummary): number {
  const seen = readThrough.get(conversation.conversationId);
  return seen !== undefined && conversation.lastMessageAt !== null && conversation.lastMessageAt <= seen ? 0 : conversation.unreadCount;
}
