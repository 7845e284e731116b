import { Hono } from "hono";
import { serviceContext, type AppEnv } from "../http/app-env";
import { conversationListQuerySchema, listConversations } from "../services/conversations";
import { ok } from "./envelope";
import { membersOnly } from "./members-only";
import { zv } from "./validate";

/** Direct messages, read-only for now: the messages themselves arrive with the conversation Durable Object. */
export const dmApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get("/conversations", zv("query", conversationListQuerySchema), async (c) =>
    ok(c, await listConversations(serviceContext(c), c.req.valid("query"))),
  );
