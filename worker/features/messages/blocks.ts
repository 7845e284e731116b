import { badRequest, forbidden, notFound, requireUser } from "@worker/core/errors";
import type { AccountDeletionPart } from "@worker/core/member-data-parts";
import type { ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { blocks, conversationPair, conversations, users } from "@worker/db/schema";
import { followsBetween } from "@worker/features/follows";
import { conversationNotificationKey, dropWaitingMessagesEmail } from "@worker/features/notifications";
import { dropWaitingMessagePushes } from "@worker/features/push";
import { and, eq, or } from "drizzle-orm";

export const BLOCKED = msg("You can't message this member.");

/**
 * Blocks another member: they can no longer start a conversation with, or write to, the blocker,
 * and neither follows the other any more (in the same batch, so no notice slips between).
 */
export async function blockMember(ctx: ServiceContext, userId: string): Promise<{ blocked: true }> {
  requireUser(ctx);
  if (userId === ctx.user.id) throw badRequest("You can't block yourself.");
  const [target] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw notFound("User not found");
  await ctx.db.batch([
    ctx.db.insert(blocks).values({ blockerId: ctx.user.id, blockedId: userId }).onConflictDoNothing(),
    followsBetween(ctx.db, ctx.user.id, userId),
  ]);
  // Their messages already sent may still be gathering into an e-mail or a push to the blocker: neither goes.
  const [userAId, userBId] = conversationPair(ctx.user.id, userId);
  const [conversation] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userAId, userAId), eq(conversations.userBId, userBId)))
    .limit(1);
  if (conversation) {
    const batchKey = conversationNotificationKey(conversation.id);
    await Promise.all([dropWaitingMessagesEmail(ctx.db, ctx.user.id, batchKey), dropWaitingMessagePushes(ctx.db, ctx.user.id, batchKey)]);
  }
  return { blocked: true };
}

export async function unblockMember(ctx: ServiceContext, userId: string): Promise<{ blocked: false }> {
  requireUser(ctx);
  await ctx.db.delete(blocks).where(and(eq(blocks.blockerId, ctx.user.id), eq(blocks.blockedId, userId)));
  return { blocked: false };
}

/** Whether the viewer has blocked `userId` (for the member page's Block / Unblock). */
export async function hasBlocked(ctx: ServiceContext, userId: string): Promise<boolean> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({ one: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, ctx.user.id), eq(blocks.blockedId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Refuses when either member has blocked the other: a blocked member cannot write, nor be written
 * to. `message` words the refusal for what was attempted (messaging by default).
 */
export async function requireNotBlocked(ctx: ServiceContext, otherId: string, message: string = BLOCKED): Promise<void> {
  requireUser(ctx);
  const [row] = await blockBetween(ctx.db, ctx.user.id, otherId);
  if (row) throw forbidden(message);
}

/** A block between two members, either way, as one statement (two primary-key probes): a row when there is one. */
export function blockBetween(db: Database, a: string, b: string) {
  return db
    .select({ one: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)), and(eq(blocks.blockerId, a), eq(blocks.blockedId, b))))
    .limit(1);
}

/** Blocks the member made and blocks on them both go: nobody is left to be blocked. */
export const blocksDeletionPart: AccountDeletionPart = {
  name: "blocks",
  covers: [{ table: blocks, how: "deleted, either side" }],
  async plan({ db, user }) {
    return { statements: [db.delete(blocks).where(or(eq(blocks.blockerId, user.id), eq(blocks.blockedId, user.id)))] };
  },
};
