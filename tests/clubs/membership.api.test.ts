import { clubs, joinRequests, memberships, users } from "@worker/db/schema";
import type { MemberClub } from "@worker/features/clubs/club-lists";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { addMember, addPendingRequest, clubApi, createClub, createClubs } from "./support";

type Requests = { items: { userId: string; name: string; profilePicture: string | null; requestedAt: number }[] };

const memberCount = async (clubId: string) => (await db.select({ n: clubs.memberCount }).from(clubs).where(eq(clubs.id, clubId)))[0]!.n;
const membershipOf = async (clubId: string, userId: string) =>
  (
    await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId)))
  )[0];
const requestOf = async (clubId: string, userId: string) =>
  (
    await db
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.clubId, clubId), eq(joinRequests.userId, userId)))
  )[0];
const fail = (status: number, error: string) => ({ status, body: { success: false, error } });

describe("POST /api/clubs/{id}/request", () => {
  it("admits a member to an open club at once", async () => {
    const club = await createClub((await createMember()).id, { name: "Open Door" });
    const member = await signedInMember();
    expect(await clubApi("POST", `/${club.id}/request`, member)).toEqual({ status: 200, body: { success: true, data: { status: "active" } } });
    expect(await memberCount(club.id)).toBe(2);
    expect((await clubApi<{ items: MemberClub[] }>("GET", "", member)).body.data!.items).toEqual([
      expect.objectContaining({ clubId: club.id, userRole: "member", userStatus: "active" }),
    ]);
  });

  it("queues a pending request for a private club, once however often it is asked", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const member = await signedInMember({ name: "Hopeful Hana", picture: "avatars/x/pic.jpg" });
    for (let i = 0; i < 2; i++) {
      expect(await clubApi("POST", `/${club.id}/request`, member)).toEqual({ status: 200, body: { success: true, data: { status: "pending" } } });
    }
    expect(await memberCount(club.id)).toBe(1);
    expect((await clubApi<{ items: MemberClub[] }>("GET", "", member)).body.data!.items).toEqual([
      expect.objectContaining({ clubId: club.id, userStatus: "pending" }),
    ]);
    const { body } = await clubApi<Requests>("GET", `/${club.id}/requests`, creator);
    expect(body.data!.items).toEqual([
      { userId: member.user.id, name: "Hopeful Hana", profilePicture: "/media/avatars/x/pic.jpg", requestedAt: expect.any(Number) },
    ]);
  });

  it("answers 'active' to someone already a member, and 404 for an unknown club", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    expect((await clubApi("POST", `/${club.id}/request`, creator)).body.data).toEqual({ status: "active" });
    expect(await clubApi("POST", `/${crypto.randomUUID()}/request`, creator)).toEqual(fail(404, "Club not found"));
  });

  it("refuses a full club, open or private, with 409 'This club is full'", async () => {
    for (const isPrivate of [false, true]) {
      const club = await createClub((await createMember()).id, { isPrivate, memberLimit: 2, memberCount: 2 });
      const member = await signedInMember();
      expect(await clubApi("POST", `/${club.id}/request`, member)).toEqual(fail(409, "This club is full"));
      expect(await membershipOf(club.id, member.user.id)).toBeUndefined();
    }
  });
});

describe("deciding join requests", () => {
  it("lists pending requests oldest first; approving admits, rejecting declines, and both leave the list", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const [early, late, third] = [await createMember({ name: "Early" }), await createMember({ name: "Late" }), await createMember({ name: "Third" })];
    await addPendingRequest(club.id, late.id, 2_000);
    await addPendingRequest(club.id, early.id, 1_000);
    await addPendingRequest(club.id, third.id, 3_000);
    const list = async () => (await clubApi<Requests>("GET", `/${club.id}/requests`, creator)).body.data!.items.map((item) => item.name);
    expect(await list()).toEqual(["Early", "Late", "Third"]);

    expect(await clubApi("POST", `/${club.id}/requests/${early.id}/approve`, creator)).toEqual({
      status: 200,
      body: { success: true, data: { userId: early.id, status: "active" } },
    });
    expect(await membershipOf(club.id, early.id)).toMatchObject({ status: "active", role: "member" });
    expect(await requestOf(club.id, early.id)).toMatchObject({ status: "approved", decidedBy: creator.user.id, decidedAt: expect.any(Number) });
    expect(await memberCount(club.id)).toBe(2);

    expect(await clubApi("POST", `/${club.id}/requests/${late.id}/reject`, creator)).toEqual({
      status: 200,
      body: { success: true, data: { userId: late.id, status: "rejected" } },
    });
    expect(await membershipOf(club.id, late.id)).toBeUndefined();
    expect(await requestOf(club.id, late.id)).toMatchObject({ status: "rejected", decidedBy: creator.user.id });
    expect(await list()).toEqual(["Third"]);

    // Deciding again, or a request nobody made, is 404.
    for (const [userId, action] of [
      [early.id, "approve"],
      [late.id, "reject"],
      [late.id, "approve"],
      [crypto.randomUUID(), "approve"],
    ] as const) {
      expect(await clubApi("POST", `/${club.id}/requests/${userId}/${action}`, creator)).toEqual(fail(404, "Join request not found"));
    }
  });

  it("lets a declined member ask again", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const member = await signedInMember();
    await clubApi("POST", `/${club.id}/request`, member);
    await clubApi("POST", `/${club.id}/requests/${member.user.id}/reject`, creator);
    expect((await clubApi("POST", `/${club.id}/request`, member)).body.data).toEqual({ status: "pending" });
    expect(await requestOf(club.id, member.user.id)).toMatchObject({ status: "pending", decidedAt: null, decidedBy: null });
    expect((await clubApi<Requests>("GET", `/${club.id}/requests`, creator)).body.data!.items.map((item) => item.userId)).toEqual([member.user.id]);
  });

  it("is for admins as well as the creator", async () => {
    const club = await createClub((await createMember()).id, { isPrivate: true });
    const admin = await signedInMember();
    await addMember(club.id, admin.user.id, "active", "admin");
    const requester = await createMember();
    await addPendingRequest(club.id, requester.id);
    expect((await clubApi("POST", `/${club.id}/requests/${requester.id}/approve`, admin)).status).toBe(200);
    expect(await requestOf(club.id, requester.id)).toMatchObject({ status: "approved", decidedBy: admin.user.id });
  });
});

describe("DELETE /api/clubs/{id}/leave", () => {
  it("takes a member out of the club, and withdraws a pending request", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const member = await signedInMember();
    await addMember(club.id, member.user.id);
    const hopeful = await signedInMember();
    await clubApi("POST", `/${club.id}/request`, hopeful);

    expect(await clubApi("DELETE", `/${club.id}/leave`, member)).toEqual({ status: 200, body: { success: true, data: { clubId: club.id } } });
    expect(await memberCount(club.id)).toBe(1);
    expect((await clubApi("DELETE", `/${club.id}/leave`, hopeful)).status).toBe(200);
    expect(await requestOf(club.id, hopeful.user.id)).toBeUndefined();
    expect((await clubApi<Requests>("GET", `/${club.id}/requests`, creator)).body.data!.items).toEqual([]);
    expect(await clubApi("DELETE", `/${club.id}/leave`, member)).toEqual(fail(404, "You are not a member of this club"));
  });

  it("keeps the creator: they delete the club instead", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id);
    expect(await clubApi("DELETE", `/${club.id}/leave`, creator)).toEqual(fail(409, "You created this club, so you cannot leave it. Delete the club instead."));
    expect(await membershipOf(club.id, creator.user.id)).toMatchObject({ status: "active", role: "admin" });
  });

  it("keeps the last admin while members remain, and lets them go once they are alone", async () => {
    // A club whose creator is no longer a member (older data): its one admin holds it together.
    const [club] = await createClubs((await createMember()).id, [{ name: "Orphaned Club" }]);
    const admin = await signedInMember();
    const member = await signedInMember();
    await addMember(club!.id, admin.user.id, "active", "admin");
    await addMember(club!.id, member.user.id);
    const lastAdmin = fail(409, "You are the club's last admin. Make another member an admin before you leave.");
    expect(await clubApi("DELETE", `/${club!.id}/leave`, admin)).toEqual(lastAdmin);
    expect((await clubApi("DELETE", `/${club!.id}/leave`, member)).status).toBe(200);
    expect((await clubApi("DELETE", `/${club!.id}/leave`, admin)).status).toBe(200);
    expect(await memberCount(club!.id)).toBe(0);
    // The last member leaving removes only the membership: the club is still there.
    expect(await db.select().from(clubs).where(eq(clubs.id, club!.id))).toHaveLength(1);
  });

  it("lets an admin leave when another admin remains", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id);
    const admin = await signedInMember();
    await addMember(club.id, admin.user.id, "active", "admin");
    expect((await clubApi("DELETE", `/${club.id}/leave`, admin)).status).toBe(200);
  });
});

describe("the creator manages members", () => {
  it("makes a member an admin, who can then manage requests, and back", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const member = await signedInMember();
    await addMember(club.id, member.user.id);
    expect((await clubApi("GET", `/${club.id}/requests`, member)).status).toBe(403);

    expect(await clubApi("PATCH", `/${club.id}/members/${member.user.id}`, creator, { role: "admin" })).toEqual({
      status: 200,
      body: { success: true, data: { userId: member.user.id, role: "admin" } },
    });
    expect((await clubApi("GET", `/${club.id}/requests`, member)).status).toBe(200);
    expect((await clubApi<{ items: MemberClub[] }>("GET", "", member)).body.data!.items[0]!.userRole).toBe("admin");

    expect((await clubApi("PATCH", `/${club.id}/members/${member.user.id}`, creator, { role: "member" })).status).toBe(200);
    expect((await clubApi("GET", `/${club.id}/requests`, member)).status).toBe(403);
  });

  it("refuses to demote the creator, to change a non-member, and a role that does not exist", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id);
    const pending = await createMember();
    await addPendingRequest(club.id, pending.id);
    expect(await clubApi("PATCH", `/${club.id}/members/${creator.user.id}`, creator, { role: "member" })).toEqual(
      fail(409, "The club's creator is always an admin."),
    );
    expect(await clubApi("PATCH", `/${club.id}/members/${pending.id}`, creator, { role: "admin" })).toEqual(fail(404, "Member not found"));
    expect(await clubApi("PATCH", `/${club.id}/members/${crypto.randomUUID()}`, creator, { role: "admin" })).toEqual(fail(404, "Member not found"));
    expect(await clubApi("PATCH", `/${club.id}/members/${pending.id}`, creator, { role: "owner" }, { invalid: true })).toEqual(
      fail(400, 'role: Role must be "admin" or "member"'),
    );
    expect(await clubApi("PATCH", `/${club.id}/members/${pending.id}`, creator, {}, { invalid: true })).toEqual(
      fail(400, 'role: Role must be "admin" or "member"'),
    );
  });

  it("removes a member or a pending requester, but not themself", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const member = await signedInMember();
    await addMember(club.id, member.user.id);
    const requester = await createMember();
    await addPendingRequest(club.id, requester.id);

    expect(await clubApi("DELETE", `/${club.id}/members/${member.user.id}`, creator)).toEqual({
      status: 200,
      body: { success: true, data: { userId: member.user.id } },
    });
    expect(await memberCount(club.id)).toBe(1);
    expect((await clubApi<{ items: unknown[] }>("GET", "", member)).body.data!.items).toEqual([]);
    expect((await clubApi("DELETE", `/${club.id}/members/${requester.id}`, creator)).status).toBe(200);
    expect(await requestOf(club.id, requester.id)).toBeUndefined();
    expect(await clubApi("DELETE", `/${club.id}/members/${member.user.id}`, creator)).toEqual(fail(404, "Member not found"));
    expect(await clubApi("DELETE", `/${club.id}/members/${creator.user.id}`, creator)).toEqual(fail(409, "The club's creator cannot be removed."));
  });
});

describe("member counts follow every change", () => {
  it("counts active members only, through joins, approvals, leaving, removal and a member's account going", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const [a, b] = [await signedInMember(), await signedInMember()];
    await clubApi("POST", `/${club.id}/request`, a);
    await clubApi("POST", `/${club.id}/request`, b);
    expect(await memberCount(club.id)).toBe(1);
    await clubApi("POST", `/${club.id}/requests/${a.user.id}/approve`, creator);
    await clubApi("POST", `/${club.id}/requests/${b.user.id}/approve`, creator);
    expect(await memberCount(club.id)).toBe(3);
    await db.delete(users).where(eq(users.id, a.user.id));
    expect(await memberCount(club.id)).toBe(2);
    await clubApi("DELETE", `/${club.id}/members/${b.user.id}`, creator);
    expect(await memberCount(club.id)).toBe(1);
  });
});
