import { calendarFeeds, clubMeetings, meetingRsvps } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deleteAccountByApi } from "../account/support";
import { db } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { meetingApi, meetingScene, scheduleAs } from "./support";

describe("meetings and the member's account", () => {
  it("are in the data download: answers, meetings scheduled, and whether there is a feed", async () => {
    const s = await meetingScene();
    const made = await scheduleAs(s.admin, s.club.id);
    await meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, s.admin, { answer: "maybe" });
    await api("/calendar-feed", s.admin, { method: "POST", auth: "bearer" });
    const response = await call("/api/users/me/data", { cookie: s.admin.cookie });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const meetings = JSON.parse(strFromU8(files["meetings.json"]!));
    expect(meetings.answers).toEqual([expect.objectContaining({ meetingId: made.meetingId, club: "Meeting Club", answer: "maybe" })]);
    expect(meetings.scheduled).toEqual([expect.objectContaining({ meetingId: made.meetingId, place: "The Library, Room 2" })]);
    expect(meetings.calendarFeeds).toEqual([expect.objectContaining({ createdAt: expect.any(Number) })]);
    expect(JSON.stringify(meetings)).not.toMatch(/tokenHash|token_hash/);
  });

  it("go when the member deletes their account: answers and feed deleted, the meetings they scheduled stay with the club", async () => {
    const s = await meetingScene();
    const made = await scheduleAs(s.admin, s.club.id);
    await meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, s.admin, { answer: "going" });
    await meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, s.member, { answer: "going" });
    const feed = await api<{ url: string }>("/calendar-feed", s.admin, { method: "POST", auth: "bearer" });
    expect((await deleteAccountByApi(s.admin.cookie)).status).toBe(200);
    expect((await db.select().from(meetingRsvps).where(eq(meetingRsvps.meetingId, made.meetingId))).map((row) => row.userId)).toEqual([s.member.user.id]);
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, s.admin.user.id))).toEqual([]);
    expect((await call(new URL(feed.body.data!.url).pathname)).status).toBe(404);
    expect((await db.select().from(clubMeetings).where(eq(clubMeetings.id, made.meetingId)))[0]).toMatchObject({ createdBy: null });
  });
});
