import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { idSchema } from "@worker/core/shared/id";
import { Hono } from "hono";
import { z } from "zod";
import { roomHiddenView, roomItemView, roomPageView, roomReadView } from "./api-schemas";
import {
  announcementInput,
  hideRoomMessage,
  listRoom,
  markClubRoomRead,
  postAnnouncement,
  readRoomMessage,
  roomMessageInput,
  roomMessageQuerySchema,
  roomQuerySchema,
  sendRoomMessage,
} from "./room";

const clubParams = z.object({ id: idSchema });
const messageParams = clubParams.extend({ messageId: idSchema });
const tags = ["Club room"];
const WHO = "club member";
const ACCESS =
  "Active members only: 404 `Club not found` for a private club (and for a club that does not exist), 403 `Only the club's members can take part in its room.` for an open one.";

/** The club room: one ClubRoom Durable Object per club; unread counts in D1 (club_room_reads). */
export const clubRoomApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get(
    "/:id/room/messages",
    doc("GET", {
      summary: "The club room's messages",
      who: WHO,
      tags,
      data: roomPageView,
      errors: [403, 404],
      description: `Messages newest first, 30 a page (\`limit\` up to 100, \`nextToken\` for older ones, \`milestoneId\` for one milestone's thread). Each says \`spoiler\`: the milestone label it is folded behind for me (a milestone of the current book I have not reached), or null; a folded message comes without its text (\`content\` null) until I reach the milestone or open it with \`GET …/room/messages/{messageId}?reveal=1\`. Every message of a milestone's thread has its \`milestoneLabel\` (null in the general thread). The first page also has \`pinned\` (the newest announcements) and \`milestones\` (with \`reached\`). Hidden messages are left out. ${ACCESS}`,
    }),
    zv("param", clubParams),
    zv("query", roomQuerySchema),
    async (c) => ok(c, await listRoom(serviceContext(c), c.req.valid("param").id, c.req.valid("query"))),
  )
  .get(
    "/:id/room/messages/:messageId",
    doc("GET", {
      summary: "One club room message",
      who: WHO,
      tags,
      data: roomItemView,
      errors: [403, 404],
      description: `One visible message, folded for me like the list (\`spoiler\` set, \`content\` null) unless \`reveal=1\`: I open its fold and get its text. 404 \`Message not found\`. ${ACCESS}`,
    }),
    zv("param", messageParams),
    zv("query", roomMessageQuerySchema),
    async (c) => {
      const { id, messageId } = c.req.valid("param");
      const { reveal } = c.req.valid("query");
      return ok(c, await readRoomMessage(serviceContext(c), id, messageId, reveal === "1" || reveal === "true"));
    },
  )
  .post(
    "/:id/room/messages",
    doc("POST", {
      summary: "Write in the club room",
      who: WHO,
      tags,
      data: roomItemView,
      status: 201,
      errors: [403, 404, 409],
      description: `1–4,000 characters, optionally in a milestone's thread (\`milestoneId\`, one of the current book's: 400 \`That milestone is not one of the club's current book.\`). Delivered live to the room's sockets (a milestone thread's message without its text to members who have not reached the milestone: \`content\` null, \`spoiler\` its label); the other members' unread counts go up and their bell's one item for the club counts up ("club announcements" preference; for a milestone thread's message it says only "{name} wrote in the thread for {label}"). A repeated \`messageId\` is stored once (409 when a moderator hid it or it is someone else's). 60 a minute (429 \`You're sending messages too quickly. Please wait a moment.\`). ${ACCESS}`,
    }),
    zv("param", clubParams),
    jsonBody(roomMessageInput),
    async (c) => ok(c, await sendRoomMessage(serviceContext(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .post(
    "/:id/room/announcements",
    doc("POST", {
      summary: "Post an announcement",
      who: "club admin",
      tags,
      data: roomItemView,
      status: 201,
      errors: [403, 404, 409],
      description: `An admin's announcement (1–4,000 characters): pinned at the top of the room and sent to every other member through the "club announcements" preference (bell and e-mail). 403 \`Only the club's admins can post announcements.\` for members; counted against the club writes limit (429). ${ACCESS}`,
    }),
    zv("param", clubParams),
    jsonBody(announcementInput),
    async (c) => ok(c, await postAnnouncement(serviceContext(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .patch(
    "/:id/room/read",
    doc("PATCH", {
      summary: "Mark the club room read",
      who: WHO,
      tags,
      data: roomReadView,
      errors: [403, 404],
      description: `My unread count in the room becomes 0, and the room's bell item is read. ${ACCESS}`,
    }),
    zv("param", clubParams),
    async (c) => ok(c, await markClubRoomRead(serviceContext(c), c.req.valid("param").id)),
  )
  .post(
    "/:id/room/messages/:messageId/hide",
    doc("POST", {
      summary: "Hide a club room message",
      who: "moderator or club admin",
      tags,
      data: roomHiddenView,
      errors: [403, 404],
      description: `The message leaves every open room at once and every later page. Site moderators and the club's admins; 403 \`Only moderators and the club's admins can hide messages.\`; 404 \`Message not found\`. Counted against the club writes limit (429).`,
    }),
    zv("param", messageParams),
    async (c) => {
      const { id, messageId } = c.req.valid("param");
      return ok(c, await hideRoomMessage(serviceContext(c), id, messageId));
    },
  );
