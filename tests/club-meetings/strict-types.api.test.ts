import { describe, expect, it } from "vitest";
import { api } from "../helpers/http";
import { dayAhead, meetingScene, scheduleAs } from "./support";

// Issue 34, item 10: meetings took `"note": null` (and a duration as text) from JSON clients.
describe("The meetings API takes JSON values of the documented types only", () => {
  it("refuses a null note and a duration as text, when scheduling and when editing", async () => {
    const s = await meetingScene();
    const base = { date: dayAhead(5), time: "18:00", place: "Here" };
    for (const fields of [{ note: null }, { durationMinutes: "60" }]) {
      const created = await api(`/clubs/${s.club.id}/meetings`, s.creator, { method: "POST", json: { ...base, ...fields }, auth: "bearer", invalid: true });
      expect(created.status, JSON.stringify(created.body)).toBe(400);
    }
    const meeting = await scheduleAs(s.creator, s.club.id);
    const edited = await api(`/clubs/${s.club.id}/meetings/${meeting.meetingId}`, s.creator, {
      method: "PATCH",
      json: { note: null },
      auth: "bearer",
      invalid: true,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(400);
    expect(edited.body.error).toMatch(/^note: /);
  });
});
