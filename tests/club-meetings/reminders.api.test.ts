import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { clubMeetings, meetingRsvps, memberships } from "@worker/db/schema";
import { meetingReminderJob, meetingReminders, scheduleMeetingReminders } from "@worker/features/club-meetings/meeting-reminders";
import { runJob } from "@worker/jobs";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { bellOf } from "../notifications/support";

// UK clocks go back at 02:00 BST on Sunday 31 October 2027 (01:00 UTC). A meeting at 19:00 that
// Sunday (GMT, 19:00 UTC) is reminded at 19:00 on Saturday (BST, 18:00 UTC): 25 hours before. The
// change is in the future so that the JobTimer alarms the test sets do not ring on their own.
const MEETING = Date.UTC(2027, 9, 31, 19, 0);
const DAY_BEFORE = Date.UTC(2027, 9, 30, 18, 0);
const HOUR_BEFORE = Date.UTC(2027, 9, 31, 18, 0);
/** The fixed clock: the Thursday before, noon UTC. */
const NOW = Date.UTC(2027, 9, 28, 12, 0);

describe("meeting reminders across the clocks going back (Europe/London)", () => {
  it("ring at 19:00 the day before in the club's zone and an hour before, only for going or maybe, once each", async () => {
    expect(meetingReminders(MEETING, "Europe/London")).toEqual([
      { kind: "day_before", at: DAY_BEFORE },
      { kind: "hour_before", at: HOUR_BEFORE },
    ]);

    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { name: "Thames Readers", timezone: "Europe/London" });
    const [going, maybe, notGoing, silent] = [await signedInMember(), await signedInMember(), await signedInMember(), await signedInMember()];
    for (const member of [going, maybe, notGoing, silent]) await addMember(club.id, member.user.id);
    // Inserted as the service would have on the fixed clock (the API's own clock is today's).
    const meetingId = crypto.randomUUID();
    await db
      .insert(clubMeetings)
      .values({ id: meetingId, clubId: club.id, startsAt: MEETING, place: "The Anchor", createdBy: creator.user.id, createdAt: NOW });
    await scheduleMeetingReminders({ db, env }, meetingId, NOW);
    expect(await nextJobRun(env, meetingReminderJob(meetingId))).toBe(DAY_BEFORE);

    // Answers go straight in: the API refuses nothing here, but its clock is not the fixed one.
    await db.insert(meetingRsvps).values([
      { meetingId, userId: going.user.id, answer: "going", updatedAt: NOW },
      { meetingId, userId: maybe.user.id, answer: "maybe", updatedAt: NOW },
      { meetingId, userId: notGoing.user.id, answer: "not_going", updatedAt: NOW },
    ]);

    // Nothing is due before the day-before time.
    expect(await runJob(env, meetingReminderJob(meetingId), DAY_BEFORE - 60_000)).toBe(DAY_BEFORE);
    expect(await bellOf(going.user.id)).toEqual([]);

    expect(await runJob(env, meetingReminderJob(meetingId), DAY_BEFORE)).toBe(HOUR_BEFORE);
    // A retried alarm sends nothing twice.
    expect(await runJob(env, meetingReminderJob(meetingId), DAY_BEFORE + 1000)).toBe(HOUR_BEFORE);
    const titles = async (userId: string) => (await bellOf(userId)).map((row) => `${row.type}: ${row.title}`);
    expect(await titles(going.user.id)).toEqual(["club_meeting_soon: Thames Readers meets tomorrow"]);
    expect(await titles(maybe.user.id)).toEqual(["club_meeting_soon: Thames Readers meets tomorrow"]);
    expect(await titles(notGoing.user.id)).toEqual([]);
    expect(await titles(silent.user.id)).toEqual([]);
    // The time is written in the member's zone (UTC here): 19:00 UTC, the club's 19:00 GMT.
    expect((await bellOf(going.user.id))[0]!.body).toBe("31 Oct 2027, 19:00, The Anchor");

    expect(await runJob(env, meetingReminderJob(meetingId), HOUR_BEFORE)).toBeNull();
    expect(await titles(going.user.id)).toEqual(["club_meeting_soon: Thames Readers meets in an hour", "club_meeting_soon: Thames Readers meets tomorrow"]);
  });

  it("a cancelled meeting's alarm sends nothing; a member who left hears nothing", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { timezone: "Europe/London" });
    const leaver = await signedInMember();
    await addMember(club.id, leaver.user.id);
    const meetingId = crypto.randomUUID();
    await db.insert(clubMeetings).values({ id: meetingId, clubId: club.id, startsAt: MEETING, place: "Pub", createdAt: NOW });
    await db.insert(meetingRsvps).values({ meetingId, userId: leaver.user.id, answer: "going", updatedAt: NOW });
    await db.delete(memberships).where(and(eq(memberships.clubId, club.id), eq(memberships.userId, leaver.user.id)));
    await runJob(env, meetingReminderJob(meetingId), DAY_BEFORE);
    expect(await bellOf(leaver.user.id)).toEqual([]);

    await db.update(clubMeetings).set({ cancelledAt: NOW }).where(eq(clubMeetings.id, meetingId));
    expect(await runJob(env, meetingReminderJob(meetingId), HOUR_BEFORE)).toBeNull();
  });
});
