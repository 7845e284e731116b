import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ConversationRoom } from "../../durable-objects/conversation-room";
import type { RoomEvent } from "../../durable-objects/room-protocol";
import { conversations } from "../../worker/db/schema";
import { conversationRoom } from "../../worker/services/conversation-rooms";
import { db, signedInMember } from "../helpers/fixtures";
import { call, ORIGIN } from "../helpers/http";
import { createConversation } from "./support";

/** Two new members, their conversation row in D1, and its room opened. */
async function pair() {
  const alice = await signedInMember({ name: "Alice" });
  const bob = await signedInMember({ name: "Bob" });
  const row = await createConversation(alice.user.id, bob.user.id);
  const room = conversationRoom(env, row.id);
  await room.open(row.id, [row.userAId, row.userBId]);
  return { alice, bob, row, room };
}

/** A real WebSocket to the room through the Worker's upgrade route, with the events it receives. */
async function connect(conversationId: string, cookie: string, origin = ORIGIN) {
  const response = await call(`/api/dm/conversations/${conversationId}/socket`, { cookie, headers: { Upgrade: "websocket", Origin: origin } });
  const socket = response.webSocket;
  if (!socket) return { response, socket: null, events: [] as RoomEvent[], next: async () => null as RoomEvent | null };
  socket.accept();
  const events: RoomEvent[] = [];
  const waiters: ((event: RoomEvent) => void)[] = [];
  socket.addEventListener("message", (message) => {
    const event = JSON.parse(message.data as string) as RoomEvent;
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else events.push(event);
  });
  const next = () => new Promise<RoomEvent>((resolve) => (events.length ? resolve(events.shift()!) : waiters.push(resolve)));
  return { response, socket, events, next };
}

async function mirroredRow(id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row!;
}

describe("ConversationRoom", () => {
  it("keeps messages in one order with increasing sequence numbers, newest first in pages", async () => {
    const { alice, bob, room } = await pair();
    for (let i = 1; i <= 5; i++) await room.post(i % 2 ? alice.user.id : bob.user.id, `message ${i}`);
    const first = await room.list(alice.user.id, 3);
    expect(first.items.map((m) => m.content)).toEqual(["message 5", "message 4", "message 3"]);
    expect(first.nextToken).not.toBeNull();
    const older = await room.list(alice.user.id, 3, first.nextToken!);
    expect(older.items.map((m) => m.content)).toEqual(["message 2", "message 1"]);
    expect(older.nextToken).toBeNull();
    const seqs = [...older.items, ...first.items].map((m) => m.seq).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(5);
  });

  it("counts unread messages on both sides exactly, and a read mark clears only the reader's", async () => {
    const { alice, bob, row, room } = await pair();
    await room.post(alice.user.id, "one");
    await room.post(alice.user.id, "two");
    expect(await room.unreadFor(bob.user.id)).toBe(2);
    expect(await room.unreadFor(alice.user.id)).toBe(0);
    await room.post(bob.user.id, "three");
    // Writing means Bob has read the thread; Alice now has one unread.
    expect(await room.unreadFor(bob.user.id)).toBe(0);
    expect(await room.unreadFor(alice.user.id)).toBe(1);
    await room.markRead(alice.user.id);
    expect(await room.unreadFor(alice.user.id)).toBe(0);

    const mirrored = await mirroredRow(row.id);
    expect(mirrored.lastMessageSnippet).toBe("three");
    expect(mirrored.unreadCountForUserA).toBe(0);
    expect(mirrored.unreadCountForUserB).toBe(0);
  });

  it("mirrors into D1 idempotently: an older summary never moves the row back", async () => {
    const { alice, row, room } = await pair();
    await room.post(alice.user.id, "first");
    const stale = await room.summary();
    await room.post(alice.user.id, "second");
    await runInDurableObject(room, async (_instance: ConversationRoom, state) => {
      expect(state.storage.sql.exec("SELECT count(*) AS n FROM messages").one().n).toBe(2);
    });
    const { mirrorConversationSummary } = await import("../../durable-objects/conversation-mirror");
    await mirrorConversationSummary(env.DB, stale!);
    expect((await mirroredRow(row.id)).lastMessageSnippet).toBe("second");
  });

  it("a retried post with the same messageId is stored once", async () => {
    const { alice, room } = await pair();
    const messageId = crypto.randomUUID();
    const first = await room.post(alice.user.id, "only once", messageId);
    const again = await room.post(alice.user.id, "only once", messageId);
    expect(again).toEqual(first);
    expect((await room.list(alice.user.id, 10)).items).toHaveLength(1);
  });

  it("refuses a member of another conversation", async () => {
    const { room } = await pair();
    const stranger = await signedInMember();
    // Inside the object, so the refusal is caught where it is thrown rather than crossing RPC as a crash.
    const outcome = await runInDurableObject(room, async (instance: ConversationRoom) => {
      try {
        await instance.post(stranger.user.id, "hello");
        return "posted";
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(outcome).toMatch(/Not a member/);
  });

  it("delivers a message to the other member's socket, and the state survives hibernation", async () => {
    const { alice, bob, row, room } = await pair();
    const bobSocket = await connect(row.id, bob.cookie);
    expect(bobSocket.response.status).toBe(101);
    expect(await bobSocket.next()).toEqual({ type: "ready", unread: 0 });

    await room.post(alice.user.id, "before the nap");
    const delivered = await bobSocket.next();
    expect(delivered).toMatchObject({ type: "message", unread: 1, message: { content: "before the nap", fromUserId: alice.user.id } });

    // Evicted with its sockets hibernated: the next message rebuilds it from storage and attachments.
    await evictDurableObject(room);
    await room.post(alice.user.id, "after the nap");
    expect(await bobSocket.next()).toMatchObject({ type: "message", unread: 2, message: { content: "after the nap" } });
    expect((await room.list(bob.user.id, 10)).items.map((m) => m.content)).toEqual(["after the nap", "before the nap"]);

    // Keep-alive pings are answered by the runtime, even while the room is evicted.
    await evictDurableObject(room);
    bobSocket.socket!.send(JSON.stringify({ type: "ping" }));
    expect(await bobSocket.next()).toEqual({ type: "pong" });

    bobSocket.socket!.send(JSON.stringify({ type: "read" }));
    expect(await bobSocket.next()).toEqual({ type: "read", unread: 0 });
    expect(await room.unreadFor(bob.user.id)).toBe(0);
    bobSocket.socket!.close(1000, "done");
  });

  it("refuses a stranger's socket, a visitor's, and an upgrade from another origin", async () => {
    const { alice, row } = await pair();
    const stranger = await signedInMember();
    expect((await connect(row.id, stranger.cookie)).response.status).toBe(404);
    expect((await connect(row.id, "")).response.status).toBe(401);
    const foreign = await connect(row.id, alice.cookie, "https://evil.example");
    expect(foreign.response.status).toBe(403);
    expect(foreign.socket).toBeNull();
  });

  it("answers a plain GET on the socket path with 426", async () => {
    const { alice, row } = await pair();
    expect((await call(`/api/dm/conversations/${row.id}/socket`, { cookie: alice.cookie })).status).toBe(426);
  });
});
