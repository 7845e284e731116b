import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { idSchema } from "@worker/core/shared/id";
import { Hono } from "hono";
import { z } from "zod";
import { blockedView, conversationIdView, conversationListView, messagePageView, messageView, readMarkView, unblockedView } from "./api-schemas";
import { blockMember, unblockMember } from "./blocks";
import { conversationIdParams, conversationListQuerySchema, listConversations } from "./conversation-list";
import {
  listMessages,
  markConversationRead,
  messagesQuerySchema,
  sendMessage,
  sendMessageSchema,
  startConversation,
  startConversationSchema,
} from "./messages";

const blockParams = z.object({ userId: idSchema });

const tags = ["Messages"];
const NO_CONVERSATION = "404 `Conversation not found` (also for anyone but its two members).";

/** Direct messages: the conversations index lives in D1, each conversation's messages in its Durable Object. */
export const dmApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .post(
    "/conversations",
    doc("POST", {
      summary: "Start or open a conversation",
      who: "member",
      tags,
      data: conversationIdView,
      status: 201,
      errors: [404],
      description:
        "Starts the conversation with a member, or opens the one there is (one per pair). 10 new conversations a minute (429 `You're starting conversations too quickly. Please wait a minute and try again.`); going back to an existing one is never refused. 400 `You can't start a conversation with yourself.`; 403 `You can't message this member.` across a block; 404 `No user found with that ID`.",
    }),
    jsonBody(startConversationSchema),
    async (c) => ok(c, await startConversation(serviceContext(c), c.req.valid("json").toUserId), 201),
  )
  .get(
    "/conversations",
    doc("GET", {
      summary: "My conversations",
      who: "member",
      tags,
      data: conversationListView,
      description: "My conversations with snippets and unread counts, latest activity first (20 by default, 50 at most).",
    }),
    zv("query", conversationListQuerySchema),
    async (c) => ok(c, await listConversations(serviceContext(c), c.req.valid("query"))),
  )
  .get(
    "/conversations/:id/messages",
    doc("GET", {
      summary: "A conversation's messages",
      who: "participant",
      tags,
      data: messagePageView,
      errors: [404],
      description: `Messages, newest first, 30 a page by default (\`limit\` up to 100); pass \`nextToken\` for older ones. Messages a moderator hid are left out. ${NO_CONVERSATION}`,
    }),
    zv("param", conversationIdParams),
    zv("query", messagesQuerySchema),
    async (c) => ok(c, await listMessages(serviceContext(c), c.req.valid("param").id, c.req.valid("query"))),
  )
  .post(
    "/conversations/:id/messages",
    doc("POST", {
      summary: "Send a message",
      who: "participant",
      tags,
      data: messageView,
      status: 201,
      errors: [404, 409],
      description: `Sends 1–4,000 characters (400 \`Please write a message.\` or \`A message can have at most 4,000 characters.\`). A repeated \`messageId\` from its sender is stored once and answers the stored message; 409 if a moderator hid that message (\`This message was removed by a moderator.\`) or it is the other member's (\`That messageId belongs to another message.\`). 60 a minute (429 \`You're sending messages too quickly. Please wait a moment.\`). 403 \`You can't message this member.\` across a block, or \`This member deleted their account, so they can't receive messages.\`; ${NO_CONVERSATION}`,
    }),
    zv("param", conversationIdParams),
    jsonBody(sendMessageSchema),
    async (c) => ok(c, await sendMessage(serviceContext(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .patch(
    "/conversations/:id/read",
    doc("PATCH", {
      summary: "Mark a conversation read",
      who: "participant",
      tags,
      data: readMarkView,
      errors: [404],
      description: `Marks everything in it read by me (my unread count becomes 0, and its bell item is read). ${NO_CONVERSATION}`,
    }),
    zv("param", conversationIdParams),
    async (c) => ok(c, await markConversationRead(serviceContext(c), c.req.valid("param").id)),
  )
  .put(
    "/blocks/:userId",
    doc("PUT", {
      summary: "Block a member",
      who: "member",
      tags,
      data: blockedView,
      errors: [404],
      description:
        "Blocks a member: neither side can then write to the other, and neither follows the other any more. 400 `You can't block yourself.`; 404 `User not found`.",
    }),
    zv("param", blockParams),
    async (c) => ok(c, await blockMember(serviceContext(c), c.req.valid("param").userId)),
  )
  .delete(
    "/blocks/:userId",
    doc("DELETE", {
      summary: "Unblock a member",
      who: "member",
      tags,
      data: unblockedView,
      description: "Lifts my block on a member (nothing changes when there was none).",
    }),
    zv("param", blockParams),
    async (c) => ok(c, await unblockMember(serviceContext(c), c.req.valid("param").userId)),
  );
