import { requireUser, tooManyRequests } from "@worker/core/errors";
import { limit } from "@worker/core/rate-limit";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { inviteCodeFailures } from "@worker/db/schema";
import { and, eq, sql } from "drizzle-orm";

/** Wrong invite codes a member may enter in one UTC day; the next attempt that day is refused. */
export const DAILY_WRONG_CODE_CAP = 20;
export const TOO_MANY_ATTEMPTS = msg("Too many invite code attempts. Please wait a minute and try again.");
export const TOO_MANY_WRONG_CODES = msg("Too many wrong invite codes today. Please try again tomorrow.");

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (now: number) => Math.floor(now / DAY_MS);

/**
 * Counts one redemption attempt before the code is looked at, so guessing costs the same whether or
 * not the guess is right. The rate-limit binding stops bursts; the stored count is the daily cap.
 * The count is reserved in one conditional upsert, so simultaneous guesses cannot slip past the cap;
 * a right code gives its attempt back (`refundInviteAttempt`), so the count is of wrong codes.
 */
export async function takeInviteAttempt(ctx: ServiceContext, now: number): Promise<void> {
  requireUser(ctx);
  await limit(ctx.env.INVITE_LIMITER, `invite:${ctx.user.id}`, TOO_MANY_ATTEMPTS);
  const day = dayOf(now);
  const counted = await ctx.db
    .insert(inviteCodeFailures)
    .values({ userId: ctx.user.id, day, failures: 1 })
    .onConflictDoUpdate({
      target: inviteCodeFailures.userId,
      set: {
        failures: sql`case when ${inviteCodeFailures.day} = excluded.day then ${inviteCodeFailures.failures} + 1 else 1 end`,
        day: sql`excluded.day`,
      },
      setWhere: sql`${inviteCodeFailures.day} <> excluded.day or ${inviteCodeFailures.failures} < ${DAILY_WRONG_CODE_CAP}`,
    })
    .returning({ failures: inviteCodeFailures.failures });
  if (counted.length === 0) throw tooManyRequests(TOO_MANY_WRONG_CODES);
}

/** Gives back the attempt a right code took (a statement for the join's batch). */
export function refundInviteAttempt(ctx: MemberContext, now: number) {
  return ctx.db
    .update(inviteCodeFailures)
    .set({ failures: sql`max(${inviteCodeFailures.failures} - 1, 0)` })
    .where(and(eq(inviteCodeFailures.userId, ctx.user.id), eq(inviteCodeFailures.day, dayOf(now))));
}
