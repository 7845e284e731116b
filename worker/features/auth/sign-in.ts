import type { Deps } from "@worker/core/service-context";
import { createSession } from "@worker/core/session";
import { sessionCookie } from "@worker/core/session-cookie";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { type UserRow, users } from "@worker/db/schema";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { GoogleProfile } from "./google";
import { SignInError } from "./sign-in-error";
import { sessionIdFromCookie, signOut } from "./sign-out";

/**
 * Starts a session for a member and returns the Set-Cookie that carries it. A session this browser
 * already had is ended first, so signing in never leaves an orphaned or fixated session behind.
 */
export async function startSession({ db, env }: Deps, request: Request, userId: string): Promise<string> {
  const [member] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (member?.suspendedAt) throw new SignInError(ACCOUNT_SUSPENDED);
  const previous = sessionIdFromCookie(request);
  if (previous) await signOut({ db, env }, previous, { replaced: true });
  const { token, expiresAt } = await createSession(db, userId);
  return sessionCookie(request.url, token, expiresAt);
}

/** Shown on /login and the Google callback when a moderator has suspended the member. */
export const ACCOUNT_SUSPENDED = msg("This account is suspended.");

const isGooglePictureOrNone = (picture: string | null) => !picture || picture.startsWith("https://");

/**
 * The member behind a Google account: found by Google's `sub`; else an existing member with the same
 * (verified) e-mail, such as a seeded demo member, is linked by setting googleSub; else a new member.
 * A picture the member uploaded is never replaced by Google's; their display name is theirs to edit.
 * A new member starts in `timeZone`, the browser's zone, when it sent one.
 */
export async function findOrCreateGoogleMember(db: Database, profile: GoogleProfile, timeZone: string | null = null): Promise<UserRow> {
  const [bySub] = await db.select().from(users).where(eq(users.googleSub, profile.sub)).limit(1);
  if (bySub) return refreshFromGoogle(db, bySub, profile);

  const [byEmail] = await db.select().from(users).where(eq(users.email, profile.email)).limit(1);
  if (byEmail) {
    if (byEmail.googleSub) {
      throw new SignInError(msg("This e-mail address is already linked to another Google account."));
    }
    const [linked] = await db
      .update(users)
      .set({
        googleSub: profile.sub,
        picture: isGooglePictureOrNone(byEmail.picture) ? (profile.picture ?? byEmail.picture) : byEmail.picture,
        updatedAt: Date.now(),
      })
      // Only if nobody linked it in the meantime.
      .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
      .returning();
    if (linked) return linked;
    return retryBySub(db, profile);
  }

  // Two callbacks racing for a new account: the loser's insert is ignored and it reads the winner's row.
  await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      googleSub: profile.sub,
      email: profile.email,
      name: profile.name,
      picture: profile.picture,
      timezone: timeZone ?? undefined,
    })
    .onConflictDoNothing();
  return retryBySub(db, profile);
}

async function retryBySub(db: Database, profile: GoogleProfile): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, profile.sub)).limit(1);
  if (!row) throw new SignInError(msg("This e-mail address is already linked to another Google account."));
  return row;
}

/** Keeps the e-mail (when no other member has it) and a Google-provided picture up to date. */
async function refreshFromGoogle(db: Database, member: UserRow, profile: GoogleProfile): Promise<UserRow> {
  const picture = isGooglePictureOrNone(member.picture) ? (profile.picture ?? member.picture) : member.picture;
  let email = member.email;
  if (profile.email !== member.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, profile.email), ne(users.id, member.id)))
      .limit(1);
    if (!taken) email = profile.email;
  }
  if (picture === member.picture && email === member.email) return member;
  const [updated] = await db.update(users).set({ picture, email, updatedAt: Date.now() }).where(eq(users.id, member.id)).returning();
  return updated ?? member;
}
