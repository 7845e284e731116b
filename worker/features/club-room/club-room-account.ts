import { clubRoom } from "@worker/core/club-room-stubs";
import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { clubRoomReads, clubs } from "@worker/db/schema";
import { eq } from "drizzle-orm";

const PAGE = 100;

/**
 * club-room.json: for each club room the member has a read mark in (every club they were an active
 * member of when someone wrote there, or that they read), their unread count and every message they
 * wrote there, oldest first, read page by page from the club's room.
 */
export const clubRoomDataPart: AccountDataPart = {
  name: "club-room",
  covers: [{ table: clubRoomReads, how: "club-room.json, with the messages the member wrote in each room" }],
  files: ["club-room.json"],
  async write({ db, env }, userId, zip) {
    const rows = await db
      .select({ clubId: clubRoomReads.clubId, clubName: clubs.name, unread: clubRoomReads.unread, lastReadAt: clubRoomReads.lastReadAt })
      .from(clubRoomReads)
      .innerJoin(clubs, eq(clubs.id, clubRoomReads.clubId))
      .where(eq(clubRoomReads.userId, userId));
    const rooms = [];
    for (const row of rows) {
      const room = clubRoom(env, row.clubId);
      const messages: { messageId: string; content: string; createdAt: number; milestoneId: string | null; announcement: boolean }[] = [];
      let before: number | undefined;
      do {
        const page = await room.writtenBy(userId, PAGE, before);
        for (const m of page.items)
          messages.push({ messageId: m.messageId, content: m.content, createdAt: m.createdAt, milestoneId: m.milestoneId, announcement: m.announcement });
        before = page.nextToken ?? undefined;
      } while (before !== undefined);
      rooms.push({ ...row, messages: messages.reverse() });
    }
    await zip.json("club-room.json", rooms);
  },
};

/**
 * The read marks go. The member's club messages stay in each room, as their direct messages stay in
 * each conversation: the users row becomes a tombstone, so they read as from "Deleted member".
 */
export const clubRoomDeletionPart: AccountDeletionPart = {
  name: "club-room",
  covers: [{ table: clubRoomReads, how: "deleted; the member's messages stay in each room, shown as from Deleted member" }],
  async plan({ db, user }) {
    return { statements: [db.delete(clubRoomReads).where(eq(clubRoomReads.userId, user.id))] };
  },
};
