import { calendarFeeds, clubMeetings, meetingRsvps } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { dayAhead, getRaw, meetingApi, meetingScene, type Signed, scheduleAs } from "./support";

// Every meetings endpoint for every kind of caller, on an open and a private club: the status and,
// for writes, whether the write happened. Each case gets its own fresh club and meeting.

const ROLES = ["visitor", "outsider", "pending", "removed", "member", "admin", "creator"] as const;
type Role = (typeof ROLES)[number];
type Scene = Awaited<ReturnType<typeof meetingScene>> & { meetingId: string };

/** Outsiders (and a pending requester, and a removed member): 404 for a private club, `open` for an open one. */
const matrix = (isPrivate: boolean, open: number, member: number, manager: number): Record<Role, number> => {
  const outside = isPrivate ? 404 : open;
  return { visitor: 401, outsider: outside, pending: outside, removed: outside, member, admin: manager, creator: manager };
};

interface Endpoint {
  name: string;
  send: (s: Scene, caller: Signed | null) => Promise<{ status: number }>;
  expected: (isPrivate: boolean) => Record<Role, number>;
  effect?: (s: Scene, caller: Signed | null, allowed: boolean) => Promise<void>;
}

const meeting = async (id: string) => (await db.select().from(clubMeetings).where(eq(clubMeetings.id, id)))[0]!;

const endpoints: Endpoint[] = [
  {
    name: "GET /clubs/{id}/meetings",
    send: (s, c) => meetingApi("GET", `/${s.club.id}/meetings`, c),
    expected: (p) => matrix(p, 200, 200, 200),
  },
  {
    name: "GET /clubs/{id}/meetings/{meetingId}",
    send: (s, c) => meetingApi("GET", `/${s.club.id}/meetings/${s.meetingId}`, c),
    expected: (p) => matrix(p, 200, 200, 200),
  },
  {
    name: "POST /clubs/{id}/meetings",
    send: (s, c) => meetingApi("POST", `/${s.club.id}/meetings`, c, { date: dayAhead(3), time: "18:30", videoUrl: "https://meet.example.org/x" }),
    expected: (p) => matrix(p, 403, 403, 201),
    effect: async (s, _, allowed) => {
      const rows = await db.select().from(clubMeetings).where(eq(clubMeetings.clubId, s.club.id));
      expect(rows.length).toBe(allowed ? 2 : 1);
    },
  },
  {
    name: "PATCH /clubs/{id}/meetings/{meetingId}",
    send: (s, c) => meetingApi("PATCH", `/${s.club.id}/meetings/${s.meetingId}`, c, { note: "Changed" }),
    expected: (p) => matrix(p, 403, 403, 200),
    effect: async (s, _, allowed) => expect((await meeting(s.meetingId)).note).toBe(allowed ? "Changed" : "Bring the book"),
  },
  {
    name: "POST /clubs/{id}/meetings/{meetingId}/cancel",
    send: (s, c) => meetingApi("POST", `/${s.club.id}/meetings/${s.meetingId}/cancel`, c),
    expected: (p) => matrix(p, 403, 403, 200),
    effect: async (s, _, allowed) => expect((await meeting(s.meetingId)).cancelledAt !== null).toBe(allowed),
  },
  {
    name: "PUT /clubs/{id}/meetings/{meetingId}/rsvp",
    send: (s, c) => meetingApi("PUT", `/${s.club.id}/meetings/${s.meetingId}/rsvp`, c, { answer: "going" }),
    expected: (p) => matrix(p, 403, 200, 200),
    effect: async (s, caller, allowed) => {
      if (!caller) return;
      const rows = await db
        .select()
        .from(meetingRsvps)
        .where(and(eq(meetingRsvps.meetingId, s.meetingId), eq(meetingRsvps.userId, caller.user.id)));
      expect(rows.length).toBe(allowed ? 1 : 0);
    },
  },
  {
    name: "GET /clubs/{id}/meetings/{meetingId}/calendar.ics",
    send: (s, c) => getRaw(`/api/clubs/${s.club.id}/meetings/${s.meetingId}/calendar.ics`, c),
    expected: (p) => matrix(p, 403, 200, 200),
  },
  {
    name: "GET /calendar-feed",
    send: (_, c) => api("/calendar-feed", c, { method: "GET", auth: "bearer" }),
    expected: () => ({ visitor: 401, outsider: 200, pending: 200, removed: 200, member: 200, admin: 200, creator: 200 }),
  },
  {
    name: "POST /calendar-feed",
    send: (_, c) => api("/calendar-feed", c, { method: "POST", auth: "bearer" }),
    expected: () => ({ visitor: 401, outsider: 201, pending: 201, removed: 201, member: 201, admin: 201, creator: 201 }),
    effect: async (_, caller, allowed) => {
      if (!caller) return;
      expect((await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, caller.user.id))).length).toBe(allowed ? 1 : 0);
    },
  },
  {
    name: "DELETE /calendar-feed",
    send: (_, c) => api("/calendar-feed", c, { method: "DELETE", auth: "bearer" }),
    expected: () => ({ visitor: 401, outsider: 200, pending: 200, removed: 200, member: 200, admin: 200, creator: 200 }),
  },
];

for (const isPrivate of [false, true]) {
  describe(`meetings authorization, ${isPrivate ? "private" : "open"} club`, () => {
    for (const endpoint of endpoints) {
      it(endpoint.name, async () => {
        const got: Record<string, number> = {};
        for (const role of ROLES) {
          const scene = await meetingScene({ isPrivate });
          const { meetingId } = await scheduleAs(scene.creator, scene.club.id);
          const s: Scene = { ...scene, meetingId };
          const caller = role === "visitor" ? null : s[role];
          const { status } = await endpoint.send(s, caller);
          got[role] = status;
          await endpoint.effect?.(s, caller, status >= 200 && status < 300);
        }
        expect(got).toEqual(endpoint.expected(isPrivate));
      });
    }
  });
}
