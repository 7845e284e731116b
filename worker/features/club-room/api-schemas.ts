import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "../../../durable-objects/room-protocol";

// What the club room's routes answer in `data`: each mirrors the service's return type (room.ts and
// the ClubRoom's ClubRoomMessage). Loose objects, so a field added later breaks neither old clients nor the check.

export const roomItemView = z.looseObject({
  messageId: z.string(),
  clubId: z.string(),
  fromUserId: z.string(),
  fromName: z.string(),
  /** Null while folded for this reader (`spoiler` set): `GET …/room/messages/{messageId}?reveal=1` opens it. */
  content: z.string().min(1).max(MESSAGE_MAX_LENGTH).nullable(),
  createdAt: z.number().int(),
  seq: z.number().int().min(1),
  /** The milestone thread, or null for the general one. */
  milestoneId: z.string().nullable(),
  /** An admin's announcement, pinned at the top. */
  announcement: z.boolean(),
  /** For this reader: the milestone label it is folded behind ("Spoilers for {label}: show"), or null. Its text is left out until revealed. */
  spoiler: z.string().nullable(),
  /** The label of its milestone thread on every message of one (folded, revealed, or the reader's own); null in the general thread. */
  milestoneLabel: z.string().nullable(),
});

export const roomMilestoneView = z.looseObject({ milestoneId: z.string(), label: z.string(), position: z.number().int(), reached: z.boolean() });

/** GET /clubs/{id}/room/messages: newest first, with the pinned announcements and the milestones on the first page. */
export const roomPageView = z.looseObject({
  items: z.array(roomItemView),
  nextToken: z.number().int().min(1).nullable(),
  pinned: z.array(roomItemView),
  milestones: z.array(roomMilestoneView),
});

export const roomReadView = z.looseObject({ unread: z.literal(0) });
export const roomHiddenView = z.looseObject({ messageId: z.string(), hidden: z.literal(true) });
