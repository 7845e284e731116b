import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { clubRoom } from "@worker/core/club-room-stubs";
import { describe, expect, it } from "vitest";
import type { ClubRoom, ClubRoomEvent } from "../../durable-objects/club-room";

// The Worker checks the membership and the session in D1 and then hands the
// upgrade to the room. An upgrade still in flight when the member is removed or the session ends
// must not stay open: the room remembers recent removals and ended sessions for a while and closes
// (4403 / 4401) an upgrade the Worker checked before them.

/** The Worker's upgrade as the room gets it: the member, the session and when the Worker checked them. */
function upgrade(memberId: string, sessionId: string, checkedAt: number) {
  return new Request("https://room.internal/socket", {
    headers: { Upgrade: "websocket", "X-Member-Id": memberId, "X-Session-Id": sessionId, "X-Checked-At": String(checkedAt) },
  });
}

/** Opens the upgrade and answers the first thing the socket hears: its first event, or its close code. */
async function firstOf(room: DurableObjectStub<ClubRoom>, request: Request): Promise<ClubRoomEvent | { closed: number }> {
  const response = await room.fetch(request);
  const socket = response.webSocket;
  if (!socket) throw new Error(`No socket: ${response.status}`);
  const first = new Promise<ClubRoomEvent | { closed: number }>((resolve) => {
    socket.addEventListener("message", (event) => resolve(JSON.parse(event.data as string) as ClubRoomEvent));
    socket.addEventListener("close", (event) => resolve({ closed: event.code }));
  });
  socket.accept();
  const result = await first;
  if (!("closed" in result)) socket.close(1000, "done");
  return result;
}

const openSockets = (room: DurableObjectStub<ClubRoom>) =>
  runInDurableObject(room, (_room: ClubRoom, state) => state.getWebSockets().filter((s) => s.readyState === WebSocket.OPEN).length);

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("a room socket upgrade that crosses a removal or a sign-out", () => {
  it("closes with 4403 an upgrade checked before the member was removed, and accepts one checked after they came back", async () => {
    const clubId = crypto.randomUUID();
    const memberId = crypto.randomUUID();
    const room = clubRoom(env, clubId);
    const checkedAt = Date.now();
    await tick();
    await room.removeMember(memberId);
    expect(await firstOf(room, upgrade(memberId, "s-1", checkedAt))).toEqual({ closed: 4403 });
    expect(await openSockets(room)).toBe(0);
    // Others are not affected.
    expect(await firstOf(room, upgrade(crypto.randomUUID(), "s-2", checkedAt))).toMatchObject({ type: "ready" });
    // Re-admitted later: the Worker's new check comes after the removal.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await firstOf(room, upgrade(memberId, "s-1", Date.now()))).toMatchObject({ type: "ready" });
  });

  it("closes with 4401 an upgrade from a session that ended, and one checked before every session ended", async () => {
    const room = clubRoom(env, crypto.randomUUID());
    const memberId = crypto.randomUUID();
    const checkedAt = Date.now();
    await tick();
    await room.signOut(memberId, "ended-session");
    expect(await firstOf(room, upgrade(memberId, "ended-session", checkedAt))).toEqual({ closed: 4401 });
    // The session never comes back, whenever the check was.
    expect(await firstOf(room, upgrade(memberId, "ended-session", Date.now() + 60_000))).toEqual({ closed: 4401 });
    // Another live session of the member is fine.
    expect(await firstOf(room, upgrade(memberId, "other-session", Date.now()))).toMatchObject({ type: "ready" });

    const everywhere = Date.now();
    await tick();
    await room.signOut(memberId);
    expect(await firstOf(room, upgrade(memberId, "other-session", everywhere))).toEqual({ closed: 4401 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await firstOf(room, upgrade(memberId, "signed-in-again", Date.now()))).toMatchObject({ type: "ready" });
  });
});
