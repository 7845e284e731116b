import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { calendarFeeds, clubMeetings, clubs, meetingRsvps } from "@worker/db/schema";
import { desc, eq } from "drizzle-orm";

/**
 * meetings.json: the member's answers to club meetings (with the meeting's club and time) and the
 * meetings they scheduled. The calendar feed is a hash of a secret: only whether there is one.
 */
export const meetingsDataPart: AccountDataPart = {
  name: "club meetings",
  covers: [
    { table: meetingRsvps, how: "meetings.json, answers" },
    { table: clubMeetings, how: "meetings.json, the meetings the member scheduled" },
    { table: calendarFeeds, how: "meetings.json, whether a calendar feed exists (the token is never stored)" },
  ],
  files: ["meetings.json"],
  async write({ db }, userId, zip) {
    const [answers, scheduled, feeds] = await db.batch([
      db
        .select({
          meetingId: meetingRsvps.meetingId,
          club: clubs.name,
          startsAt: clubMeetings.startsAt,
          answer: meetingRsvps.answer,
          answeredAt: meetingRsvps.updatedAt,
        })
        .from(meetingRsvps)
        .innerJoin(clubMeetings, eq(clubMeetings.id, meetingRsvps.meetingId))
        .innerJoin(clubs, eq(clubs.id, clubMeetings.clubId))
        .where(eq(meetingRsvps.userId, userId))
        .orderBy(desc(clubMeetings.startsAt)),
      db
        .select({
          meetingId: clubMeetings.id,
          club: clubs.name,
          startsAt: clubMeetings.startsAt,
          place: clubMeetings.place,
          videoUrl: clubMeetings.videoUrl,
          note: clubMeetings.note,
        })
        .from(clubMeetings)
        .innerJoin(clubs, eq(clubs.id, clubMeetings.clubId))
        .where(eq(clubMeetings.createdBy, userId))
        .orderBy(desc(clubMeetings.startsAt)),
      db.select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    ]);
    await zip.json("meetings.json", { answers, scheduled, calendarFeeds: feeds });
  },
};

/**
 * The users row stays as a tombstone, so ON DELETE never fires: the answers and feed tokens go here,
 * and meetings the member scheduled stay with their club, no longer naming who scheduled them.
 */
export const meetingsDeletionPart: AccountDeletionPart = {
  name: "club meetings",
  covers: [
    { table: meetingRsvps, how: "deleted" },
    { table: calendarFeeds, how: "deleted: the feed address stops at once" },
    { table: clubMeetings, how: "kept with the club; created_by set to null" },
  ],
  async plan({ db, user }) {
    return {
      statements: [
        db.delete(meetingRsvps).where(eq(meetingRsvps.userId, user.id)),
        db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id)),
        db.update(clubMeetings).set({ createdBy: null }).where(eq(clubMeetings.createdBy, user.id)),
      ],
    };
  },
};
