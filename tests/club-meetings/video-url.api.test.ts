import { describe, expect, it } from "vitest";
import { api } from "../helpers/http";
import { readLikeLineSplitters } from "../helpers/ics-line-reader";
import { dayAhead, getRaw, meetingApi, meetingScene, scheduleAs } from "./support";

/** Issue 34, item 6: a video link with a control or separator character never reaches a calendar. */
describe("a meeting's video link", () => {
  const BAD = {
    FF: "\u000C",
    NEL: "\u0085",
    PS: "\u2029",
    LS: "\u2028",
    VT: "\u000B",
    NUL: "\u0000",
    TAB: "\t",
    NBSP: "\u00A0",
    RLO: "\u202E",
    ZWSP: "\u200B",
  };

  for (const [label, char] of Object.entries(BAD)) {
    it(`is refused with ${label} in it, when scheduling and when editing`, async () => {
      const s = await meetingScene();
      const videoUrl = `https://meet.example.org/x${char}STATUS:CANCELLED`;
      const made = await meetingApi("POST", `/${s.club.id}/meetings`, s.creator, { date: dayAhead(5), time: "18:00", place: "", videoUrl });
      expect(made.status).toBe(400);
      expect(made.body.error).toBe("videoUrl: Video link must be an https:// address");
      const meeting = await scheduleAs(s.creator, s.club.id);
      const edited = await meetingApi("PATCH", `/${s.club.id}/meetings/${meeting.meetingId}`, s.creator, { videoUrl });
      expect(edited.status).toBe(400);
    });
  }

  it("a clean link reaches the member's feed as one URL line and nothing more", async () => {
    const s = await meetingScene();
    await scheduleAs(s.creator, s.club.id, { videoUrl: "https://meet.example.org/room-1?pwd=abc" });
    const created = await api<{ url: string }>("/calendar-feed", s.member, { method: "POST", auth: "bearer" });
    const feed = await getRaw(new URL(created.body.data!.url).pathname, null);
    const properties = readLikeLineSplitters(await feed.text());
    expect(properties.filter((property) => property.name === "URL")).toEqual([{ name: "URL", value: "https://meet.example.org/room-1?pwd=abc" }]);
    expect(properties.filter((property) => property.name === "STATUS")).toHaveLength(1);
  });
});
