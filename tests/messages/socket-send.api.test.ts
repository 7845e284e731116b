import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { connectToConversation, createConversation } from "./support";

/** Two members, their conversation, and each one's socket to it (past its `ready`). */
async function pairWithSockets() {
  const alice = await signedInMember({ name: "Alice" });
  const bob = await signedInMember({ name: "Bob" });
  const row = await createConversation(alice.user.id, bob.user.id);
  const aliceSocket = await connectToConversation(row.id, alice.cookie);
  const bobSocket = await connectToConversation(row.id, bob.cookie);
  await aliceSocket.nextOf("ready");
  await bobSocket.nextOf("ready");
  return { alice, bob, row, aliceSocket, bobSocket };
}

const send = (messageId: string, body: unknown) => ({ type: "send", messageId, body });

describe("sending over the conversation socket", () => {
  it("stores in one order with HTTP sends, and the same messageId stores once whichever way it comes", async () => {
    const { alice, bob, row, aliceSocket, bobSocket } = await pairWithSockets();
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    const third = crypto.randomUUID();

    aliceSocket.sendFrame(send(first, "  one over the socket  "));
    const ack = await aliceSocket.nextOf("ack");
    expect(ack).toMatchObject({
      messageId: first,
      message: { messageId: first, content: "one over the socket", fromUserId: alice.user.id, conversationId: row.id },
    });
    expect((await bobSocket.nextOf("message")).message.messageId).toBe(first);

    const overHttp = await api<{ messageId: string; seq: number }>(`/dm/conversations/${row.id}/messages`, alice, {
      method: "POST",
      json: { content: "two over HTTP", messageId: second },
    });
    expect(overHttp.status).toBe(201);
    expect((await bobSocket.nextOf("message")).message.messageId).toBe(second);

    aliceSocket.sendFrame(send(third, "three over the socket"));
    expect((await aliceSocket.nextOf("ack")).message.seq).toBeGreaterThan(overHttp.body.data!.seq);
    expect((await bobSocket.nextOf("message")).message.messageId).toBe(third);

    // Retries cross over: the socket's id again over HTTP, the HTTP id again over the socket.
    const retriedOverHttp = await api<{ messageId: string; seq: number }>(`/dm/conversations/${row.id}/messages`, alice, {
      method: "POST",
      json: { content: "one over the socket", messageId: first },
    });
    expect(retriedOverHttp.body.data).toMatchObject({ messageId: first, seq: ack.message.seq });
    aliceSocket.sendFrame(send(second, "two over HTTP"));
    expect((await aliceSocket.nextOf("ack")).message).toMatchObject({ messageId: second, seq: overHttp.body.data!.seq });

    const page = await api<{ items: { messageId: string }[] }>(`/dm/conversations/${row.id}/messages`, bob);
    expect(page.body.data!.items.map((message) => message.messageId)).toEqual([third, second, first]);
    // Read marks as over HTTP: the sender has read up to their own message, the other member has three unread.
    const room = conversationRoom(env, row.id);
    expect(await room.unreadFor(alice.user.id)).toBe(0);
    expect(await room.unreadFor(bob.user.id)).toBe(3);
  });

  it("answers an invalid frame with an error frame, and the socket stays usable", async () => {
    const { row, aliceSocket } = await pairWithSockets();
    const empty = crypto.randomUUID();
    aliceSocket.sendFrame(send(empty, "   "));
    expect(await aliceSocket.nextOf("error")).toEqual({ type: "error", messageId: empty, error: "content: Please write a message." });
    const long = crypto.randomUUID();
    aliceSocket.sendFrame(send(long, "x".repeat(4001)));
    expect(await aliceSocket.nextOf("error")).toMatchObject({ messageId: long, error: expect.stringMatching(/at most 4,000 characters/) });
    aliceSocket.sendFrame({ type: "send", messageId: "not-a-uuid", body: "hello" });
    expect(await aliceSocket.nextOf("error")).toMatchObject({ error: "That message could not be read." });
    aliceSocket.socket.send("not json");
    expect((await aliceSocket.nextOf("error")).error).toBe("That message could not be read.");

    const fine = crypto.randomUUID();
    aliceSocket.sendFrame(send(fine, "still here"));
    expect((await aliceSocket.nextOf("ack")).message.content).toBe("still here");
    expect((await conversationRoom(env, row.id).list(row.userAId, 10)).items.map((message) => message.messageId)).toEqual([fine]);
  });

  it("counts socket sends against the same per-member limit as HTTP sends", async () => {
    await startOfRateLimitWindow();
    const { row, alice, aliceSocket } = await pairWithSockets();
    // 59 over the socket and one over HTTP spend the 60 a minute.
    for (let i = 0; i < 59; i++) {
      aliceSocket.sendFrame(send(crypto.randomUUID(), `message ${i}`));
      expect((await aliceSocket.nextOf("ack")).type).toBe("ack");
    }
    expect((await api(`/dm/conversations/${row.id}/messages`, alice, { method: "POST", json: { content: "sixtieth" } })).status).toBe(201);
    const refused = crypto.randomUUID();
    aliceSocket.sendFrame(send(refused, "one too many"));
    expect(await aliceSocket.nextOf("error")).toEqual({
      type: "error",
      messageId: refused,
      error: "You're sending messages too quickly. Please wait a moment.",
    });
    const page = await api<{ items: { messageId: string }[] }>(`/dm/conversations/${row.id}/messages`, alice);
    expect(page.body.data!.items.some((message) => message.messageId === refused)).toBe(false);
  });

  it("refuses a blocked member's send over a socket opened before the block", async () => {
    const { alice, bob, row, aliceSocket } = await pairWithSockets();
    expect((await api(`/dm/blocks/${alice.user.id}`, bob, { method: "PUT" })).status).toBe(200);
    const refused = crypto.randomUUID();
    aliceSocket.sendFrame(send(refused, "can you hear me?"));
    expect(await aliceSocket.nextOf("error")).toEqual({ type: "error", messageId: refused, error: "You can't message this member." });
    const page = await api<{ items: unknown[] }>(`/dm/conversations/${row.id}/messages`, bob);
    expect(page.body.data!.items).toEqual([]);
  });

  it("answers a retried id of a message a moderator hid with a refusal, never its text", async () => {
    const { row, aliceSocket } = await pairWithSockets();
    const messageId = crypto.randomUUID();
    aliceSocket.sendFrame(send(messageId, "something rude"));
    await aliceSocket.nextOf("ack");
    await conversationRoom(env, row.id).hideMessage(messageId);
    aliceSocket.sendFrame(send(messageId, "something rude"));
    expect(await aliceSocket.nextOf("error")).toEqual({ type: "error", messageId, error: "This message was removed by a moderator." });
  });

  it("a socket whose session ended cannot send", async () => {
    const { alice, row, aliceSocket } = await pairWithSockets();
    expect((await api("/auth/logout", alice, { method: "POST" })).status).toBeLessThan(400);
    expect(await aliceSocket.closed).toBe(4401);
    try {
      aliceSocket.sendFrame(send(crypto.randomUUID(), "after sign-out"));
    } catch {
      // Closed on this side too: nothing can go out.
    }
    expect((await conversationRoom(env, row.id).list(alice.user.id, 10)).items).toEqual([]);
  });
});
