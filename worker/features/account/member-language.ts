import { requireUser } from "@worker/core/errors";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import type { Language } from "@worker/core/shared/languages";
import { users } from "@worker/db/schema";
import { eq } from "drizzle-orm";

/**
 * Keeps a member's language with them (the footer's switch, or /profile), so every device they sign
 * in on and every e-mail they are sent uses it. Null goes back to following the browser.
 */
export async function setMemberLanguage(ctx: ServiceContext, language: Language | null): Promise<void> {
  requireUser(ctx);
  await limit(ctx.env.LANGUAGE_LIMITER, ctx.user.id, "Too many requests. Please wait a moment and try again.");
  await ctx.db.update(users).set({ language, updatedAt: Date.now() }).where(eq(users.id, ctx.user.id));
}
