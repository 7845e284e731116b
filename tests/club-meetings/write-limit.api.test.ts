import { CLUB_RATE_LIMITED } from "@worker/features/clubs/club-access";
import { describe, expect, it } from "vitest";
import { api } from "../helpers/http";
import { postForm } from "../helpers/pages";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { meetingApi, meetingScene, scheduleAs } from "./support";

// CLUB_LIMITER (wrangler.toml): 30 club writes a minute per member, meetings included.
const LIMIT = 30;

describe("meeting writes count against the club-write limit (CLUB_LIMITER)", () => {
  it("answers, by API or form, share one budget with the member's other club writes; reads are free", async () => {
    await startOfRateLimitWindow();
    const s = await meetingScene();
    const made = await scheduleAs(s.creator, s.club.id);
    const rsvp = `/${s.club.id}/meetings/${made.meetingId}/rsvp`;
    // The scene's setup spent none of the member's budget.
    for (let i = 0; i < LIMIT; i++) {
      const status =
        i % 2 === 0
          ? (await meetingApi("PUT", rsvp, s.member, { answer: i % 4 === 0 ? "going" : "maybe" })).status
          : (await postForm(`/clubs/${s.club.id}/meetings`, { intent: "rsvp", meetingId: made.meetingId, answer: "going" }, s.member.cookie)).status;
      expect(status, `write ${i + 1}`).toBe(200);
    }
    expect(await meetingApi("PUT", rsvp, s.member, { answer: "not_going" })).toEqual({ status: 429, body: { success: false, error: CLUB_RATE_LIMITED } });
    expect((await api("/calendar-feed", s.member, { method: "POST", auth: "bearer" })).status).toBe(429);
    expect((await postForm(`/clubs/${s.club.id}/meetings`, { intent: "rsvp", meetingId: made.meetingId, answer: "maybe" }, s.member.cookie)).status).toBe(429);
    expect((await meetingApi("GET", `/${s.club.id}/meetings`, s.member)).status).toBe(200);
    // Another member's budget is their own.
    expect((await meetingApi("PUT", rsvp, s.admin, { answer: "going" })).status).toBe(200);
  });
});
