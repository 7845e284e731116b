import { Hono } from "hono";
import { serviceContext, type AppEnv } from "../http/app-env";
import { conversationListQuerySchema, listConversations } from "../services/conversations";
import { unauthorized } from "../services/errors";
import { ok } from "./envelope";
import { zv } from "./validate";

/** Direct messages, read-only for now: the messages themselves arrive with the conversation Durable Object. */
export const dmApi = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (!c.get("user")) throw unauthorized();
    await next();
  })
  .get("/conversations", zv("query", conversationListQuerySchema), async (c) =>
    ok(c, await listConversations(serviceContext(c), c.req.valid("query"))),
  );
