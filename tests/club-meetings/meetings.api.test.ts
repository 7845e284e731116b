import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { instantAtTime } from "@worker/core/shared/calendar";
import { calendarFeeds, clubBooks, clubMeetings, clubMilestones, meetingRsvps } from "@worker/db/schema";
import { meetingReminderJob } from "@worker/features/club-meetings/meeting-reminders";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { icsEvents } from "../helpers/ics-parser";
import { bellOf } from "../notifications/support";
import { dayAhead, getRaw, type MeetingView, meetingApi, meetingScene, scheduleAs } from "./support";

describe("scheduling a meeting", () => {
  it("takes the date and time in the club's zone and answers them back with the instant", async () => {
    const s = await meetingScene({ timezone: "America/New_York" });
    const date = dayAhead(20, "America/New_York");
    const made = await scheduleAs(s.admin, s.club.id, { date, time: "19:30", durationMinutes: 120 });
    expect(made.startsAt).toBe(instantAtTime(date, "19:30", "America/New_York"));
    expect(made).toMatchObject({ localDate: date, localTime: "19:30", timeZone: "America/New_York", sequence: 0, cancelled: false });
    expect(await nextJobRun(env, meetingReminderJob(made.meetingId))).toBeGreaterThan(Date.now());
  });

  it("refuses the past, more than 2 years ahead, no place or link, a non-https link, and a milestone of another club", async () => {
    const s = await meetingScene();
    const post = (body: Record<string, unknown>, invalid = false) =>
      meetingApi("POST", `/${s.club.id}/meetings`, s.creator, { date: dayAhead(5), time: "18:00", place: "Here", ...body }, { invalid });
    expect((await post({ date: dayAhead(-1) })).body.error).toBe("A meeting cannot start in the past");
    expect((await post({ date: dayAhead(740) })).body.error).toBe("A meeting can be at most 2 years ahead");
    expect((await post({ place: "" })).body.error).toBe("place: Give a place or a video link");
    expect((await post({ place: "", videoUrl: "http://meet.example.org/x" })).status).toBe(400);
    expect((await post({ place: "", videoUrl: "javascript:alert(1)" })).status).toBe(400);
    expect((await post({ time: "25:00" }, true)).status).toBe(400);
    expect((await post({ date: "2027-02-30" }, true)).status).toBe(400);

    const other = await meetingScene();
    const [book] = await db
      .insert(clubBooks)
      .values({ id: crypto.randomUUID(), clubId: other.club.id, title: "Other", matchKey: "other|", startedAt: Date.now() })
      .returning();
    const [theirs] = await db.insert(clubMilestones).values({ id: crypto.randomUUID(), clubBookId: book!.id, position: 1, label: "Chapters 1–8" }).returning();
    expect((await post({ milestoneId: theirs!.id })).body.error).toBe("That milestone is not part of the club's current book");

    const [ours] = await db
      .insert(clubBooks)
      .values({ id: crypto.randomUUID(), clubId: s.club.id, title: "Ours", matchKey: "ours|", startedAt: Date.now() })
      .returning();
    const [mine] = await db.insert(clubMilestones).values({ id: crypto.randomUUID(), clubBookId: ours!.id, position: 1, label: "Part one" }).returning();
    const ok = await post({ milestoneId: mine!.id, place: "", videoUrl: "https://meet.example.org/abc" });
    expect(ok.status).toBe(201);
    expect((ok.body.data as MeetingView & { milestone: unknown }).milestone).toEqual({ milestoneId: mine!.id, label: "Part one" });
  });

  it("refuses a wall time the clocks skip in the club's zone", async () => {
    const s = await meetingScene({ timezone: "Europe/London" });
    // 28 March 2027: UK clocks go from 01:00 to 02:00.
    const answer = await meetingApi("POST", `/${s.club.id}/meetings`, s.creator, { date: "2027-03-28", time: "01:30", place: "Pub" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("That time does not exist in Europe/London: the clocks skip it");
  });
});

describe("editing and cancelling", () => {
  it("bumps the sequence, moves the reminders, tells those going or maybe (changes gathered into one notice), and cancels", async () => {
    const s = await meetingScene();
    const made = await scheduleAs(s.creator, s.club.id);
    const [going, maybe, notGoing] = [await signedInMember(), await signedInMember(), await signedInMember()];
    for (const [who, answer] of [
      [going, "going"],
      [maybe, "maybe"],
      [notGoing, "not_going"],
    ] as const) {
      await addMember(s.club.id, who.user.id);
      expect((await meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, who, { answer })).status).toBe(200);
    }
    const moved = await meetingApi<MeetingView>("PATCH", `/${s.club.id}/meetings/${made.meetingId}`, s.admin, { date: dayAhead(9), time: "20:00" });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ sequence: 1, localTime: "20:00" });
    expect(await nextJobRun(env, meetingReminderJob(made.meetingId))).toBe(moved.body.data!.startsAt - 86_400_000);

    const types = async (userId: string) => (await bellOf(userId)).map((row) => row.type);
    expect(await types(going.user.id)).toEqual(["club_meeting_changed"]);
    expect(await types(maybe.user.id)).toEqual(["club_meeting_changed"]);
    expect(await types(notGoing.user.id)).toEqual([]);

    await meetingApi("PATCH", `/${s.club.id}/meetings/${made.meetingId}`, s.admin, { note: "Second change" });
    // Changes gather into one bell item per meeting, which counts them.
    expect((await bellOf(going.user.id)).map((row) => [row.type, row.count])).toEqual([["club_meeting_changed", 2]]);

    const cancelled = await meetingApi<MeetingView>("POST", `/${s.club.id}/meetings/${made.meetingId}/cancel`, s.creator);
    expect(cancelled.body.data).toMatchObject({ cancelled: true, sequence: 3 });
    expect(await nextJobRun(env, meetingReminderJob(made.meetingId))).toBeNull();
    expect((await bellOf(going.user.id))[0]!.type).toBe("club_meeting_cancelled");
    expect((await meetingApi("POST", `/${s.club.id}/meetings/${made.meetingId}/cancel`, s.creator)).status).toBe(409);
    expect((await meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, going, { answer: "maybe" })).status).toBe(409);
    expect((await meetingApi("PATCH", `/${s.club.id}/meetings/${made.meetingId}`, s.creator, { note: "x" })).status).toBe(409);

    const ics = await getRaw(`/api/clubs/${s.club.id}/meetings/${made.meetingId}/calendar.ics`, going);
    expect(icsEvents(await ics.text())[0]).toMatchObject({ STATUS: "CANCELLED", SEQUENCE: "3" });
  });
});

describe("RSVP", () => {
  it("is one answer per member, changeable, with counts for all and names for members", async () => {
    const s = await meetingScene();
    const made = await scheduleAs(s.creator, s.club.id);
    const rsvp = (who: typeof s.member, answer: string, invalid = false) =>
      meetingApi<{ counts: MeetingView["counts"] }>("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, who, { answer }, { invalid });
    await rsvp(s.member, "going");
    await rsvp(s.admin, "maybe");
    const changed = await rsvp(s.member, "not_going");
    expect(changed.body.data!.counts).toEqual({ going: 0, maybe: 1, notGoing: 1 });
    expect((await rsvp(s.member, "later", true)).status).toBe(400);

    const seen = await meetingApi<{ items: MeetingView[] }>("GET", `/${s.club.id}/meetings`, s.member);
    expect(seen.body.data!.items[0]).toMatchObject({ myAnswer: "not_going", counts: { going: 0, maybe: 1, notGoing: 1 } });
    expect(seen.body.data!.items[0]!.attendees!.map((a) => `${a.name}:${a.answer}`)).toEqual(["Ada Admin:maybe", "Mo Member:not_going"]);

    // An open club's outsider sees the counts but no names.
    const outside = await meetingApi<{ items: MeetingView[] }>("GET", `/${s.club.id}/meetings`, s.outsider);
    expect(outside.body.data!.items[0]).toMatchObject({ attendees: null, myAnswer: null, counts: { going: 0, maybe: 1, notGoing: 1 } });

    // A member who is removed no longer counts, nor is named.
    expect((await api(`/clubs/${s.club.id}/members/${s.member.user.id}`, s.creator, { method: "DELETE", auth: "bearer" })).status).toBe(200);
    const after = await meetingApi<MeetingView>("GET", `/${s.club.id}/meetings/${made.meetingId}`, s.admin);
    expect(after.body.data).toMatchObject({ counts: { going: 0, maybe: 1, notGoing: 0 }, attendees: [expect.objectContaining({ name: "Ada Admin" })] });
  });

  it("counts 50 simultaneous answers once each", async () => {
    const s = await meetingScene();
    const made = await scheduleAs(s.creator, s.club.id);
    const members = await Promise.all(Array.from({ length: 50 }, () => signedInMember()));
    for (const member of members) await addMember(s.club.id, member.user.id);
    const answers = await Promise.all(
      members.map((member, i) => meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, member, { answer: i % 2 ? "going" : "maybe" })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(members.map(() => 200));
    // And all of them again at once, changing their minds: still one row each.
    await Promise.all(members.map((member) => meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, member, { answer: "going" })));
    const rows = await db.select().from(meetingRsvps).where(eq(meetingRsvps.meetingId, made.meetingId));
    expect(rows.length).toBe(50);
    const view = await meetingApi<MeetingView>("GET", `/${s.club.id}/meetings/${made.meetingId}`, s.creator);
    expect(view.body.data!.counts).toEqual({ going: 50, maybe: 0, notGoing: 0 });
  });
});

describe("lists page", () => {
  it("upcoming soonest first and past latest first, keyset-paged", async () => {
    const s = await meetingScene();
    for (let day = 1; day <= 5; day++) await scheduleAs(s.creator, s.club.id, { date: dayAhead(day), time: "12:00" });
    const past = Date.now() - 3 * 86_400_000;
    await db.insert(clubMeetings).values([
      { id: crypto.randomUUID(), clubId: s.club.id, startsAt: past, place: "Old" },
      { id: crypto.randomUUID(), clubId: s.club.id, startsAt: past - 86_400_000, place: "Older" },
    ]);
    const first = await meetingApi<{ items: MeetingView[]; nextToken: string | null }>("GET", `/${s.club.id}/meetings?limit=3`, s.member);
    const second = await meetingApi<{ items: MeetingView[]; nextToken: string | null }>(
      "GET",
      `/${s.club.id}/meetings?limit=3&nextToken=${first.body.data!.nextToken}`,
      s.member,
    );
    const starts = [...first.body.data!.items, ...second.body.data!.items].map((item) => item.startsAt);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.length).toBe(5);
    expect(second.body.data!.nextToken).toBeNull();
    const pastPage = await meetingApi<{ items: (MeetingView & { place: string })[] }>("GET", `/${s.club.id}/meetings?when=past`, s.member);
    expect(pastPage.body.data!.items.map((item) => item.place)).toEqual(["Old", "Older"]);
    expect((await meetingApi("GET", `/${s.club.id}/meetings?nextToken=nope`, s.member, undefined, { invalid: true })).status).toBe(400);
  });
});

describe("calendar feed", () => {
  it("lists the member's clubs' meetings under a secret address that rotates and revokes", async () => {
    const s = await meetingScene();
    const made = await scheduleAs(s.creator, s.club.id, { note: "Snacks; drinks, and a \\ backslash" });
    const created = await api<{ url: string }>("/calendar-feed", s.member, { method: "POST", auth: "bearer" });
    const url = new URL(created.body.data!.url);
    expect(url.pathname).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = url.pathname.slice("/calendar/".length, -".ics".length);
    const [stored] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, s.member.user.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const feed = await call(url.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toMatch(/^text\/calendar/);
    const events = icsEvents(await feed.text());
    expect(events.map((event) => event.UID)).toEqual([`meeting-${made.meetingId}@bookclub`]);
    expect(events[0]!.DESCRIPTION).toContain("Snacks; drinks, and a \\ backslash");

    // A new address replaces the old; revoking stops it.
    const rotated = await api<{ url: string }>("/calendar-feed", s.member, { method: "POST", auth: "bearer" });
    expect((await call(url.pathname)).status).toBe(404);
    const newPath = new URL(rotated.body.data!.url).pathname;
    expect((await call(newPath)).status).toBe(200);
    await api("/calendar-feed", s.member, { method: "DELETE", auth: "bearer" });
    expect((await call(newPath)).status).toBe(404);
    expect((await call("/calendar/not-a-token.ics")).status).toBe(404);
  });

  it("deleting the club removes its meetings, answers and the feed's events (cascade)", async () => {
    const s = await meetingScene();
    const made = await scheduleAs(s.creator, s.club.id);
    await meetingApi("PUT", `/${s.club.id}/meetings/${made.meetingId}/rsvp`, s.member, { answer: "going" });
    const created = await api<{ url: string }>("/calendar-feed", s.member, { method: "POST", auth: "bearer" });
    const path = new URL(created.body.data!.url).pathname;
    expect(icsEvents(await (await call(path)).text()).length).toBe(1);

    expect((await api(`/clubs/${s.club.id}`, s.creator, { method: "DELETE", auth: "bearer" })).status).toBe(200);
    expect(await db.select().from(clubMeetings).where(eq(clubMeetings.clubId, s.club.id))).toEqual([]);
    expect(await db.select().from(meetingRsvps).where(eq(meetingRsvps.meetingId, made.meetingId))).toEqual([]);
    expect(icsEvents(await (await call(path)).text())).toEqual([]);
  });

  it("a removed member's feed drops the club at once", async () => {
    const s = await meetingScene();
    await scheduleAs(s.creator, s.club.id);
    const removedFeed = await api<{ url: string }>("/calendar-feed", s.removed, { method: "POST", auth: "bearer" });
    expect(icsEvents(await (await call(new URL(removedFeed.body.data!.url).pathname)).text())).toEqual([]);
  });
});
