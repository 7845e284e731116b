import { requireUser } from "@worker/core/errors";
import type { AccountDeletionPart } from "@worker/core/member-data-parts";
import { signOutOpenTabs } from "@worker/core/member-inbox-stubs";
import type { Deps, ServiceContext } from "@worker/core/service-context";
import { invalidateAllSessions, invalidateSession, SESSION_COOKIE, sessionIdFromToken } from "@worker/core/session";
import { sessions } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { parse } from "hono/utils/cookie";

/** The stored id of the session whose cookie this request carries (valid or not). */
export function sessionIdFromCookie(request: Request): string | null {
  const token = parse(request.headers.get("Cookie") ?? "", SESSION_COOKIE)[SESSION_COOKIE];
  return token ? sessionIdFromToken(token) : null;
}

/**
 * Ends one session (this browser or this API client), and closes the inbox and conversation sockets
 * opened in it, so a tab left open elsewhere with a copy of this session hears nothing more. The
 * member's other sessions keep theirs. `replaced`: the browser is signing in again, so its other
 * tabs are not told to sign in (their next requests carry the new session).
 */
export async function signOut(deps: Deps, sessionId: string, { replaced = false } = {}) {
  const memberId = await invalidateSession(deps.db, sessionId);
  if (memberId) await signOutOpenTabs(deps, memberId, { sessionId, replaced });
}

/** "Sign out everywhere": ends every session of the signed-in member, on every device. */
export async function signOutEverywhere(ctx: ServiceContext): Promise<{ sessionsEnded: number }> {
  requireUser(ctx);
  const sessionsEnded = await invalidateAllSessions(ctx.db, ctx.user.id);
  // Every open tab learns it now, on every device; the asking tab ignores the notice (it is on its way out).
  await signOutOpenTabs(ctx, ctx.user.id);
  return { sessionsEnded };
}

/** Every session of a deleted member ends, and all their open tabs are signed out at once. */
export const sessionsDeletionPart: AccountDeletionPart = {
  name: "sessions",
  covers: [{ table: sessions, how: "deleted: every device at once" }],
  async plan(ctx) {
    return {
      statements: [ctx.db.delete(sessions).where(eq(sessions.userId, ctx.user.id))],
      // Every open tab is signed out at once; the asking one ignores the notice and goes on to the goodbye page.
      after: async () => {
        await signOutOpenTabs(ctx, ctx.user.id);
      },
    };
  },
};
