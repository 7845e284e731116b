import { parse } from "hono/utils/cookie";
import { closeConversationSockets } from "../services/conversation-rooms";
import { requireUser } from "../services/errors";
import { signOutOpenTabs } from "../services/member-inboxes";
import type { Deps, ServiceContext } from "../services/types";
import { invalidateAllSessions, invalidateSession, SESSION_COOKIE, sessionIdFromToken } from "./session";

/** The stored id of the session whose cookie this request carries (valid or not). */
export function sessionIdFromCookie(request: Request): string | null {
  const token = parse(request.headers.get("Cookie") ?? "", SESSION_COOKIE)[SESSION_COOKIE];
  return token ? sessionIdFromToken(token) : null;
}

/**
 * Ends one session (this browser or this API client), and closes the conversation sockets opened in
 * it, so a thread left open elsewhere with a copy of this session hears nothing more.
 */
export async function signOut(deps: Deps, sessionId: string) {
  const memberId = await invalidateSession(deps.db, sessionId);
  if (!memberId) return;
  await closeConversationSockets(deps, memberId, sessionId).catch((error: unknown) =>
    console.warn("Closing a session's conversation sockets failed", error),
  );
}

/** "Sign out everywhere": ends every session of the signed-in member, on every device. */
export async function signOutEverywhere(ctx: ServiceContext): Promise<{ sessionsEnded: number }> {
  requireUser(ctx);
  const sessionsEnded = await invalidateAllSessions(ctx.db, ctx.user.id);
  // The other devices' open tabs learn it now; the asking tab is already on its way to /login.
  await signOutOpenTabs(ctx, ctx.user.id, ctx.sessionId);
  return { sessionsEnded };
}
