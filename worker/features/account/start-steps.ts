import { requireUser } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { users } from "@worker/db/schema";
import { and, eq, isNull, sql } from "drizzle-orm";

/** A new member's first steps, each ticked by what they have done, not by a click. */
export interface StartSteps {
  /** They listed a book (a photo, a scan, an import or by hand). */
  books: boolean;
  /** They set "My area" on /profile. */
  area: boolean;
  /** They are an active member of a club. */
  club: boolean;
}

/**
 * The start card of a member who has not put it away (users.start_dismissed_at), or null. One read:
 * three index probes (books by owner, the area's primary key, memberships by member).
 */
export async function startStepsFor(ctx: ServiceContext): Promise<StartSteps | null> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({
      dismissedAt: users.startDismissedAt,
      // Spelled out with aliases: drizzle writes a column by its bare name, which inside the subquery would be the subquery's own.
      books: sql<number>`exists (select 1 from books b where b.user_id = users.id)`,
      area: sql<number>`exists (select 1 from member_areas a where a.user_id = users.id)`,
      club: sql<number>`exists (select 1 from memberships m where m.user_id = users.id and m.status = 'active')`,
    })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1);
  if (!row || row.dismissedAt !== null) return null;
  return { books: Boolean(row.books), area: Boolean(row.area), club: Boolean(row.club) };
}

/** Puts the start card away for good, on every device (the first time counts; again changes nothing). */
export async function dismissStartSteps(ctx: ServiceContext): Promise<void> {
  requireUser(ctx);
  await ctx.db
    .update(users)
    .set({ startDismissedAt: Date.now() })
    .where(and(eq(users.id, ctx.user.id), isNull(users.startDismissedAt)));
}
