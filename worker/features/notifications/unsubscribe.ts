import type { Deps } from "@worker/core/service-context";
import { UNSUBSCRIBE_LINK_INVALID } from "@worker/core/shared/unsubscribe";
import { users } from "@worker/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { saveNotificationSettings } from "./notification-prefs";
import { type UnsubscribePreference, verifyUnsubscribeToken } from "./unsubscribe-tokens";

export { UNSUBSCRIBE_LINK_INVALID };

export interface UnsubscribeLink {
  /** What the link turns off (the page words it: unsubscribe-texts.ts). */
  preference: UnsubscribePreference;
  /** The address, shown so the reader knows whose e-mails these are, but not in full to whoever holds the link. */
  maskedEmail: string;
}

/** "ann@example.org" -> "a***@example.org". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at > 0 ? `${email[0]}***${email.slice(at)}` : "***";
}

/** What a genuine link is for, or null (a forged or edited token, or a member who is suspended, deleted or no longer here). */
export async function readUnsubscribeLink(deps: Deps, token: string): Promise<(UnsubscribeLink & { userId: string }) | null> {
  const claim = await verifyUnsubscribeToken(deps.env, token);
  if (!claim) return null;
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, claim.userId), isNull(users.suspendedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  return { userId: claim.userId, preference: claim.preference, maskedEmail: maskEmail(user.email) };
}

/**
 * Turns off what the link names, for the member it names, without a session: the signed token is
 * the authority. Idempotent (a second click, or a mail client's one-click POST after the page's).
 */
export async function unsubscribeByToken(deps: Deps, token: string): Promise<UnsubscribeLink | null> {
  const link = await readUnsubscribeLink(deps, token);
  if (!link) return null;
  const { userId, ...shown } = link;
  // A topic's link stops its e-mails only, as the page says: its bell and pushes stay as the member set them.
  await saveNotificationSettings(
    deps.db,
    userId,
    link.preference === "emailOptIn" ? { emailOptIn: false } : { channels: { [link.preference]: { email: false } } },
  );
  return shown;
}
