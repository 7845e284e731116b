import { conversationPair, conversations } from "@worker/db/schema";
import type { RoomEvent } from "../../durable-objects/room-protocol";
import { db } from "../helpers/fixtures";
import { call, ORIGIN } from "../helpers/http";

/**
 * A conversation between two members, stored as the pair is (userAId < userBId); `unreadFor`
 * gives each member's unread count by user id so tests need not know which side they are.
 */
export async function createConversation(
  first: string,
  second: string,
  options: { snippet?: string | null; lastMessageAt?: number | null; unreadFor?: Record<string, number> } = {},
) {
  const [userAId, userBId] = conversationPair(first, second);
  const [row] = await db
    .insert(conversations)
    .values({
      id: crypto.randomUUID(),
      userAId,
      userBId,
      lastMessageSnippet: options.snippet ?? null,
      lastMessageAt: options.lastMessageAt ?? null,
      unreadCountForUserA: options.unreadFor?.[userAId] ?? 0,
      unreadCountForUserB: options.unreadFor?.[userBId] ?? 0,
    })
    .returning();
  return row!;
}

/** A real WebSocket to a conversation's room through the Worker's upgrade route, with the events it receives in order. */
export async function connectToConversation(conversationId: string, cookie: string) {
  const response = await call(`/api/dm/conversations/${conversationId}/socket`, { cookie, headers: { Upgrade: "websocket", Origin: ORIGIN } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`No socket: ${response.status}`);
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
  /** The next event of this type, skipping others (ready, read, the sender's own message broadcast). */
  const nextOf = async <T extends RoomEvent["type"]>(type: T): Promise<Extract<RoomEvent, { type: T }>> => {
    for (;;) {
      const event = await next();
      if (event.type === type) return event as Extract<RoomEvent, { type: T }>;
    }
  };
  const sendFrame = (frame: unknown) => socket.send(JSON.stringify(frame));
  return { socket, next, nextOf, sendFrame, closed };
}
