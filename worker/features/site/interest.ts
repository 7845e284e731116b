import { emailSchema } from "@worker/core/email-address";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import { SWAP_TOYS_GOAL } from "@worker/core/shared/rules";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { interestRegistrations } from "@worker/db/schema";
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";

export const interestSchema = z.object({
  email: emailSchema,
  from: cleanText({ max: 2048, tooLong: msg("from must be at most {max} characters") }).optional(),
});
export type InterestInput = z.input<typeof interestSchema>;

export const INTEREST_RATE_LIMITED = msg("Too many registrations from your network. Please wait a minute and try again.");

/**
 * Registers interest once per e-mail (trimmed, lower-case; a unique index); registering again is not
 * an error and does not count twice. Anyone may call it, so it is limited per client address
 * (wrangler.toml INTEREST_LIMITER): a script cannot inflate the counter towards the goal.
 */
export async function registerSwapToysInterest(ctx: ServiceContext, input: z.output<typeof interestSchema>, clientAddress: string | null) {
  await limit(ctx.env.INTEREST_LIMITER, `swap-toys:${clientAddress ?? "local"}`, INTEREST_RATE_LIMITED);
  await ctx.db
    .insert(interestRegistrations)
    .values({ product: "swap-toys", email: input.email, fromUrl: input.from ?? null })
    .onConflictDoNothing();
  return { registered: true, ...(await swapToysProgress(ctx)) };
}

export async function swapToysProgress(ctx: ServiceContext) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(interestRegistrations)
    .where(and(eq(interestRegistrations.product, "swap-toys")));
  const interested = row?.n ?? 0;
  return { interested, goal: SWAP_TOYS_GOAL };
}
