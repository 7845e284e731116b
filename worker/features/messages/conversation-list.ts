import { requireUser } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { idSchema } from "@worker/core/shared/id";
import { mediaUrl } from "@worker/core/shared/media-url";
import { CONVERSATION_LIST_LIMIT } from "@worker/core/shared/rules";
import { conversations, users } from "@worker/db/schema";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";

/** A conversation record plus what the list shows: the other member and the viewer's unread count. */
export interface ConversationSummary {
  conversationId: string;
  userAId: string;
  userBId: string;
  unreadCountForUserA: number;
  unreadCountForUserB: number;
  lastMessageSnippet: string | null;
  lastMessageAt: number | null;
  otherUser: { userId: string; name: string; profilePicture: string | null };
  unreadCount: number;
}

export const conversationListQuerySchema = z.object({
  // The default is 20; the Messages page and the unread badge ask for 50, which is also the cap.
  limit: z.coerce.number().int().min(1).max(CONVERSATION_LIST_LIMIT).default(20),
});
export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;

export const conversationIdParams = z.object({ id: idSchema });

const baseColumns = {
  conversationId: conversations.id,
  userAId: conversations.userAId,
  userBId: conversations.userBId,
  unreadCountForUserA: conversations.unreadCountForUserA,
  unreadCountForUserB: conversations.unreadCountForUserB,
  lastMessageSnippet: conversations.lastMessageSnippet,
  lastMessageAt: conversations.lastMessageAt,
  createdAt: conversations.createdAt,
  otherUserId: users.id,
  otherName: users.name,
  otherPicture: users.picture,
};

interface Row {
  conversationId: string;
  userAId: string;
  userBId: string;
  unreadCountForUserA: number;
  unreadCountForUserB: number;
  lastMessageSnippet: string | null;
  lastMessageAt: number | null;
  createdAt: number;
  otherUserId: string;
  otherName: string;
  otherPicture: string | null;
}

function toSummary(row: Row, viewerId: string): ConversationSummary {
  return {
    conversationId: row.conversationId,
    userAId: row.userAId,
    userBId: row.userBId,
    unreadCountForUserA: row.unreadCountForUserA,
    unreadCountForUserB: row.unreadCountForUserB,
    lastMessageSnippet: row.lastMessageSnippet,
    lastMessageAt: row.lastMessageAt,
    otherUser: { userId: row.otherUserId, name: row.otherName, profilePicture: mediaUrl(row.otherPicture) },
    unreadCount: row.userAId === viewerId ? row.unreadCountForUserA : row.unreadCountForUserB,
  };
}

/** Newest activity first; conversations without messages yet go last, newest created first. */
function byRecency(a: Row, b: Row): number {
  return (b.lastMessageAt ?? -1) - (a.lastMessageAt ?? -1) || b.createdAt - a.createdAt;
}

/**
 * The member's latest conversations. The pair is stored ordered, so the member is userA in some
 * rows and userB in others: each side is one walk of its own (user, lastMessageAt) index, and the
 * two short lists are merged here instead of an OR that no single index serves.
 */
export async function listConversations(ctx: ServiceContext, query: ConversationListQuery): Promise<{ items: ConversationSummary[]; nextToken: null }> {
  requireUser(ctx);
  const me = ctx.user.id;
  const [asA, asB] = await Promise.all([
    ctx.db
      .select(baseColumns)
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userBId))
      .where(eq(conversations.userAId, me))
      .orderBy(desc(conversations.lastMessageAt))
      .limit(query.limit),
    ctx.db
      .select(baseColumns)
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userAId))
      .where(eq(conversations.userBId, me))
      .orderBy(desc(conversations.lastMessageAt))
      .limit(query.limit),
  ]);
  const items = [...asA, ...asB]
    .sort(byRecency)
    .slice(0, query.limit)
    .map((row) => toSummary(row, me));
  return { items, nextToken: null };
}

/** The conversation if the member takes part in it; null otherwise, so strangers cannot tell it exists. */
export async function findConversationForMember(ctx: ServiceContext, conversationId: string): Promise<ConversationSummary | null> {
  requireUser(ctx);
  const me = ctx.user.id;
  const otherId = sql`case when ${conversations.userAId} = ${me} then ${conversations.userBId} else ${conversations.userAId} end`;
  const [row] = await ctx.db
    .select(baseColumns)
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId))
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.userAId, me), eq(conversations.userBId, me))))
    .limit(1);
  return row ? toSummary(row, me) : null;
}

/**
 * The unread badge's statement: unread messages summed over the member's latest 50 conversations
 * (docs/product.md#messages), in SQL: the same two index walks and order as listConversations, but
 * one number comes back instead of 100 rows. A statement, so every page's shell can batch it with
 * the bell's count (one D1 round trip for both).
 */
export function unreadMessagesStatement(ctx: ServiceContext & { user: { id: string } }) {
  const me = ctx.user.id;
  const latest = (memberColumn: SQLiteColumn, unreadColumn: SQLiteColumn) => sql`
    select unread, last_at, created_at from (
      select ${unreadColumn} as unread, ${conversations.lastMessageAt} as last_at, ${conversations.createdAt} as created_at
      from ${conversations} where ${memberColumn} = ${me}
      order by ${conversations.lastMessageAt} desc limit ${CONVERSATION_LIST_LIMIT})`;
  // A select (not db.all) so that drizzle's D1 batch takes it.
  // A compound select orders only by its columns as they are: the newest 50 are taken one level up.
  return ctx.db.select({ unread: sql<number>`coalesce(sum(unread), 0)` }).from(sql`(
      select unread from (
        ${latest(conversations.userAId, conversations.unreadCountForUserA)}
        union all
        ${latest(conversations.userBId, conversations.unreadCountForUserB)})
      order by coalesce(last_at, -1) desc, created_at desc limit ${CONVERSATION_LIST_LIMIT}) as latest`);
}

/** The unread badge: unread messages summed over the member's latest 50 conversations. */
export async function countUnreadMessages(ctx: ServiceContext): Promise<number> {
  requireUser(ctx);
  const [row] = await unreadMessagesStatement(ctx);
  return Number(row?.unread ?? 0);
}
