import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import { tellMembers } from "@worker/core/member-inbox-stubs";
import { limit } from "@worker/core/rate-limit";
import type { Deps, MemberContext, ServiceContext } from "@worker/core/service-context";
import { idField, idSchema } from "@worker/core/shared/id";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { blocks, conversationPair, conversations, users } from "@worker/db/schema";
import { conversationNotificationKey, markNotificationReadByKey } from "@worker/features/notifications";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { PostRefusal, RoomMessage } from "../../../durable-objects/conversation-room";
import { MESSAGE_MAX_LENGTH } from "../../../durable-objects/room-protocol";
import { BLOCKED, blockBetween } from "./blocks";

export const CONVERSATION_NOT_FOUND = msg("Conversation not found");
export const MEMBER_DELETED = msg("This member deleted their account, so they can't receive messages.");
export const SEND_RATE_LIMITED = msg("You're sending messages too quickly. Please wait a moment.");
/** A retried send whose message a moderator hid meanwhile: said plainly, without the message. */
export const MESSAGE_HIDDEN = msg("This message was removed by a moderator.");
export const MESSAGE_ID_TAKEN = msg("That messageId belongs to another message.");
export const START_RATE_LIMITED = msg("You're starting conversations too quickly. Please wait a minute and try again.");
/** 30 messages a page (older pages by nextToken). */
export const MESSAGES_PAGE_SIZE = 30;

export const startConversationSchema = z.object({ toUserId: idField("toUserId is required") });
export const sendMessageSchema = z.object({
  toUserId: idSchema.optional(),
  content: cleanText({
    max: MESSAGE_MAX_LENGTH,
    tooLong: msg("A message can have at most {max, number} characters."),
    required: msg("Please write a message."),
    multiline: true,
  }),
  /** Lets a client retry a send without posting twice. */
  messageId: z.uuid().optional(),
});
export const messagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
  nextToken: z.coerce.number().int().min(1).optional(),
});

/**
 * The conversation between the member and `toUserId`, created on first use. The pair is stored
 * ordered under a unique index, so two members starting it at the same moment still share one.
 * Only creating one counts against CONVERSATION_LIMITER (10 a minute per member): going back to an
 * existing conversation (a second "Message" on the same profile, the borrow flow) is never refused,
 * while a script opening conversations with every member is.
 */
export async function startConversation(ctx: ServiceContext, toUserId: string): Promise<{ conversationId: string }> {
  requireUser(ctx);
  if (toUserId === ctx.user.id) throw badRequest("You can't start a conversation with yourself.");
  const chat = chatOf(ctx.user.id, toUserId, await ctx.db.batch(chatReads(ctx.db, ctx.user.id, toUserId)));
  return { conversationId: await openChat(ctx, chat) };
}

/** What writing to a member depends on, as one chat's facts (chatReads, chatOf). */
export interface Chat {
  otherId: string;
  members: [string, string];
  /** Null until the pair's conversation is created. */
  conversationId: string | null;
  /** Whether the member asking has written in it before (recordWriter). */
  wrote: boolean;
  otherDeleted: boolean;
  blocked: boolean;
}

/**
 * The reads a chat with `otherId` depends on, for the caller's batch (one round trip with its own):
 * the other member unless deleted, a block either way, and the pair's conversation.
 */
export function chatReads(db: Database, me: string, otherId: string) {
  const [userAId, userBId] = conversationPair(me, otherId);
  const wrote = sql<number>`case when ${conversations.userAId} = ${me} then ${conversations.userAWroteAt} is not null else ${conversations.userBWroteAt} is not null end`;
  return [
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, otherId), isNull(users.deletedAt)))
      .limit(1),
    blockBetween(db, me, otherId),
    db
      .select({ id: conversations.id, wrote })
      .from(conversations)
      .where(and(eq(conversations.userAId, userAId), eq(conversations.userBId, userBId)))
      .limit(1),
  ] as const;
}

/** The chat's facts from chatReads' rows. */
export function chatOf(
  me: string,
  otherId: string,
  [others, blocked, found]: readonly [{ id: string }[], { one: string }[], { id: string; wrote: number }[]],
): Chat {
  return {
    otherId,
    members: conversationPair(me, otherId),
    conversationId: found[0]?.id ?? null,
    wrote: Boolean(found[0]?.wrote),
    otherDeleted: others.length === 0,
    blocked: blocked.length > 0,
  };
}

/** Refuses a chat startConversation would refuse: a deleted member (404), a block either way (403). */
export function refuseChat(chat: Chat): void {
  if (chat.otherDeleted) throw notFound("No user found with that ID");
  if (chat.blocked) throw forbidden(BLOCKED);
}

/** The chat's conversation, created (and its room opened) on first use, as startConversation does. */
export async function openChat(ctx: MemberContext, chat: Chat): Promise<string> {
  refuseChat(chat);
  if (chat.conversationId) return chat.conversationId;
  const [userAId, userBId] = chat.members;
  // Only creating one counts against the limit.
  const conversationId = await conversationBetween(ctx, userAId, userBId, () =>
    limit(ctx.env.CONVERSATION_LIMITER, `conversation:${ctx.user.id}`, START_RATE_LIMITED),
  );
  await conversationRoom(ctx.env, conversationId).open(conversationId, chat.members);
  return conversationId;
}

/**
 * The one way a conversation is found or created (startConversation, postLoanLine): the pair's row
 * if it exists (one indexed read), else `beforeCreating` (a rate limit, which may refuse) and an
 * insert whose no-op update on the pair's unique index answers the id even when the other member
 * created it at the same moment. A caller that read the pair in its own batch (chatReads) and found
 * none takes the insert alone (createConversation) into its write batch.
 */
async function conversationBetween(deps: Deps, userAId: string, userBId: string, beforeCreating?: () => Promise<void>): Promise<string> {
  const [existing] = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userAId, userAId), eq(conversations.userBId, userBId)))
    .limit(1);
  if (existing) return existing.id;
  await beforeCreating?.();
  const [row] = await createConversation(deps.db, [userAId, userBId]);
  return row!.id;
}

/** conversationBetween's insert: the pair's conversation, created or (on the unique index) answered as it is. */
export function createConversation(db: Database, [userAId, userBId]: [string, string]) {
  return db
    .insert(conversations)
    .values({ id: crypto.randomUUID(), userAId, userBId })
    .onConflictDoUpdate({ target: [conversations.userAId, conversations.userBId], set: { userAId } })
    .returning({ id: conversations.id });
}

/**
 * Refuses a first write to a chat that a caller stores in its own batch (the borrow press) before it
 * writes anything, as startConversation and sendMessage would: a deleted member, a block, and the
 * start (when the conversation is new) and send limits.
 */
export async function refuseChatWrite(ctx: MemberContext, chat: Chat): Promise<void> {
  refuseChat(chat);
  if (!chat.conversationId) await limit(ctx.env.CONVERSATION_LIMITER, `conversation:${ctx.user.id}`, START_RATE_LIMITED);
  await limit(ctx.env.MESSAGE_LIMITER, `dm:${ctx.user.id}`, SEND_RATE_LIMITED);
}

/** The conversation's two members, if the viewer is one of them; otherwise 404, so ids reveal nothing. */
export async function requireParticipant(
  ctx: ServiceContext,
  conversationId: string,
): Promise<{ otherId: string; members: [string, string]; blocked: boolean; otherDeleted: boolean; wrote: boolean }> {
  requireUser(ctx);
  const me = ctx.user.id;
  // Whether either member blocked the other comes in the same read (two primary-key probes of blocks).
  // A deleted member's tombstone keeps the thread readable; nothing more can be sent to it.
  const memberDeleted = sql<number>`exists (select 1 from ${users} where ${users.id} in (${conversations.userAId}, ${conversations.userBId}) and ${users.deletedAt} is not null)`;
  const blocked = sql<number>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${conversations.userAId} and ${blocks.blockedId} = ${conversations.userBId}) or (${blocks.blockerId} = ${conversations.userBId} and ${blocks.blockedId} = ${conversations.userAId}))`;
  // Whether I have written here before: once both have, a send has nothing to record (recordWriter).
  const wrote = sql<number>`case when ${conversations.userAId} = ${me} then ${conversations.userAWroteAt} is not null else ${conversations.userBWroteAt} is not null end`;
  const [row] = await ctx.db
    .select({ userAId: conversations.userAId, userBId: conversations.userBId, blocked, otherDeleted: memberDeleted, wrote })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.userAId, me), eq(conversations.userBId, me))))
    .limit(1);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return {
    otherId: row.userAId === me ? row.userBId : row.userAId,
    members: [row.userAId, row.userBId],
    blocked: Boolean(row.blocked),
    otherDeleted: Boolean(row.otherDeleted),
    wrote: Boolean(row.wrote),
  };
}

/** What stores a message: the room's stub over HTTP, or the room itself for a send over its socket. */
export interface RoomPoster {
  post(
    fromUserId: string,
    content: string,
    messageId: string | undefined,
    room: { conversationId: string; members: [string, string] },
  ): Promise<RoomMessage | PostRefusal>;
}

/**
 * Sends a message, over HTTP or over the sender's socket (socket-send.ts): the room stores and
 * delivers it before the follow-up (inbox pings, bell, e-mail) starts, which goes to afterResponse.
 */
export async function sendMessage(
  ctx: ServiceContext,
  conversationId: string,
  input: z.output<typeof sendMessageSchema>,
  room: RoomPoster = conversationRoom(ctx.env, conversationId),
) {
  requireUser(ctx);
  const { otherId, members, blocked, otherDeleted, wrote } = await requireParticipant(ctx, conversationId);
  if (otherDeleted) throw forbidden(MEMBER_DELETED);
  if (input.toUserId && input.toUserId !== otherId) throw badRequest("toUserId is not the other member of this conversation");
  if (blocked) throw forbidden(BLOCKED);
  await limit(ctx.env.MESSAGE_LIMITER, `dm:${ctx.user.id}`, SEND_RATE_LIMITED);
  return deliverMessage(ctx, { conversationId, members, otherId, wrote }, input, room);
}

/**
 * A message whose rules were checked (sendMessage, or refuseChatWrite for the borrow press): one call
 * to the room, which stores and delivers it (opening itself with the members on its first message);
 * the first message a member writes is noted; the rest (pings, bell) goes to afterResponse.
 */
export async function deliverMessage(
  ctx: MemberContext,
  chat: { conversationId: string; members: [string, string]; otherId: string; wrote: boolean },
  input: { content: string; messageId?: string },
  room: RoomPoster = conversationRoom(ctx.env, chat.conversationId),
  /** The caller's own writes about the stored message (the borrow press's intent event), in the same batch as recordWriter's. */
  alongside: (message: RoomMessage) => BatchItem<"sqlite">[] = () => [],
) {
  const { conversationId, members, otherId } = chat;
  const senderName = ctx.user.name;
  const message = await room.post(ctx.user.id, input.content, input.messageId, { conversationId, members });
  if ("refused" in message) throw conflict(message.refused === "hidden" ? MESSAGE_HIDDEN : MESSAGE_ID_TAKEN);
  // Awaited, so the reply that makes this an exchange shows the e-mails on the next page load. Only
  // a member's first message has anything to record: later ones skip the write.
  const writes = [...(chat.wrote ? [] : [recordWriter(ctx.db, conversationId, ctx.user.id, message.createdAt)]), ...alongside(message)];
  if (writes.length > 0) await ctx.db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // The room has delivered it; the rest only tells the members' other pages and the bell (message-events.ts),
  // so the sender does not wait for it.
  const followUp = publish(ctx, {
    type: "message.sent",
    conversationId,
    messageId: message.messageId,
    senderId: ctx.user.id,
    senderName,
    recipientId: otherId,
    members,
    content: input.content,
    at: message.createdAt,
  }).catch((error) => console.warn("Telling the other member about a message failed", error));
  if (ctx.afterResponse) ctx.afterResponse(followUp);
  else await followUp;
  return message;
}

/**
 * Notes the first message the member wrote themselves in the conversation (a no-op after that): the
 * e-mail rule (worker/features/account/email-visibility.ts) needs both sides to have written. Loan lines
 * (`postLoanLine`) are posted in a member's name but not by them, so they never come here.
 */
function recordWriter(db: Database, conversationId: string, writerId: string, at: number) {
  const firstFor = (writerColumn: SQLiteColumn, wroteColumn: SQLiteColumn) =>
    sql`case when ${writerColumn} = ${writerId} then coalesce(${wroteColumn}, ${at}) else ${wroteColumn} end`;
  return db
    .update(conversations)
    .set({
      userAWroteAt: firstFor(conversations.userAId, conversations.userAWroteAt),
      userBWroteAt: firstFor(conversations.userBId, conversations.userBWroteAt),
    })
    .where(
      and(
        eq(conversations.id, conversationId),
        or(
          and(eq(conversations.userAId, writerId), isNull(conversations.userAWroteAt)),
          and(eq(conversations.userBId, writerId), isNull(conversations.userBWroteAt)),
        ),
      ),
    );
}

export async function listMessages(ctx: ServiceContext, conversationId: string, query: z.output<typeof messagesQuerySchema>) {
  const { members } = await requireParticipant(ctx, conversationId);
  const room = conversationRoom(ctx.env, conversationId);
  await room.open(conversationId, members);
  return room.list(ctx.user!.id, query.limit, query.nextToken);
}

export async function markConversationRead(ctx: ServiceContext, conversationId: string) {
  const { members } = await requireParticipant(ctx, conversationId);
  const room = conversationRoom(ctx.env, conversationId);
  await room.open(conversationId, members);
  const [read] = await Promise.all([room.markRead(ctx.user!.id), markNotificationReadByKey(ctx, conversationNotificationKey(conversationId))]);
  return read;
}

/**
 * Posts a loan step's line (worker/features/loans/loan-steps.ts) into the pair's conversation as the member
 * who took the step, creating the conversation on first use, so the chat and the loan tell one
 * story. No MESSAGE_LIMITER (the loan endpoints have their own limit); `lineId` (named by the loan
 * event) makes a repeated step post once. Nothing is posted between members when either blocked
 * the other. Returns the conversation, or null when nothing was posted.
 */
export async function postLoanLine(deps: Deps, actorId: string, otherId: string, text: string, lineId: string): Promise<{ conversationId: string } | null> {
  const [userAId, userBId] = conversationPair(actorId, otherId);
  const [block] = await blockBetween(deps.db, actorId, otherId);
  if (block) return null;
  const conversationId = await conversationBetween(deps, userAId, userBId);
  const members: [string, string] = [userAId, userBId];
  await postLine(deps.env, { conversationId, members }, actorId, text, lineId);
  await tellMembers(deps.env, members, { type: "dm", conversationId, fromUserId: actorId });
  return { conversationId };
}

/**
 * A loan step's line in a stored conversation, as the member who took it: the room call alone, with
 * postLoanLine's rules already checked (the borrow press checks them in its own batch). `lineId`
 * makes a repeat post once.
 */
export async function postLine(env: Env, chat: { conversationId: string; members: [string, string] }, actorId: string, text: string, lineId: string) {
  await conversationRoom(env, chat.conversationId).post(actorId, text, lineId, chat);
}
