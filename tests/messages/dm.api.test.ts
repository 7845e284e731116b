import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { conversations } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MessagePage, RoomMessage } from "../../durable-objects/conversation-room";
import { db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function start(from: Member, to: Member) {
  const { status, body } = await api<{ conversationId: string }>("/dm/conversations", from, { method: "POST", json: { toUserId: to.user.id } });
  expect(status).toBe(201);
  return body.data!.conversationId;
}

const send = (member: Member, conversationId: string, content: string, invalid = false) =>
  api<RoomMessage>(`/dm/conversations/${conversationId}/messages`, member, { method: "POST", json: { content }, invalid });

describe("starting a conversation", () => {
  it("gives the same pair the same conversation, from either side and when both start at once", async () => {
    const [a, b] = await Promise.all([signedInMember(), signedInMember()]);
    const ids = await Promise.all([start(a, b), start(b, a), start(a, b), start(b, a)]);
    expect(new Set(ids).size).toBe(1);
    expect(await db.select().from(conversations).where(eq(conversations.id, ids[0]!))).toHaveLength(1);
  });

  it("refuses an unknown member, oneself, and a missing toUserId with the spec's texts", async () => {
    const a = await signedInMember();
    expect(await api("/dm/conversations", a, { method: "POST", json: { toUserId: "no-such-member" } })).toEqual({
      status: 404,
      body: { success: false, error: "No user found with that ID" },
    });
    expect((await api("/dm/conversations", a, { method: "POST", json: { toUserId: a.user.id } })).status).toBe(400);
    expect((await api("/dm/conversations", a, { method: "POST", json: {}, invalid: true })).status).toBe(400);
  });
});

describe("starting conversations is rate-limited", () => {
  const tooQuickly = { success: false, error: "You're starting conversations too quickly. Please wait a minute and try again." };

  it("refuses an 11th new conversation within a minute (429), and creates nothing for it", async () => {
    await startOfRateLimitWindow();
    const [starter, ...others] = await Promise.all(Array.from({ length: 12 }, () => signedInMember()));
    for (const other of others.slice(0, 10)) await start(starter!, other);
    const refused = await api("/dm/conversations", starter!, { method: "POST", json: { toUserId: others[10]!.user.id } });
    expect(refused).toEqual({ status: 429, body: tooQuickly });
    const [userAId, userBId] = [starter!.user.id, others[10]!.user.id].sort();
    expect(
      await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.userAId, userAId!), eq(conversations.userBId, userBId!))),
    ).toEqual([]);
  });

  it("never refuses going back to an existing conversation, and each member has their own limit", async () => {
    await startOfRateLimitWindow();
    const [starter, ...others] = await Promise.all(Array.from({ length: 12 }, () => signedInMember()));
    const ids = [];
    for (const other of others.slice(0, 10)) ids.push(await start(starter!, other));
    expect((await api("/dm/conversations", starter!, { method: "POST", json: { toUserId: others[10]!.user.id } })).status).toBe(429);
    // The conversations the starter already has still open, as often as asked.
    for (const [index, other] of others.slice(0, 10).entries()) expect(await start(starter!, other)).toBe(ids[index]);
    // Another member starting one with the limited member is not held back by the starter's limit.
    expect(await start(others[10]!, starter!)).toEqual(expect.any(String));
  });
});

describe("messages", () => {
  it("sends, lists newest first in pages of 30, and counts unread for the other member until read", async () => {
    const [a, b] = await Promise.all([signedInMember(), signedInMember()]);
    const id = await start(a, b);
    for (let i = 1; i <= 32; i++) expect((await send(i % 2 ? a : b, id, `  note ${i}  `)).status).toBe(201);
    const page = await api<MessagePage>(`/dm/conversations/${id}/messages`, b);
    expect(page.body.data!.items).toHaveLength(30);
    expect(page.body.data!.items[0]!.content).toBe("note 32");
    const older = await api<MessagePage>(`/dm/conversations/${id}/messages?nextToken=${page.body.data!.nextToken}`, b);
    expect(older.body.data!.items.map((m) => m.content)).toEqual(["note 2", "note 1"]);

    await send(a, id, "one more");
    const list = await api<{ items: { conversationId: string; unreadCount: number; lastMessageSnippet: string }[] }>("/dm/conversations?limit=50", b);
    expect(list.body.data!.items.find((c) => c.conversationId === id)).toMatchObject({ unreadCount: 1, lastMessageSnippet: "one more" });
    expect((await api(`/dm/conversations/${id}/read`, b, { method: "PATCH" })).status).toBe(200);
    const after = await api<{ items: { conversationId: string; unreadCount: number }[] }>("/dm/conversations?limit=50", b);
    expect(after.body.data!.items.find((c) => c.conversationId === id)!.unreadCount).toBe(0);
  });

  it("a retried send gives back the sender's own message once; the other member reusing its messageId gets 409, not the message", async () => {
    const [a, b] = await Promise.all([signedInMember(), signedInMember()]);
    const id = await start(a, b);
    const messageId = crypto.randomUUID();
    const first = await api<RoomMessage>(`/dm/conversations/${id}/messages`, a, { method: "POST", json: { content: "Only once", messageId } });
    const again = await api<RoomMessage>(`/dm/conversations/${id}/messages`, a, { method: "POST", json: { content: "Only once", messageId } });
    expect(again.body.data).toEqual(first.body.data);
    const reused = await api(`/dm/conversations/${id}/messages`, b, { method: "POST", json: { content: "Mine now", messageId } });
    expect(reused).toEqual({ status: 409, body: { success: false, error: "That messageId belongs to another message." } });
    const page = await api<MessagePage>(`/dm/conversations/${id}/messages`, b);
    expect(page.body.data!.items.map((m) => [m.fromUserId, m.content])).toEqual([[a.user.id, "Only once"]]);
  });

  it("refuses empty, blank and over-long messages, and a toUserId that is not the other member", async () => {
    const [a, b, c] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const id = await start(a, b);
    expect((await send(a, id, "", true)).status).toBe(400);
    expect((await send(a, id, " \u200b ", true)).status).toBe(400);
    expect((await send(a, id, "x".repeat(4001), true)).status).toBe(400);
    expect((await send(a, id, "x".repeat(4000))).status).toBe(201);
    const wrongPeer = await api(`/dm/conversations/${id}/messages`, a, { method: "POST", json: { toUserId: c.user.id, content: "hi" } });
    expect(wrongPeer.status).toBe(400);
  });

  it("1,000 messages sent at once by both members: none lost, one order, exact unread counts and D1 mirror", async () => {
    const [a, b] = await Promise.all([signedInMember(), signedInMember()]);
    const id = await start(a, b);
    const room = conversationRoom(env, id);
    // Straight to the room, as the API does after its checks; the API's per-member rate limit is a separate concern.
    const sent = await Promise.all(Array.from({ length: 1000 }, (_, i) => room.post(i % 2 ? a.user.id : b.user.id, `burst ${i}`)));
    // Fresh messageIds: each post stores a message (a refusal is only for a reused one).
    const seqs = sent.map((m) => (m as RoomMessage).seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    const stored: RoomMessage[] = [];
    let before: number | undefined;
    do {
      const page = await room.list(a.user.id, 100, before);
      stored.push(...page.items);
      before = page.nextToken ?? undefined;
    } while (before !== undefined);
    expect(new Set(stored.map((m) => m.content)).size).toBe(1000);

    // Whoever wrote last has read everything; the other has read up to their own last message.
    const last = stored[0]!;
    const otherLast = stored.find((m) => m.fromUserId !== last.fromUserId)!;
    const unreadForOther = last.seq - otherLast.seq;
    const unread = { [last.fromUserId]: 0, [otherLast.fromUserId]: unreadForOther };
    expect(await room.unreadFor(a.user.id)).toBe(unread[a.user.id]);
    expect(await room.unreadFor(b.user.id)).toBe(unread[b.user.id]);
    const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
    expect(row!.lastMessageSnippet).toBe(last.content);
    expect({ [row!.userAId]: row!.unreadCountForUserA, [row!.userBId]: row!.unreadCountForUserB }).toEqual(unread);
    // 1,000 writes and mirrors take a few seconds on a quiet machine; a busy CI machine gets room to finish.
  }, 60_000);
});

describe("blocking", () => {
  it("stops the blocked member starting a conversation or writing, keeps the messages, and can be undone", async () => {
    const [a, b] = await Promise.all([signedInMember(), signedInMember()]);
    const id = await start(a, b);
    await send(b, id, "hello before the block");
    expect((await api(`/dm/blocks/${b.user.id}`, a, { method: "PUT" })).status).toBe(200);
    expect(await send(b, id, "can you hear me?")).toEqual({ status: 403, body: { success: false, error: "You can't message this member." } });
    expect((await api("/dm/conversations", b, { method: "POST", json: { toUserId: a.user.id } })).status).toBe(403);
    // The blocker cannot write either, so nobody is left talking to a wall.
    expect((await send(a, id, "and you?")).status).toBe(403);
    const kept = await api<MessagePage>(`/dm/conversations/${id}/messages`, a);
    expect(kept.body.data!.items.map((m) => m.content)).toEqual(["hello before the block"]);

    expect((await api(`/dm/blocks/${b.user.id}`, a, { method: "DELETE" })).status).toBe(200);
    expect((await send(b, id, "thanks")).status).toBe(201);
  });
});

describe("who may do what", () => {
  it("only the two members can read, post, mark read; visitors get 401 and strangers 404", async () => {
    const [a, b, stranger] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const id = await start(a, b);
    const calls = [
      { path: `/conversations/${id}/messages`, method: "GET" },
      { path: `/conversations/${id}/messages`, method: "POST", json: { content: "hi" } },
      { path: `/conversations/${id}/read`, method: "PATCH" },
    ];
    for (const request of calls) {
      expect((await api(`/dm${request.path}`, null, request)).status, `visitor ${request.method} ${request.path}`).toBe(401);
      expect((await api(`/dm${request.path}`, stranger, request)).status, `stranger ${request.method} ${request.path}`).toBe(404);
      expect([200, 201], `member ${request.method} ${request.path}`).toContain((await api(`/dm${request.path}`, a, request)).status);
      expect([200, 201], `other member ${request.method} ${request.path}`).toContain((await api(`/dm${request.path}`, b, request)).status);
    }
    expect((await api("/dm/conversations", null)).status).toBe(401);
    expect((await api("/dm/conversations", null, { method: "POST", json: { toUserId: a.user.id } })).status).toBe(401);
    expect((await api(`/dm/blocks/${a.user.id}`, null, { method: "PUT" })).status).toBe(401);
  });
});
