import type { ServiceContext } from "@worker/core/service-context";
import { INVITE_CODE_TTL_DAYS } from "@worker/core/shared/club-rules";
import { msg } from "@worker/core/shared/translate";
import { inviteCodes } from "@worker/db/schema";
import { and, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import { requireClubManager } from "./club-access";
import { deriveInviteCode, hashInviteCode, newInviteNonce } from "./invite-code-crypto";

/** One answer for every code that does not let you in: unknown, mistyped, expired or revoked. */
export const INVITE_CODE_INVALID = msg("This invite code is not valid or has expired.");
export const INVITE_CODE_TTL_MS = INVITE_CODE_TTL_DAYS * 24 * 60 * 60 * 1000;

const MANAGERS_ONLY = msg("Only the club's creator or an admin can see or change the invite code.");

export interface InviteCode {
  code: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * A new code for the club: its nonce row (an upsert, so it replaces and thereby revokes the current
 * code) ready to run alone or in a batch, and the code it stands for. `onlyIf` makes the write happen
 * only when a condition holds at that point of the batch (e.g. the member being removed is there).
 */
export async function prepareInviteCode(
  ctx: ServiceContext,
  clubId: string,
  createdBy: string | null,
  now: number,
  { onlyReplacingExpired = false, onlyIf = sql`1` }: { onlyReplacingExpired?: boolean; onlyIf?: SQL } = {},
) {
  const nonce = newInviteNonce();
  const code = await deriveInviteCode(ctx.env, clubId, nonce);
  const row = { nonce, codeHash: await hashInviteCode(ctx.env, code), createdBy, createdAt: now, expiresAt: now + INVITE_CODE_TTL_MS };
  // Columns in the table's order; the WHERE also keeps SQLite from reading ON CONFLICT as a join's ON.
  const write = ctx.db
    .insert(inviteCodes)
    .select(sql`select ${clubId}, ${row.nonce}, ${row.codeHash}, ${row.createdBy}, ${row.createdAt}, ${row.expiresAt} where ${onlyIf}`)
    .onConflictDoUpdate({ target: inviteCodes.clubId, set: row, ...(onlyReplacingExpired ? { setWhere: lte(inviteCodes.expiresAt, now) } : {}) });
  return { code, expiresAt: row.expiresAt, write };
}

/**
 * Two live codes share a hash only if they are the same 8 characters (a 1 in 2^40 chance per pair);
 * the unique index refuses the second, and the caller simply draws another nonce.
 */
export function isInviteCodeClash(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /UNIQUE constraint failed: invite_codes\.code_hash/.test(text);
}

const ATTEMPTS = 3;

/** Runs `attempt` again, with a fresh code, when its code clashed with another club's. */
export async function withFreshCodeOnClash<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= ATTEMPTS || !isInviteCodeClash(error)) throw error;
    }
  }
}

/**
 * The club's current code and its expiry, for its creator and admins. A club without a live code
 * (a demo club, or one whose code expired) is issued a new one here; if two admins look at once,
 * only the first replaces the expired code and both see the same one.
 */
export async function currentInviteCode(ctx: ServiceContext, clubId: string): Promise<InviteCode> {
  const { userId } = await requireClubManager(ctx, clubId, MANAGERS_ONLY);
  const now = Date.now();
  const live = await readLiveCode(ctx, clubId, now);
  if (live) return live;
  await withFreshCodeOnClash(async () => {
    // Replace only a code that is still expired, so a code another admin was just issued stands.
    await (await prepareInviteCode(ctx, clubId, userId, now, { onlyReplacingExpired: true })).write;
  });
  const issued = await readLiveCode(ctx, clubId, now);
  if (!issued) throw new Error(`Invite code for club ${clubId} was not stored`);
  return issued;
}

/** A new code for the club, which revokes the old one at once (creator and admins). */
export async function regenerateInviteCode(ctx: ServiceContext, clubId: string): Promise<InviteCode> {
  const { userId } = await requireClubManager(ctx, clubId, MANAGERS_ONLY);
  return withFreshCodeOnClash(async () => {
    const fresh = await prepareInviteCode(ctx, clubId, userId, Date.now());
    await fresh.write;
    return { code: fresh.code, expiresAt: fresh.expiresAt };
  });
}

async function readLiveCode(ctx: ServiceContext, clubId: string, now: number): Promise<InviteCode | null> {
  const [row] = await ctx.db
    .select({ nonce: inviteCodes.nonce, expiresAt: inviteCodes.expiresAt })
    .from(inviteCodes)
    .where(and(eq(inviteCodes.clubId, clubId), gt(inviteCodes.expiresAt, now)))
    .limit(1);
  return row ? { code: await deriveInviteCode(ctx.env, clubId, row.nonce), expiresAt: row.expiresAt } : null;
}

/** The club a (normalised) code lets you into, or null; one look-up on invite_codes_hash_idx. */
export async function findClubIdByInviteCode(ctx: ServiceContext, code: string, now: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ clubId: inviteCodes.clubId })
    .from(inviteCodes)
    .where(and(eq(inviteCodes.codeHash, await hashInviteCode(ctx.env, code)), gt(inviteCodes.expiresAt, now)))
    .limit(1);
  return row?.clubId ?? null;
}
