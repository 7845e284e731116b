import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { reports, users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { db, type signedInMember, signIn } from "../helpers/fixtures";
import { call, type Envelope, json, ORIGIN } from "../helpers/http";

/** vitest.config.ts lists this address in MODERATORS. */
export const MODERATOR_EMAIL = "moderator@example.org";

export const SAME_ORIGIN = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" };
export type Member = Awaited<ReturnType<typeof signedInMember>>;

export const asMember = (member: Member) => ({ Cookie: member.cookie, ...SAME_ORIGIN });

/**
 * The moderator MODERATORS names, signed in afresh: made by the first test that needs them, found by
 * every later one (files share their Worker's database, so no test may assume it has them to itself).
 */
export async function moderator(): Promise<Member> {
  await db.insert(users).values({ id: crypto.randomUUID(), email: MODERATOR_EMAIL, name: "Mo Derator" }).onConflictDoNothing({ target: users.email });
  const [user] = await db.select().from(users).where(eq(users.email, MODERATOR_EMAIL));
  return signIn(user!);
}

export function post(path: string, member: Member | null, body?: unknown, invalid = false) {
  return call(path, { method: "POST", headers: member ? asMember(member) : SAME_ORIGIN, invalid, ...(body === undefined ? {} : { json: body }) });
}

export async function report(member: Member, body: Record<string, unknown>, invalid = false) {
  const response = await post("/api/reports", member, { reason: "spam", ...body }, invalid);
  const envelope = await json<Envelope<{ reportId: string; message: string }>>(response);
  return { status: response.status, envelope };
}

/** Opens a conversation between the two and posts `content` as `from`; returns the ids. */
export async function sendMessage(from: Member, to: Member, content: string) {
  const started = await json<Envelope<{ conversationId: string }>>(await post("/api/dm/conversations", from, { toUserId: to.user.id }));
  const conversationId = started.data!.conversationId;
  const sent = await json<Envelope<{ messageId: string }>>(await post(`/api/dm/conversations/${conversationId}/messages`, from, { content }));
  return { conversationId, messageId: sent.data!.messageId };
}

export async function threadOf(member: Member, conversationId: string) {
  const response = await call(`/api/dm/conversations/${conversationId}/messages`, { headers: asMember(member) });
  return json<Envelope<{ items: { messageId: string; content: string }[] }>>(response);
}

export async function reportRow(reportId: string) {
  const [row] = await db.select().from(reports).where(eq(reports.id, reportId));
  return row!;
}

export { conversationRoom, env };
