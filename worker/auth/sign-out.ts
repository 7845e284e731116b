import { parse } from "hono/utils/cookie";
import type { Database } from "../db/client";
import { closeConversationSockets } from "../services/conversation-rooms";
import { requireUser } from "../services/errors";
import { signOutOpenTabs } from "../services/member-inboxes";
import type { ServiceContext } from "../services/types";
import { invalidateAllSessions, invalidateSession, SESSION_COOKIE, sessionIdFromToken } from "./session";
import { eq } from "drizzle-orm";
import { sessions } from "../db/schema";
import type { AccountDeletionPart } from "../services/member-data-parts";

/** The stored id of the session whose cookie this request carries (valid or not). */
export function sessionIdFromCookie(request: Request): string | null {
  const token = parse(request.headers.get("Cookie") ?? "", SESSION_COOKIE)[SESSION_COOKIE];
  return token ? sessionIdFromToken(token) : null;
}

/**
 * Ends one session (this browser or this API client), and closes the conversation sockets opened in
 * it, so a thread left open elsewhere with a copy of this session hears nothing more.
 */
export async function signOut(deps: { db: Database; env: Env }, sessionId: string) {
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

/** Every session of a deleted member ends, and their other devices' open tabs are signed out at once. */
export const sessionsDeletionPart: AccountDeletionPart = {
  name: "sessions",
  covers: [{ table: sessions, how: "deleted: every device at once" }],
  async plan(ctx) {
    return {
      statements: [ctx.db.delete(sessions).where(eq(sessions.userId, ctx.user.id))],
      // This tab goes on to the goodbye page.
      after: async () => {
        await signOutOpenTabs(ctx, ctx.user.id, ctx.sessionId);
      },
    };
  },
};
