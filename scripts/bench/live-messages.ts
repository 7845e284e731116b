// Live delivery through the real Worker, Durable Object and WebSocket: one member's sends, timed until
// the other member's socket receives them; then a burst of concurrent sends, counted back. Both live
// rooms speak one protocol (durable-objects/room-protocol.ts), so a room is only its two paths: a
// conversation's, or a club room's.
import { benchRequest, summarise } from "./harness.ts";

/** Where a room's socket and its sends are. */
export interface RoomPaths {
  socket: string;
  messages: string;
}
export const conversationPaths = (conversationId: string): RoomPaths => ({
  socket: `/api/dm/conversations/${conversationId}/socket`,
  messages: `/api/dm/conversations/${conversationId}/messages`,
});
export const clubRoomPaths = (clubId: string): RoomPaths => ({ socket: `/api/clubs/${clubId}/room/socket`, messages: `/api/clubs/${clubId}/room/messages` });
const pathsOf = (room: string | RoomPaths) => (typeof room === "string" ? conversationPaths(room) : room);

/** Send → delivery times and the server's share of them (store → socket, ms clock). */
function deliverySummary(times: number[], fromStore: number[]) {
  const { median: storeToSocketMedian, p95: storeToSocketP95 } = summarise(fromStore);
  return { ...summarise(times), storeToSocketMedian, storeToSocketP95 };
}

interface Peer {
  token: string;
}

async function openSocket(base: string, room: string | RoomPaths, reader: Peer) {
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}${pathsOf(room).socket}`, {
    headers: { Authorization: `Bearer ${reader.token}` },
  } as unknown as string[]);
  const arrivals = new Map<string, number>();
  /** From the room storing a message (its createdAt) to this socket receiving it: the server's share. */
  const fromStore: number[] = [];
  const waiters = new Map<string, () => void>();
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data)) as { type: string; message?: { messageId: string; createdAt: number } };
    if (data.type !== "message" || !data.message) return;
    fromStore.push(Date.now() - data.message.createdAt);
    arrivals.set(data.message.messageId, performance.now());
    waiters.get(data.message.messageId)?.();
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("The bench socket could not connect")), { once: true });
  });
  const arrival = (messageId: string) => (arrivals.has(messageId) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(messageId, resolve)));
  return { socket, arrivals, arrival, fromStore };
}

/** One send over the bench's keep-alive pool. */
function send(base: string, room: string | RoomPaths, sender: Peer, content: string, messageId: string) {
  return benchRequest(`${base}${pathsOf(room).messages}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${sender.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ content, messageId }),
  });
}

/** Send → delivery on the other member's socket, `count` messages one after another (a conversation's id, or a room's paths). */
export async function measureDelivery(base: string, room: string | RoomPaths, sender: Peer, reader: Peer, count: number) {
  const { socket, arrival, fromStore } = await openSocket(base, room, reader);
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const messageId = crypto.randomUUID();
      const started = performance.now();
      const delivered = arrival(messageId);
      const response = await send(base, room, sender, `bench message ${i}`, messageId);
      if (!response.ok) throw new Error(`send answered ${response.status}: ${response.text}`);
      await delivered;
      times.push(performance.now() - started);
    }
  } finally {
    socket.close();
  }
  return deliverySummary(times, fromStore);
}

/**
 * The same, sent over the sender's own open socket (a `send` frame, answered by an `ack`) instead of a
 * POST: timed until the other member's socket receives it. Each send's follow-up (bell, e-mail batch,
 * inbox pings) runs after it, as over HTTP, so the next send is timed with the last one's still running.
 */
export async function measureSocketDelivery(base: string, conversationId: string, sender: Peer, reader: Peer, count: number) {
  const { socket, arrival, fromStore } = await openSocket(base, conversationId, reader);
  const own = await openSocket(base, conversationId, sender);
  const acks = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  own.socket.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data)) as { type: string; messageId?: string };
    if (data.type === "error" && data.messageId) acks.get(data.messageId)?.reject(new Error(`The room refused a bench send: ${String(event.data)}`));
    if (data.type === "ack" && data.messageId) acks.get(data.messageId)?.resolve();
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const messageId = crypto.randomUUID();
      const started = performance.now();
      const delivered = arrival(messageId);
      const acked = new Promise<void>((resolve, reject) => acks.set(messageId, { resolve, reject }));
      own.socket.send(JSON.stringify({ type: "send", messageId, body: `bench socket message ${i}` }));
      await Promise.race([delivered, acked.then(() => delivered)]);
      times.push(performance.now() - started);
      await acked;
    }
  } finally {
    socket.close();
    own.socket.close();
  }
  return deliverySummary(times, fromStore);
}

/** `count` sends at once (in flight over the pool's MAX_SOCKETS connections, the rest queued by the client); returns how many arrived and are stored. */
export async function measureBurst(base: string, conversationId: string, sender: Peer, reader: Peer, count: number) {
  const { socket, arrivals } = await openSocket(base, conversationId, reader);
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  const started = performance.now();
  const answers = await Promise.all(ids.map((id, i) => send(base, conversationId, sender, `burst ${i}`, id).then((r) => r.status)));
  const seconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + 10_000;
  while (ids.some((id) => !arrivals.has(id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  socket.close();

  const stored = new Set<string>();
  let nextToken: number | null | undefined;
  do {
    const query = nextToken ? `?limit=100&nextToken=${nextToken}` : "?limit=100";
    const response = await benchRequest(`${base}/api/dm/conversations/${conversationId}/messages${query}`, {
      headers: { Authorization: `Bearer ${reader.token}` },
    });
    const page = JSON.parse(response.text) as { data: { items: { messageId: string }[]; nextToken: number | null } };
    for (const item of page.data.items) stored.add(item.messageId);
    nextToken = page.data.nextToken;
  } while (nextToken);
  return {
    accepted: answers.filter((status) => status === 201).length,
    delivered: ids.filter((id) => arrivals.has(id)).length,
    stored: ids.filter((id) => stored.has(id)).length,
    seconds,
  };
}
