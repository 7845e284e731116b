import { and, eq, exists, or, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import { conversations, memberships, users } from "../db/schema";

const query = new QueryBuilder();
const viewerMembership = alias(memberships, "viewer_membership");
const memberMembership = alias(memberships, "member_membership");

/**
 * True for the rows of `users` whose e-mail `viewerId` may see: their own; a member who opted in; one
 * who has an active membership in a club where the viewer has one too; one they share a conversation
 * with. Each branch is an index lookup (memberships_user_idx then the memberships primary key;
 * conversations_pair_idx), so the rule can sit in any query over `users` without a query per row.
 */
function emailVisibleTo(viewerId: string): SQL {
  const sharesClub = query
    .select({ one: sql`1` })
    .from(viewerMembership)
    .innerJoin(
      memberMembership,
      and(eq(memberMembership.clubId, viewerMembership.clubId), eq(memberMembership.userId, users.id), eq(memberMembership.status, "active")),
    )
    .where(and(eq(viewerMembership.userId, viewerId), eq(viewerMembership.status, "active")));
  // Pairs are stored ordered; asking for both orders keeps this independent of how they are compared.
  const sharesConversation = query
    .select({ one: sql`1` })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.userAId, viewerId), eq(conversations.userBId, users.id)),
        and(eq(conversations.userAId, users.id), eq(conversations.userBId, viewerId)),
      ),
    );
  return or(eq(users.id, viewerId), eq(users.showEmail, true), exists(sharesClub), exists(sharesConversation))!;
}

/** `users.email` where `viewerId` may see it, else NULL: a hidden address never leaves the database. */
export function emailAsSeenBy(viewerId: string): SQL<string | null> {
  return sql<string | null>`case when ${emailVisibleTo(viewerId)} then ${users.email} end`;
}
