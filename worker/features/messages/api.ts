import { Hono } from "hono";
import { z } from "zod";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
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
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { jsonBody, zv } from "@worker/core/api/validate";
import { idSchema } from "@worker/core/shared/id";

const blockParams = z.object({ userId: idSchema });

/** Direct messages: the conversations index lives in D1, each conversation's messages in its Durable Object. */
export const dmApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .post("/conversations", jsonBody(startConversationSchema), async (c) =>
    ok(c, await startConversation(serviceContext(c), c.req.valid("json").toUserId), 201),
  )
  .get("/conversations", zv("query", conversationListQuerySchema), async (c) =>
    ok(c, await listConversations(serviceContext(c), c.req.valid("query"))),
  )
  .get("/conversations/:id/messages", zv("param", conversationIdParams), zv("query", messagesQuerySchema), async (c) =>
    ok(c, await listMessages(serviceContext(c), c.req.valid("param").id, c.req.valid("query"))),
  )
  .post("/conversations/:id/messages", zv("param", conversationIdParams), jsonBody(sendMessageSchema), async (c) =>
    ok(c, await sendMessage(serviceContext(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .patch("/conversations/:id/read", zv("param", conversationIdParams), async (c) =>
    ok(c, await markConversationRead(serviceContext(c), c.req.valid("param").id)),
  )
  .put("/blocks/:userId", zv("param", blockParams), async (c) => ok(c, await blockMember(serviceContext(c), c.req.valid("param").userId)))
  .delete("/blocks/:userId", zv("param", blockParams), async (c) =>
    ok(c, await unblockMember(serviceContext(c), c.req.valid("param").userId)),
  );
