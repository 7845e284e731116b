import type { AppEnv } from "@worker/core/http/app-env";
import { authenticateSocketUpgrade, upgradeFor } from "@worker/core/http/socket-upgrade";
import { memberInbox } from "@worker/core/member-inbox-stubs";
import type { Context } from "hono";

/**
 * GET /api/dm/socket: the signed-in member's inbox connection, told whenever one of their
 * conversations changes, so the unread badge and the conversation list update on every page.
 * Same checks as a conversation's socket; the inbox is the member's own, so nothing more to check.
 */
export async function memberSocket(c: Context<AppEnv>): Promise<Response> {
  const ctx = await authenticateSocketUpgrade(c);
  if (ctx instanceof Response) return ctx;
  return memberInbox(c.env, ctx.user.id).fetch(upgradeFor(c, ctx.user.id, ctx.sessionId));
}
