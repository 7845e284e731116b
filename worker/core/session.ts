import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { SessionUser } from "@worker/core/service-context";
import type { Cell } from "@worker/core/shared/area-cells";
import type { Database } from "@worker/db/client";
import { memberAreas, sessions, users } from "@worker/db/schema";
import { and, eq, isNull, lt, lte } from "drizzle-orm";

export const SESSION_COOKIE = "bookclub_session";
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
// Extend a session at most once a day so most requests do not write.
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS - DAY_MS;

/** 160 random bits as 32 base32 characters. */
export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Starts a session and, in the same batch, drops this member's expired ones so they do not pile up. */
export async function createSession(db: Database, userId: string, now = Date.now()) {
  const token = generateSessionToken();
  const expiresAt = now + SESSION_TTL_MS;
  await db.batch([
    db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now))),
    db.insert(sessions).values({ id: sessionIdFromToken(token), userId, expiresAt }),
  ]);
  return { token, expiresAt };
}

export interface ValidatedSession {
  user: SessionUser;
  /** The member's area cell, or null: for the server's distances only, never in `user`, which pages may show. */
  areaCell: Cell | null;
  sessionId: string;
  expiresAt: number;
  /** True when the expiry moved and the cookie should be re-sent. */
  renewed: boolean;
}

/** Looks a token up, removes it when expired, and slides the expiry forward when it is due. */
export async function validateSessionToken(db: Database, token: string, now = Date.now()): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = sessionIdFromToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      bio: users.bio,
      picture: users.picture,
      timezone: users.timezone,
      language: users.language,
      showEmail: users.showEmail,
      lendTo: users.lendTo,
      lendWithinKm: users.lendWithinKm,
      // One probe of member_areas' key: "near me" then needs no read of its own.
      cellLat: memberAreas.cellLat,
      cellLon: memberAreas.cellLon,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberAreas, eq(memberAreas.userId, users.id))
    // Suspension and deletion end the member's sessions; a session that slipped through still signs nobody in.
    .where(and(eq(sessions.id, sessionId), isNull(users.suspendedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const { expiresAt, cellLat, cellLon, ...user } = row;
  const areaCell = cellLat === null || cellLon === null ? null : { cellLat, cellLon };
  if (expiresAt - now < RENEW_WHEN_LEFT_MS) {
    const renewedUntil = now + SESSION_TTL_MS;
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, sessionId));
    return { user, areaCell, sessionId, expiresAt: renewedUntil, renewed: true };
  }
  return { user, areaCell, sessionId, expiresAt, renewed: false };
}

/** Ends one session; answers whose it was (null when there was none). */
export async function invalidateSession(db: Database, sessionId: string): Promise<string | null> {
  const [ended] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}

/** "Sign out everywhere": ends every session of the member, this one included; returns how many ended. */
export async function invalidateAllSessions(db: Database, userId: string): Promise<number> {
  const result = await db.delete(sessions).where(eq(sessions.userId, userId));
  return result.meta.changes ?? 0;
}

export async function deleteExpiredSessions(db: Database, now = Date.now()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
