import type { AppConfig } from "@worker/core/config";
import { emailSchema } from "@worker/core/email-address";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { users } from "@worker/db/schema";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Local sign-in needs both DEV_SIGN_IN=true (which lives only in .dev.vars, never in
 * wrangler.toml, so `wrangler deploy` does not upload it) and a request to a loopback host,
 * which a deployed Worker never receives. Either guard alone keeps it off in production.
 * See docs/decisions/002-local-sign-in.md.
 */
export function devSignInAllowed(config: AppConfig, url: URL): boolean {
  return config.DEV_SIGN_IN && LOCAL_HOSTS.has(url.hostname);
}

export interface DemoMember {
  id: string;
  name: string;
  email: string;
}

/** The seeded demo members offered on /login, by name (served by users_demo_idx). */
export function listDemoMembers(db: Database): Promise<DemoMember[]> {
  return db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.isDemo, true)).orderBy(asc(users.name)).limit(50);
}

export const localSignInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("demo"), userId: z.string().min(1).max(64) }),
  z.object({
    intent: z.literal("new"),
    name: cleanText({ max: 100, tooLong: msg("Name must be at most {max} characters"), required: msg("Please enter a name") }),
    email: emailSchema,
  }),
]);
export type LocalSignIn = z.output<typeof localSignInSchema>;

/**
 * The member to sign in locally: a demo member by id, or the member with the given e-mail, created
 * when there is none (so someone made here can sign in again by e-mail), in `timeZone`, the browser's
 * zone, when it sent one. Null for an unknown demo id.
 */
export async function findLocalMember(db: Database, input: LocalSignIn, timeZone: string | null = null): Promise<DemoMember | null> {
  const columns = { id: users.id, name: users.name, email: users.email };
  if (input.intent === "demo") {
    const [member] = await db
      .select(columns)
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.isDemo, true)))
      .limit(1);
    return member ?? null;
  }
  await db
    .insert(users)
    .values({ id: crypto.randomUUID(), name: input.name, email: input.email, timezone: timeZone ?? undefined })
    .onConflictDoNothing();
  // A deleted member's tombstone never signs in (its address is no address, but never is better than rarely).
  const [member] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
    .limit(1);
  return member ?? null;
}
