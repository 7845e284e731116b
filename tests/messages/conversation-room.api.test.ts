import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { createSession } from "@worker/core/session";
import { conversations } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ConversationRoom } from "../../durable-objects/conversation-room";
import type { RoomEvent } from "../../durable-objects/room-protocol";
import { SAME_ORIGIN } from "../account/member-support";
import { postForm as signInForm } from "../auth/support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call, ORIGIN } from "../helpers/http";
import { postForm } from "../helpers/pages";
import { moderator, post } from "../moderation/support";
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
  if (!socket) return { response, socket: null, events: [] as RoomEvent[], next: async () => null as RoomEvent | null, closed: Promise.resolve(0) };
  socket.accept();
  const events: RoomEvent[] = [];
  const waiters: ((event: RoomEvent) => void)[] = [];
  let onClose: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  socket.addEventListener("close", (event) => onClose(event.code));
  socket.addEventListener("message", (message) => {
    const event = JSON.parse(message.data as string) as RoomEvent;
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else events.push(event);
  });
  const next = () => new Promise<RoomEvent>((resolve) => (events.length ? resolve(events.shift()!) : waiters.push(resolve)));
  return { response, socket, events, next, closed };
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

describe("when a member's session ends, their conversation sockets close with 4401", () => {
  type Tab = Awaited<ReturnType<typeof connect>>;

  /** The close code the room sent, or "still open" after a few seconds (a clear failure, not a timeout). */
  const closeCode = (tab: Tab) => Promise.race([tab.closed, new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 3_000))]);

  /** The same member signed in elsewhere: another device, or someone holding a copy of their token. */
  async function anotherSession(memberId: string) {
    const { token } = await createSession(db, memberId);
    return `bookclub_session=${token}`;
  }

  /** Two members talking, with Alice's thread open on another session and Bob's open as a witness. */
  async function openThreads() {
    const { alice, bob, row, room } = await pair();
    await room.post(bob.user.id, "before");
    const stolen = await connect(row.id, await anotherSession(alice.user.id));
    const witness = await connect(row.id, bob.cookie);
    expect(await stolen.next()).toEqual({ type: "ready", unread: 1 });
    expect(await witness.next()).toEqual({ type: "ready", unread: 0 });
    return { alice, bob, row, room, stolen, witness };
  }

  /**
   * The room closed the socket with 4401; whatever it still sends changes nothing, and it hears
   * nothing more: Bob's next message reaches only his own socket, and Alice still has both unread.
   */
  async function expectShut(tab: Tab, { alice, bob, room, witness }: Awaited<ReturnType<typeof openThreads>>) {
    const code = await closeCode(tab);
    try {
      tab.socket!.send(JSON.stringify({ type: "read" }));
    } catch {
      // Closed on this side too: nothing goes out.
    }
    await room.post(bob.user.id, "after");
    expect(await witness.next()).toMatchObject({ type: "message", message: { content: "after" } });
    expect(tab.events.filter((event) => event.type !== "ready")).toEqual([]);
    expect(await room.unreadFor(alice.user.id)).toBe(2);
    expect(code).toBe(4401);
    witness.socket!.close(1000, "done");
  }

  it("'Sign out everywhere' closes them on every device, the asking one included", async () => {
    const threads = await openThreads();
    const here = await connect(threads.row.id, threads.alice.cookie);
    await here.next();
    const response = await call("/api/auth/logout-all", { method: "POST", cookie: threads.alice.cookie, headers: SAME_ORIGIN });
    expect(response.status).toBe(200);
    expect(await closeCode(here)).toBe(4401);
    await expectShut(threads.stolen, threads);
  });

  it("signing out one session closes that session's sockets and spares the member's others", async () => {
    const threads = await openThreads();
    const here = await connect(threads.row.id, threads.alice.cookie);
    await here.next();
    // The stolen copy is signed out (an API client's logout); the member's own tab stays.
    const stolenCookie = await anotherSession(threads.alice.user.id);
    const other = await connect(threads.row.id, stolenCookie);
    await other.next();
    expect((await call("/api/auth/logout", { method: "POST", cookie: stolenCookie, headers: SAME_ORIGIN })).status).toBe(200);
    expect(await closeCode(other)).toBe(4401);
    await threads.room.post(threads.bob.user.id, "still here");
    expect(await here.next()).toMatchObject({ type: "message", message: { content: "still here" } });
    // The browser's own "Sign out" (POST /logout) does the same for its session.
    expect((await postForm("/logout", {}, threads.alice.cookie)).status).toBe(302);
    expect(await closeCode(here)).toBe(4401);
    threads.stolen.socket!.close(1000, "done");
    threads.witness.socket!.close(1000, "done");
  });

  it("signing in again in the same browser ends its previous session and closes that session's sockets", async () => {
    const threads = await openThreads();
    const here = await connect(threads.row.id, threads.alice.cookie);
    await here.next();
    const demo = await createMember({ isDemo: true });
    const signIn = await signInForm("/login", { intent: "demo", userId: demo.id }, { cookie: threads.alice.cookie });
    expect(signIn.status).toBe(302);
    expect(await closeCode(here)).toBe(4401);
    threads.stolen.socket!.close(1000, "done");
    threads.witness.socket!.close(1000, "done");
  });

  it("a suspension closes them", async () => {
    const threads = await openThreads();
    const mod = await moderator();
    expect((await post(`/api/moderation/members/${threads.alice.user.id}/suspend`, mod)).status).toBe(200);
    await expectShut(threads.stolen, threads);
  });

  it("deleting the account closes them", async () => {
    const threads = await openThreads();
    const response = await call("/api/users/me", {
      method: "DELETE",
      cookie: threads.alice.cookie,
      headers: SAME_ORIGIN,
      json: { confirm: "DELETE" },
    });
    expect(response.status).toBe(200);
    await expectShut(threads.stolen, threads);
  });

  it("reaches every conversation of a member with many, and leaves the other member's sockets open", async () => {
    const alice = await signedInMember({ name: "Alice" });
    const stolen = await anotherSession(alice.user.id);
    const others = await Promise.all(Array.from({ length: 14 }, () => signedInMember()));
    const rooms = await Promise.all(
      others.map(async (other) => {
        const row = await createConversation(alice.user.id, other.user.id);
        await conversationRoom(env, row.id).open(row.id, [row.userAId, row.userBId]);
        return row;
      }),
    );
    const tabs = await Promise.all(rooms.map((row) => connect(row.id, stolen)));
    const witness = await connect(rooms[0]!.id, others[0]!.cookie);
    await Promise.all([...tabs, witness].map((tab) => tab.next()));

    expect((await call("/api/auth/logout-all", { method: "POST", cookie: alice.cookie, headers: SAME_ORIGIN })).status).toBe(200);
    expect(await Promise.all(tabs.map(closeCode))).toEqual(tabs.map(() => 4401));
    const open = await runInDurableObject(conversationRoom(env, rooms[0]!.id), (_room: ConversationRoom, state) =>
      state.getWebSockets().map((socket) => (socket.deserializeAttachment() as { memberId: string }).memberId),
    );
    expect(open).toEqual([others[0]!.user.id]);
    witness.socket!.close(1000, "done");
  });

  it("does not obey a read that crosses the close", async () => {
    const { alice, bob, row, room } = await pair();
    await room.post(bob.user.id, "unread");
    const stolen = await connect(row.id, await anotherSession(alice.user.id));
    await stolen.next();
    const outcome = await runInDurableObject(room, async (instance: ConversationRoom, state) => {
      const [socket] = state.getWebSockets(alice.user.id);
      instance.signOut(alice.user.id);
      // A frame the client sent before it saw the close still reaches the room.
      await instance.webSocketMessage(socket!, JSON.stringify({ type: "read" }));
      return instance.unreadFor(alice.user.id);
    });
    expect(outcome).toBe(1);
    expect(await closeCode(stolen)).toBe(4401);
  });
});
