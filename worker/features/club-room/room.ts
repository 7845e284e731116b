import { clubRoom } from "@worker/core/club-room-stubs";
import { isModerator, readConfig } from "@worker/core/config";
import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import { translate } from "@worker/core/i18n/request-language";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext } from "@worker/core/service-context";
import { idSchema } from "@worker/core/shared/id";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { clubMilestones, users } from "@worker/db/schema";
import { takeClubWrite } from "@worker/features/clubs";
import { markNotificationReadByKey } from "@worker/features/notifications";
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { ClubRoomMessage, RoomFold } from "../../../durable-objects/club-room";
import { MESSAGE_MAX_LENGTH } from "../../../durable-objects/room-protocol";
import { requireRoomMember } from "./room-access";
import { type RoomMilestone, readersOf, roomMilestones, spoilerLabel } from "./room-milestones";
import { countMessage, markRoomRead } from "./room-reads";

export const ROOM_PAGE_SIZE = 30;
/** Announcements pinned at the top of the room: the newest few. */
export const PINNED_LIMIT = 3;
export const ROOM_SEND_RATE_LIMITED = msg("You're sending messages too quickly. Please wait a moment.");
export const ROOM_MESSAGE_HIDDEN = msg("This message was removed by a moderator.");
export const ROOM_MESSAGE_ID_TAKEN = msg("That messageId belongs to another message.");
export const UNKNOWN_MILESTONE = msg("That milestone is not one of the club's current book.");
export const ONLY_ADMINS_ANNOUNCE = msg("Only the club's admins can post announcements.");
export const ONLY_MODERATORS_HIDE = msg("Only moderators and the club's admins can hide messages.");
export const ROOM_MESSAGE_NOT_FOUND = msg("Message not found");

/** The bell's one item per club for its room (counts up until read), and its dedupe key. */
export const clubRoomNotificationKey = (clubId: string) => `club-room:${clubId}`;

const content = cleanText({
  max: MESSAGE_MAX_LENGTH,
  tooLong: msg("A message can have at most {max, number} characters."),
  required: msg("Please write a message."),
  multiline: true,
});

export const roomMessageInput = z.object({
  content,
  /** Lets a client retry a send without posting twice. */
  messageId: z.uuid().optional(),
  /** The milestone thread it belongs to (one of the current book's milestones), or none. */
  milestoneId: idSchema.nullish(),
});
export const announcementInput = z.object({ content, messageId: z.uuid().optional() });
export const roomQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ROOM_PAGE_SIZE),
  nextToken: z.coerce.number().int().min(1).optional(),
  /** Only this milestone's thread. */
  milestoneId: idSchema.optional(),
});
/** One message: `reveal=1` is the reader opening its fold (its text even in a milestone they have not reached). */
export const roomMessageQuerySchema = z.object({ reveal: z.enum(["0", "1", "true", "false"]).optional() });

/**
 * A message as the reader gets it: with its sender's name, and the label it is folded behind for them
 * (null: shown). A folded message comes without its text (`content` null) unless the reader asked to reveal it.
 */
export type RoomItem = Omit<ClubRoomMessage, "content"> & {
  content: string | null;
  fromName: string;
  spoiler: string | null;
  /** The label of its milestone thread, on every message of one (folded or not, the reader's own too); null in the general thread. */
  milestoneLabel: string | null;
};

/**
 * The messages with their senders' names and their threads' labels: the current book's from `milestones`,
 * an earlier book's read by primary key (one query for the page's few).
 */
async function withNames(ctx: ServiceContext, messages: ClubRoomMessage[], readerId: string, milestones: RoomMilestone[], reveal = false): Promise<RoomItem[]> {
  const ids = [...new Set(messages.map((message) => message.fromUserId))];
  const labels = new Map(milestones.map((milestone) => [milestone.milestoneId, milestone.label]));
  const unknown = [...new Set(messages.flatMap((message) => (message.milestoneId && !labels.has(message.milestoneId) ? [message.milestoneId] : [])))];
  const [names, older] = await Promise.all([
    ids.length ? ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [],
    unknown.length ? ctx.db.select({ id: clubMilestones.id, label: clubMilestones.label }).from(clubMilestones).where(inArray(clubMilestones.id, unknown)) : [],
  ]);
  for (const row of older) labels.set(row.id, row.label);
  const byId = new Map(names.map((row) => [row.id, row.name]));
  return messages.map((message) => {
    const spoiler = spoilerLabel(message, readerId, milestones);
    return {
      ...message,
      content: spoiler && !reveal ? null : message.content,
      fromName: byId.get(message.fromUserId) ?? translate("Deleted member"),
      spoiler,
      milestoneLabel: message.milestoneId ? (labels.get(message.milestoneId) ?? null) : null,
    };
  });
}

/**
 * A page of the room, newest first, for an active member: the messages (each with the label it is
 * folded behind for this reader), the pinned announcements, and the current book's milestones with
 * whether the reader reached each (the page folds live messages with them).
 */
export async function listRoom(ctx: ServiceContext, clubId: string, query: z.output<typeof roomQuerySchema>) {
  const { userId } = await requireRoomMember(ctx, clubId);
  const room = clubRoom(ctx.env, clubId);
  const [page, pinned, milestones] = await Promise.all([
    room.list(query.limit, query.nextToken, query.milestoneId),
    query.nextToken ? Promise.resolve([]) : room.pinned(PINNED_LIMIT),
    roomMilestones(ctx.db, clubId, userId),
  ]);
  const [items, pinnedItems] = await Promise.all([withNames(ctx, page.items, userId, milestones), withNames(ctx, pinned, userId, milestones)]);
  return { items, nextToken: page.nextToken, pinned: pinnedItems, milestones };
}

/** One visible message for an active member, folded like the list unless `reveal` (the reader opened its fold). */
export async function readRoomMessage(ctx: ServiceContext, clubId: string, messageId: string, reveal: boolean): Promise<RoomItem> {
  const { userId } = await requireRoomMember(ctx, clubId);
  const message = await clubRoom(ctx.env, clubId).findMessage(messageId);
  if (!message) throw notFound(ROOM_MESSAGE_NOT_FOUND);
  const milestones = message.milestoneId ? await roomMilestones(ctx.db, clubId, userId) : [];
  const [item] = await withNames(ctx, [message], userId, milestones, reveal);
  return item!;
}

async function post(
  ctx: ServiceContext,
  clubId: string,
  input: { content: string; messageId?: string; milestoneId?: string | null },
  announcement: boolean,
  fold?: RoomFold,
) {
  requireUser(ctx);
  const message = await clubRoom(ctx.env, clubId).post(clubId, ctx.user.id, input.content, input.messageId ?? crypto.randomUUID(), {
    milestoneId: input.milestoneId ?? null,
    announcement,
    fromName: ctx.user.name,
    fold,
  });
  if ("refused" in message) throw conflict(message.refused === "hidden" ? ROOM_MESSAGE_HIDDEN : ROOM_MESSAGE_ID_TAKEN);
  await countMessage(ctx.db, clubId, ctx.user.id, message.createdAt);
  return message;
}

/** Runs the bell's follow-up after the answer when the request allows it; the room has already delivered. */
async function afterward(ctx: ServiceContext, work: Promise<unknown>, what: string) {
  const followUp = work.catch((error) => console.warn(what, error));
  if (ctx.afterResponse) ctx.afterResponse(followUp);
  else await followUp;
}

/**
 * A member writes in the room: stored and delivered live by the room, counted unread for the other
 * members (set-based), and one bell item per club and member that counts up until read
 * (club_room_messages, under the "club announcements" preference; blocked senders are dropped by notify).
 * A message in a milestone's thread reaches live only the milestone's readers whole (the others get
 * it folded), and the bell says only who wrote in which thread: its text is a spoiler.
 */
export async function sendRoomMessage(ctx: ServiceContext, clubId: string, input: z.output<typeof roomMessageInput>): Promise<RoomItem> {
  const { userId, club } = await requireRoomMember(ctx, clubId);
  requireUser(ctx);
  await limit(ctx.env.MESSAGE_LIMITER, `club-room:${userId}`, ROOM_SEND_RATE_LIMITED);
  // A message tied to a milestone names one of the current book's (read only then: most messages name none).
  let fold: RoomFold | undefined;
  if (input.milestoneId) {
    const [milestones, readers] = await Promise.all([roomMilestones(ctx.db, clubId, userId), readersOf(ctx.db, clubId, input.milestoneId)]);
    const milestone = milestones.find((m) => m.milestoneId === input.milestoneId);
    if (!milestone) throw badRequest(UNKNOWN_MILESTONE);
    fold = { label: milestone.label, readers };
  }
  const message = await post(ctx, clubId, input, false, fold);
  // The other members' bell (room-events.ts) follows from the event, after the answer.
  await afterward(
    ctx,
    publish(ctx, {
      type: "club.room_message",
      clubId,
      clubName: club.name,
      actorId: userId,
      actorName: ctx.user.name,
      messageId: message.messageId,
      content: input.content,
      thread: fold?.label ?? null,
      at: Date.now(),
    }),
    "Telling the club about a room message failed",
  );
  return { ...message, fromName: ctx.user.name, spoiler: null, milestoneLabel: fold?.label ?? null };
}

/** An admin's announcement: pinned at the top of the room, and sent to every member (bell and e-mail, "club announcements"). */
export async function postAnnouncement(ctx: ServiceContext, clubId: string, input: z.output<typeof announcementInput>): Promise<RoomItem> {
  const access = await requireRoomMember(ctx, clubId);
  if (!access.canManage) throw forbidden(ONLY_ADMINS_ANNOUNCE);
  requireUser(ctx);
  await takeClubWrite(ctx);
  const message = await post(ctx, clubId, input, true);
  // The bell, e-mail and push follow from the event (a large club's through the notice queue).
  await afterward(
    ctx,
    publish(ctx, {
      type: "club.announced",
      clubId,
      clubName: access.club.name,
      actorId: access.userId,
      messageId: message.messageId,
      content: input.content,
      at: Date.now(),
    }),
    "Sending a club announcement failed",
  );
  return { ...message, fromName: ctx.user.name, spoiler: null, milestoneLabel: null };
}

/** The member read the room: their count is 0 and the room's bell item is read. */
export async function markClubRoomRead(ctx: ServiceContext, clubId: string): Promise<{ unread: 0 }> {
  const { userId } = await requireRoomMember(ctx, clubId);
  await Promise.all([markRoomRead(ctx.db, clubId, userId, Date.now()), markNotificationReadByKey(ctx, clubRoomNotificationKey(clubId))]);
  return { unread: 0 };
}

/**
 * A site moderator (MODERATORS) or one of the club's admins hides a message: it leaves every open
 * room at once and every later load. Counted against CLUB_LIMITER.
 */
export async function hideRoomMessage(ctx: ServiceContext, clubId: string, messageId: string): Promise<{ messageId: string; hidden: true }> {
  requireUser(ctx);
  const siteModerator = isModerator(readConfig(ctx.env), ctx.user.email);
  if (!siteModerator) {
    const access = await requireRoomMember(ctx, clubId);
    if (!access.canManage) throw forbidden(ONLY_MODERATORS_HIDE);
  }
  await takeClubWrite(ctx);
  const found = await clubRoom(ctx.env, clubId).hideMessage(messageId);
  if (!found) throw notFound(ROOM_MESSAGE_NOT_FOUND);
  return { messageId, hidden: true };
}

/** A visible message of the room, for a member reporting it (the moderator's copy of what was said). */
export async function findRoomMessageToReport(ctx: ServiceContext, clubId: string, messageId: string): Promise<ClubRoomMessage | null> {
  await requireRoomMember(ctx, clubId);
  return clubRoom(ctx.env, clubId).findMessage(messageId);
}

/** The moderation page's hide of a reported club message. False when there is no such message. */
export async function hideReportedRoomMessage(env: Env, clubId: string, messageId: string): Promise<boolean> {
  return clubRoom(env, clubId).hideMessage(messageId);
}

/** The room page's data: the club's name, whether the viewer may announce and hide, and the first page (of one milestone's thread, when filtered). */
export async function loadRoomPage(ctx: ServiceContext, clubId: string, milestoneId?: string) {
  const access = await requireRoomMember(ctx, clubId);
  const page = await listRoom(ctx, clubId, { limit: ROOM_PAGE_SIZE, milestoneId });
  return { club: { clubId, name: access.club.name }, canManage: access.canManage, viewerId: access.userId, ...page };
}

/** The member's unread count in the club's room, for the club page's link; null when they are not an active member. */
export async function roomUnreadFor(ctx: ServiceContext, clubId: string): Promise<number | null> {
  requireUser(ctx);
  const [row] = await ctx.db.all<{ active: number; unread: number | null }>(sql`
    select 1 as active, (select unread from club_room_reads where club_id = ${clubId} and user_id = ${ctx.user.id}) as unread
    from memberships where club_id = ${clubId} and user_id = ${ctx.user.id} and status = 'active'`);
  return row ? (row.unread ?? 0) : null;
}
