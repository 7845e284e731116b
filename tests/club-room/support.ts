import { clubBooks, clubMilestones, clubRoomReads, milestoneProgress, notifications } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import type { ClubRoomEvent } from "../../durable-objects/club-room";
import { addMember, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json, ORIGIN, SAME_ORIGIN } from "../helpers/http";

export type Member = Awaited<ReturnType<typeof signedInMember>>;

/** A club (open unless `isPrivate`) with its creator (an admin) and one more active member. */
export async function clubWithMembers(isPrivate = true) {
  const admin = await signedInMember({ name: "Ada Admin" });
  const member = await signedInMember({ name: "Ben Member" });
  const club = await createClub(admin.user.id, { isPrivate, name: "Night Readers" });
  await addMember(club.id, member.user.id);
  return { admin, member, club };
}

/** The club's current book with milestones, in order. */
export async function currentBookWithMilestones(clubId: string, labels: string[]) {
  const bookId = crypto.randomUUID();
  await db.insert(clubBooks).values({ id: bookId, clubId, title: "Middlemarch", author: "George Eliot", matchKey: "middlemarch|eliot", startedAt: Date.now() });
  const ids = labels.map(() => crypto.randomUUID());
  await db.insert(clubMilestones).values(labels.map((label, i) => ({ id: ids[i]!, clubBookId: bookId, position: i + 1, label })));
  return ids;
}

export function reached(milestoneId: string, userId: string) {
  return db.insert(milestoneProgress).values({ milestoneId, userId, doneAt: Date.now() });
}

export function roomCall(method: string, path: string, member: Member | null, body?: unknown) {
  return call(`/api/clubs${path}`, {
    method,
    headers: member ? { Cookie: member.cookie, ...SAME_ORIGIN } : SAME_ORIGIN,
    ...(body === undefined ? {} : { json: body }),
  });
}

export async function roomJson<T = unknown>(method: string, path: string, member: Member | null, body?: unknown) {
  const response = await roomCall(method, path, member, body);
  return { status: response.status, body: await json<Envelope<T>>(response) };
}

export type Item = {
  messageId: string;
  content: string;
  fromName: string;
  fromUserId: string;
  milestoneId: string | null;
  spoiler: string | null;
  announcement: boolean;
};
export type RoomPage = { items: Item[]; pinned: Item[]; nextToken: number | null; milestones: { milestoneId: string; label: string; reached: boolean }[] };

/** A real WebSocket to the club's room through the Worker's upgrade route, with the events it receives. */
export async function connect(clubId: string, member: Member | null, origin = ORIGIN) {
  const response = await call(`/api/clubs/${clubId}/room/socket`, { cookie: member?.cookie, headers: { Upgrade: "websocket", Origin: origin } });
  const socket = response.webSocket;
  if (!socket) return { response, socket: null, next: async () => null as ClubRoomEvent | null, closed: Promise.resolve(0) };
  socket.accept();
  const events: ClubRoomEvent[] = [];
  const waiters: ((event: ClubRoomEvent) => void)[] = [];
  let onClose: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  socket.addEventListener("close", (event) => onClose(event.code));
  socket.addEventListener("message", (message) => {
    const event = JSON.parse(message.data as string) as ClubRoomEvent;
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else events.push(event);
  });
  const next = () => new Promise<ClubRoomEvent>((resolve) => (events.length ? resolve(events.shift()!) : waiters.push(resolve)));
  return { response, socket, next, closed };
}

export async function unreadOf(clubId: string, userId: string) {
  const [row] = await db
    .select()
    .from(clubRoomReads)
    .where(and(eq(clubRoomReads.clubId, clubId), eq(clubRoomReads.userId, userId)));
  return row?.unread ?? null;
}

export function notificationsOf(userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId));
}
