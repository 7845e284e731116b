import { clubs, joinRequests, memberships } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { addMember, addPendingRequest, clubApi, createClub } from "./support";

// Every club endpoint, for every kind of caller, on a public and a private club: the status the
// server answers and, for writes, whether the write happened. Each case gets its own fresh club.

const ROLES = ["visitor", "nonMember", "pending", "member", "admin", "creator"] as const;
type Role = (typeof ROLES)[number];
type Signed = Awaited<ReturnType<typeof signedInMember>>;

interface Scenario {
  clubId: string;
  callers: Record<Exclude<Role, "visitor">, Signed>;
  /** Someone else's pending request (for approve/reject) and another active member (for role/remove). */
  requesterId: string;
  otherMemberId: string;
  inviteCode: string;
}

async function scenario(isPrivate: boolean): Promise<Scenario> {
  const creator = await signedInMember({ name: "Creator" });
  const club = await createClub(creator.user.id, { name: "Matrix Club", isPrivate, memberLimit: 50 });
  const [admin, member, pending, nonMember] = [await signedInMember(), await signedInMember(), await signedInMember(), await signedInMember()];
  await addMember(club.id, admin.user.id, "active", "admin");
  await addMember(club.id, member.user.id);
  await addPendingRequest(club.id, pending.user.id);
  const requester = await createMember();
  await addPendingRequest(club.id, requester.id);
  const otherMember = await createMember();
  await addMember(club.id, otherMember.id);
  const code = await clubApi<{ code: string }>("GET", `/${club.id}/invite-code`, creator);
  return {
    clubId: club.id,
    callers: { creator, admin, member, pending, nonMember },
    requesterId: requester.id,
    otherMemberId: otherMember.id,
    inviteCode: code.body.data!.code,
  };
}

const expectAll = (status: number): Record<Role, number> => ({
  visitor: 401,
  nonMember: status,
  pending: status,
  member: status,
  admin: status,
  creator: status,
});
const MANAGERS: Record<Role, number> = { visitor: 401, nonMember: 403, pending: 403, member: 403, admin: 200, creator: 200 };
const CREATOR: Record<Role, number> = { visitor: 401, nonMember: 403, pending: 403, member: 403, admin: 403, creator: 200 };

interface Endpoint {
  name: string;
  send: (s: Scenario, caller: Signed | null) => ReturnType<typeof clubApi>;
  expected: Record<Role, number>;
  /** Checks the write happened exactly when it was allowed. */
  effect?: (s: Scenario, allowed: boolean) => Promise<void>;
}

const membership = async (clubId: string, userId: string) =>
  (
    await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId)))
  )[0];
const request = async (clubId: string, userId: string) =>
  (
    await db
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.clubId, clubId), eq(joinRequests.userId, userId)))
  )[0];

const endpoints: Endpoint[] = [
  { name: "GET /clubs", send: (_, c) => clubApi("GET", "", c), expected: expectAll(200) },
  { name: "GET /clubs/browse", send: (_, c) => clubApi("GET", "/browse?search=matrix", c), expected: expectAll(200) },
  { name: "GET /clubs/{id}", send: (s, c) => clubApi("GET", `/${s.clubId}`, c), expected: expectAll(200) },
  {
    name: "POST /clubs",
    send: (_, c) => clubApi("POST", "", c, { name: "Another Club", location: "Somewhere" }),
    expected: expectAll(201),
  },
  {
    name: "POST /clubs/join",
    send: (s, c) => clubApi("POST", "/join", c, { inviteCode: s.inviteCode }),
    expected: expectAll(200),
  },
  {
    name: "DELETE /clubs/{id}/leave",
    send: (s, c) => clubApi("DELETE", `/${s.clubId}/leave`, c),
    expected: { visitor: 401, nonMember: 404, pending: 200, member: 200, admin: 200, creator: 409 },
  },
  {
    name: "PATCH /clubs/{id}",
    send: (s, c) => clubApi("PATCH", `/${s.clubId}`, c, { name: "Renamed Club" }),
    expected: CREATOR,
    effect: async (s, allowed) => {
      const [club] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, s.clubId));
      expect(club!.name).toBe(allowed ? "Renamed Club" : "Matrix Club");
    },
  },
  {
    name: "DELETE /clubs/{id}",
    send: (s, c) => clubApi("DELETE", `/${s.clubId}`, c),
    expected: CREATOR,
    effect: async (s, allowed) => {
      expect(await db.select().from(clubs).where(eq(clubs.id, s.clubId))).toHaveLength(allowed ? 0 : 1);
    },
  },
  { name: "POST /clubs/{id}/request", send: (s, c) => clubApi("POST", `/${s.clubId}/request`, c), expected: expectAll(200) },
  { name: "GET /clubs/{id}/requests", send: (s, c) => clubApi("GET", `/${s.clubId}/requests`, c), expected: MANAGERS },
  {
    name: "POST /clubs/{id}/requests/{userId}/approve",
    send: (s, c) => clubApi("POST", `/${s.clubId}/requests/${s.requesterId}/approve`, c),
    expected: MANAGERS,
    effect: async (s, allowed) => {
      expect((await membership(s.clubId, s.requesterId))!.status).toBe(allowed ? "active" : "pending");
      expect((await request(s.clubId, s.requesterId))!.status).toBe(allowed ? "approved" : "pending");
    },
  },
  {
    name: "POST /clubs/{id}/requests/{userId}/reject",
    send: (s, c) => clubApi("POST", `/${s.clubId}/requests/${s.requesterId}/reject`, c),
    expected: MANAGERS,
    effect: async (s, allowed) => {
      expect(await membership(s.clubId, s.requesterId)).toEqual(allowed ? undefined : expect.objectContaining({ status: "pending" }));
      expect((await request(s.clubId, s.requesterId))!.status).toBe(allowed ? "rejected" : "pending");
    },
  },
  { name: "GET /clubs/{id}/invite-code", send: (s, c) => clubApi("GET", `/${s.clubId}/invite-code`, c), expected: MANAGERS },
  {
    name: "POST /clubs/{id}/invite-code",
    send: (s, c) => clubApi("POST", `/${s.clubId}/invite-code`, c),
    expected: MANAGERS,
    effect: async (s, allowed) => {
      const { callers } = s;
      const current = await clubApi<{ code: string }>("GET", `/${s.clubId}/invite-code`, callers.creator);
      expect(current.body.data!.code === s.inviteCode).toBe(!allowed);
    },
  },
  {
    name: "PATCH /clubs/{id}/members/{userId}",
    send: (s, c) => clubApi("PATCH", `/${s.clubId}/members/${s.otherMemberId}`, c, { role: "admin" }),
    expected: CREATOR,
    effect: async (s, allowed) => {
      expect((await membership(s.clubId, s.otherMemberId))!.role).toBe(allowed ? "admin" : "member");
    },
  },
  {
    name: "DELETE /clubs/{id}/members/{userId}",
    send: (s, c) => clubApi("DELETE", `/${s.clubId}/members/${s.otherMemberId}`, c),
    expected: CREATOR,
    effect: async (s, allowed) => {
      expect(Boolean(await membership(s.clubId, s.otherMemberId))).toBe(!allowed);
    },
  },
];

const cases = endpoints.flatMap((endpoint) =>
  (["public", "private"] as const).flatMap((kind) => ROLES.map((role) => ({ endpoint, kind, role, label: `${endpoint.name} (${kind}) as ${role}` }))),
);

describe("club endpoints, by caller", () => {
  it.each(cases)("$label", async ({ endpoint, kind, role }) => {
    const s = await scenario(kind === "private");
    const caller = role === "visitor" ? null : s.callers[role];
    const { status, body } = await endpoint.send(s, caller);
    const expected = endpoint.expected[role];
    expect(status).toBe(expected);
    if (expected < 300) {
      expect(body.success).toBe(true);
    } else {
      expect(body).toEqual({ success: false, error: expect.any(String) });
      expect(body.error).not.toMatch(/sql|sqlite|d1_|constraint/i);
    }
    await endpoint.effect?.(s, expected < 300);
  });
});

describe("one club's admin and another club's requests", () => {
  it("cannot list, approve or reject them, and the request stays pending", async () => {
    const adminOfA = await signedInMember();
    const clubA = await createClub((await createMember()).id, { name: "Club A" });
    await addMember(clubA.id, adminOfA.user.id, "active", "admin");
    const creatorOfA = await signedInMember();
    const ownClub = await createClub(creatorOfA.user.id, { name: "Own Club" });
    const clubB = await createClub((await createMember()).id, { name: "Club B", isPrivate: true });
    const hopeful = await createMember();
    await addPendingRequest(clubB.id, hopeful.id);

    for (const caller of [adminOfA, creatorOfA]) {
      expect((await clubApi("GET", `/${clubB.id}/requests`, caller)).status).toBe(403);
      expect((await clubApi("POST", `/${clubB.id}/requests/${hopeful.id}/approve`, caller)).status).toBe(403);
      expect((await clubApi("POST", `/${clubB.id}/requests/${hopeful.id}/reject`, caller)).status).toBe(403);
      // Naming their own club in the path does not reach club B's request either.
      const own = caller === adminOfA ? clubA.id : ownClub.id;
      expect((await clubApi("POST", `/${own}/requests/${hopeful.id}/approve`, caller)).status).toBe(404);
    }
    expect((await membership(clubB.id, hopeful.id))!.status).toBe("pending");
    expect((await request(clubB.id, hopeful.id))!.status).toBe("pending");
  });
});
