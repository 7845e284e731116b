import { conversationRoom } from "@worker/core/conversation-room-stubs";
import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { conversations, users } from "@worker/db/schema";
import { eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

const MESSAGES_PAGE = 100;

/** Every message of a conversation the member can read, oldest first, page by page from its room. */
async function readConversation(env: Env, memberId: string, conversationId: string, members: [string, string]) {
  const room = conversationRoom(env, conversationId);
  await room.open(conversationId, members);
  const messages: { messageId: string; fromUserId: string; content: string; createdAt: number }[] = [];
  let before: number | undefined;
  do {
    const page = await room.list(memberId, MESSAGES_PAGE, before);
    for (const message of page.items) {
      messages.push({ messageId: message.messageId, fromUserId: message.fromUserId, content: message.content, createdAt: message.createdAt });
    }
    before = page.nextToken ?? undefined;
  } while (before !== undefined);
  return messages.reverse();
}

/** conversations.json: each conversation with the other member, and every message the member can read, one room at a time. */
export const conversationsDataPart: AccountDataPart = {
  name: "conversations",
  covers: [{ table: conversations, how: "conversations.json, with their messages from each room" }],
  files: ["conversations.json"],
  async write({ db, env }, userId, zip) {
    const other = alias(users, "other");
    const conversationRows = await db
      .select({
        conversationId: conversations.id,
        userAId: conversations.userAId,
        userBId: conversations.userBId,
        otherName: other.name,
        createdAt: conversations.createdAt,
      })
      .from(conversations)
      .innerJoin(other, sql`${other.id} = case when ${conversations.userAId} = ${userId} then ${conversations.userBId} else ${conversations.userAId} end`)
      .where(or(eq(conversations.userAId, userId), eq(conversations.userBId, userId)));
    const threads = [];
    for (const row of conversationRows) {
      const messages = await readConversation(env, userId, row.conversationId, [row.userAId, row.userBId]);
      const otherId = row.userAId === userId ? row.userBId : row.userAId;
      threads.push({
        conversationId: row.conversationId,
        with: { userId: otherId, name: row.otherName },
        createdAt: row.createdAt,
        messages: messages.map((message) => ({ ...message, fromYou: message.fromUserId === userId })),
      });
    }
    await zip.json("conversations.json", threads);
  },
};

/** Conversations stay: the users row becomes a tombstone ("Deleted member"), so the other side keeps its messages. */
export const conversationsDeletionPart: AccountDeletionPart = {
  name: "conversations",
  covers: [{ table: conversations, how: "kept for the other member, shown as from Deleted member (the users row is a tombstone)" }],
  async plan() {
    return {};
  },
};
