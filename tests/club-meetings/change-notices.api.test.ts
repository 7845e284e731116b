import { describe, expect, it, vi } from "vitest";
import { addMember } from "../clubs/support";
import { signedInMember } from "../helpers/fixtures";
import { bellOf, outboxOf } from "../notifications/support";
import { dayAhead, type MeetingView, meetingApi, meetingScene, scheduleAs } from "./support";

/** A meeting with one member going (besides its admins), who hears of each change. */
async function meetingWithGoer() {
  const s = await meetingScene();
  const made = await scheduleAs(s.creator, s.club.id);
  const going = await signedInMember({ name: "Gus Going" });
  await addMember(s.club.id, going.user.id);
  expect((await meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, going, { answer: "going" })).status).toBe(200);
  const edit = (body: Record<string, unknown>) => meetingApi<MeetingView>("PATCH", `/${s.club.id}/meetings/${made.meetingId}`, s.admin, body);
  return { s, made, going, edit };
}

describe("meeting change notices", () => {
  it("an edit that changes nothing answers 200 with the meeting as it was: no new sequence, no bell item, no e-mail", async () => {
    const { made, going, edit } = await meetingWithGoer();
    for (const body of [{}, {}, { place: "The Library, Room 2", note: "Bring the book" }]) {
      const answer = await edit(body);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ meetingId: made.meetingId, sequence: 0, startsAt: made.startsAt });
    }
    expect(await bellOf(going.user.id)).toEqual([]);
    expect(await outboxOf(going.user.id)).toEqual([]);
  });

  it("three real edits within the hour make one notice per member: one bell item counting them, one e-mail with the latest", async () => {
    const { going, edit } = await meetingWithGoer();
    expect((await edit({ note: "First" })).status).toBe(200);
    expect((await edit({ date: dayAhead(8), time: "18:30" })).status).toBe(200);
    const last = await edit({ place: "The Anchor" });
    expect(last.body.data).toMatchObject({ sequence: 3 });

    const bell = await bellOf(going.user.id);
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ type: "club_meeting_changed", count: 3 });
    expect(bell[0]!.body).toContain("The Anchor");
    const mail = await vi.waitFor(async () => {
      const rows = await outboxOf(going.user.id);
      expect(rows.map((row) => row.count)).toEqual([3]);
      return rows;
    });
    expect(mail[0]!.preference).toBe("club_announcement");
    expect(mail[0]!.text).toContain("It changed 3 times; this is how it stands now:");
    expect(mail[0]!.text).toContain("18:30, The Anchor");
    // Gathered until the hour is over: it is not due yet.
    expect(mail[0]!.sendAfter).toBeGreaterThan(Date.now() + 50 * 60_000);
  });
});
