import type { ServiceContext } from "@worker/core/service-context";
import { memberships } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";

/** Ids of the clubs the member belongs to (active memberships only). */
export async function listMemberClubIds(ctx: ServiceContext, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ clubId: memberships.clubId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, "active")));
  return rows.map((row) => row.clubId);
}
