import { clubMeetings, meetingRsvps, users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../helpers/fixtures";
import { page, postForm } from "../helpers/pages";
import { dayAhead, meetingScene, scheduleAs } from "./support";

describe("the meetings page", () => {
  it("shows admins the schedule form, members the answers, and times in the reader's zone with the club's noted", async () => {
    const s = await meetingScene({ timezone: "Europe/Lisbon" });
    await db.update(users).set({ timezone: "Asia/Tokyo" }).where(eq(users.id, s.member.user.id));
    const date = dayAhead(10, "Europe/Lisbon");
    await scheduleAs(s.admin, s.club.id, { date, time: "19:00", place: "Livraria, upstairs" });

    const admin = await page(`/clubs/${s.club.id}/meetings`, s.admin.cookie);
    expect(admin.status).toBe(200);
    expect(admin.html).toContain("Schedule a meeting");
    expect(admin.html).toContain("Date and time in the club&#x27;s timezone, Europe/Lisbon.");

    const member = await page(`/clubs/${s.club.id}/meetings`, s.member.cookie);
    expect(member.html).not.toContain("Schedule a meeting");
    expect(member.html).toContain("Livraria, upstairs");
    expect(member.html).toContain("club&#x27;s time: ");
    expect(member.html).toContain("Lisbon, Europe");
    expect(member.html).toContain("Add to calendar (.ics)");
    expect(member.html).toContain("Calendar feed");

    const clubPage = await page(`/clubs/${s.club.id}`, s.member.cookie);
    expect(clubPage.html).toContain("Upcoming meetings");
    expect(clubPage.html).toContain("Livraria, upstairs");
  });

  it("schedules and answers through plain form posts", async () => {
    const s = await meetingScene();
    const scheduled = await postForm(
      `/clubs/${s.club.id}/meetings`,
      { intent: "schedule", date: dayAhead(4), time: "18:15", durationMinutes: "60", place: "Café", videoUrl: "", note: "", milestoneId: "" },
      s.creator.cookie,
    );
    expect(scheduled.status).toBe(200);
    const [meeting] = await db.select().from(clubMeetings).where(eq(clubMeetings.clubId, s.club.id));
    expect(meeting).toMatchObject({ place: "Café", durationMinutes: 60 });

    await postForm(`/clubs/${s.club.id}/meetings`, { intent: "rsvp", meetingId: meeting!.id, answer: "maybe" }, s.member.cookie);
    expect((await db.select().from(meetingRsvps).where(eq(meetingRsvps.meetingId, meeting!.id)))[0]).toMatchObject({ answer: "maybe" });

    const refused = await postForm(
      `/clubs/${s.club.id}/meetings`,
      { intent: "schedule", date: dayAhead(4), time: "18:15", place: "", videoUrl: "" },
      s.member.cookie,
    );
    expect(refused.status).toBe(400);
    const bad = await postForm(
      `/clubs/${s.club.id}/meetings`,
      { intent: "schedule", date: dayAhead(4), time: "18:15", place: "", videoUrl: "http://x.example" },
      s.creator.cookie,
    );
    expect(bad.status).toBe(400);
  });

  it("makes a calendar feed address, shows it once, and stops it", async () => {
    const s = await meetingScene();
    const made = await postForm(`/clubs/${s.club.id}/meetings`, { intent: "feed-create" }, s.member.cookie);
    expect(made.status).toBe(200);
    const html = await made.text();
    expect(html).toContain("Your feed address (shown only now)");
    const address = html.match(/value="(http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{43}\.ics)"/)?.[1];
    expect(address).toBeDefined();
    const later = await page(`/clubs/${s.club.id}/meetings`, s.member.cookie);
    expect(later.html).not.toContain(address!);
    expect(later.html).toContain("You have a feed address.");
    await postForm(`/clubs/${s.club.id}/meetings`, { intent: "feed-revoke" }, s.member.cookie);
    expect((await page(new URL(address!).pathname)).status).toBe(404);
    expect((await page(`/clubs/${s.club.id}/meetings`, s.member.cookie)).html).toContain("Get a feed address");
  });

  it("is a 404 for a private club's outsiders", async () => {
    const s = await meetingScene({ isPrivate: true });
    expect((await page(`/clubs/${s.club.id}/meetings`, s.outsider.cookie)).status).toBe(404);
    expect((await page(`/clubs/${s.club.id}/meetings`, s.removed.cookie)).status).toBe(404);
    expect((await page(`/clubs/${s.club.id}/meetings`, s.member.cookie)).status).toBe(200);
  });
});
