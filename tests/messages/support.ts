import { conversationPair, conversations } from "@worker/db/schema";
import { db } from "../helpers/fixtures";

/**
 * A conversation between two members, stored as the pair is (userAId < userBId); `unreadFor`
 * gives each member's unread count by user id so tests need not know which side they are.
 */
export async function createConversation(
  first: string,
  second: string,
  options: { snippet?: string | null; lastMessageAt?: number | null; unreadFor?: Record<string, number> } = {},
) {
  const [userAId, userBId] = conversationPair(first, second);
  const [row] = await db
    .insert(conversations)
    .values({
      id: crypto.randomUUID(),
      userAId,
      userBId,
      lastMessageSnippet: options.snippet ?? null,
      lastMessageAt: options.lastMessageAt ?? null,
      unreadCountForUserA: options.unreadFor?.[userAId] ?? 0,
      unreadCountForUserB: options.unreadFor?.[userBId] ?? 0,
    })
    .returning();
  return row!;
}
