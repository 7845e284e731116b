/** What the D1 `conversations` row mirrors of a room, at one version of the room's state. */
export interface RoomSummary {
  conversationId: string;
  /** Grows with every message and read mark; the row only ever moves forward to a newer one. */
  version: number;
  lastMessageSnippet: string | null;
  lastMessageAt: number | null;
  unreadA: number;
  unreadB: number;
}

/**
 * Writes the room's summary into its D1 row unless the row already holds this version or a newer
 * one, so a retried or reordered mirror never moves the list or the badge back.
 */
export async function mirrorConversationSummary(db: D1Database, summary: RoomSummary): Promise<void> {
  await db
    .prepare(
      `UPDATE conversations
         SET last_message_snippet = ?, last_message_at = ?, unread_a = ?, unread_b = ?, mirror_version = ?
       WHERE id = ? AND mirror_version < ?`,
    )
    .bind(summary.lastMessageSnippet, summary.lastMessageAt, summary.unreadA, summary.unreadB, summary.version, summary.conversationId, summary.version)
    .run();
}
