import { blocks, clubs, conversations, type JoinPath, memberships, users } from "@worker/db/schema";
import { and, eq, exists, inArray, isNotNull, not, or, type SQL, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";

const query = new QueryBuilder();
const viewerMembership = alias(memberships, "viewer_membership");
const memberMembership = alias(memberships, "member_membership");

/**
 * Ways into a private club that count as agreeing to share one's e-mail with its other members: an
 * admin's approval or an invite code (each an invitation), and creating it (the creator decides who
 * is approved and who gets the code). Joining while the club was open does not count.
 */
const INVITED: JoinPath[] = ["created", "approval", "code"];

/**
 * True for the rows of `users` whose e-mail `viewerId` may see (README "Security"):
 * - their own;
 * - a member who opted in ("Show my e-mail to other members");
 * - a member they exchanged messages with: each of the two wrote at least one message in their
 *   conversation. Opening a conversation, or writing into one nobody answers, is not consent, and
 *   the loan lines posted in a member's name do not count (see conversations.userAWroteAt);
 * - a co-member of a club that is private now, where both are active and both came in invited
 *   (INVITED);
 * and never to a member they blocked, whatever the rest says.
 * Each branch is an index lookup (conversations_pair_idx; memberships_user_idx, then clubs_id_idx and
 * the memberships primary key), so the rule can sit in any query over `users` without a query per row.
 */
function emailVisibleTo(viewerId: string): SQL {
  const invitedCoMember = query
    .select({ one: sql`1` })
    .from(viewerMembership)
    .innerJoin(clubs, and(eq(clubs.id, viewerMembership.clubId), eq(clubs.isPrivate, true)))
    .innerJoin(
      memberMembership,
      and(
        eq(memberMembership.clubId, viewerMembership.clubId),
        eq(memberMembership.userId, users.id),
        eq(memberMembership.status, "active"),
        inArray(memberMembership.joinedVia, INVITED),
      ),
    )
    .where(and(eq(viewerMembership.userId, viewerId), eq(viewerMembership.status, "active"), inArray(viewerMembership.joinedVia, INVITED)));
  // Pairs are stored ordered; asking for both orders keeps this independent of how they are compared.
  const exchangedMessages = query
    .select({ one: sql`1` })
    .from(conversations)
    .where(
      and(
        or(
          and(eq(conversations.userAId, viewerId), eq(conversations.userBId, users.id)),
          and(eq(conversations.userAId, users.id), eq(conversations.userBId, viewerId)),
        ),
        isNotNull(conversations.userAWroteAt),
        isNotNull(conversations.userBWroteAt),
      ),
    );
  // The blocks primary key (blocker, blocked) answers this with one lookup.
  const blockedViewer = query
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, users.id), eq(blocks.blockedId, viewerId)));
  return or(eq(users.id, viewerId), and(not(exists(blockedViewer)), or(eq(users.showEmail, true), exists(exchangedMessages), exists(invitedCoMember))))!;
}

/** `users.email` where `viewerId` may see it, else NULL: a hidden address never leaves the database. */
export function emailAsSeenBy(viewerId: string): SQL<string | null> {
  return sql<string | null>`case when ${emailVisibleTo(viewerId)} then ${users.email} end`;
}
