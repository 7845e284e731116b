import { clubs, memberships } from "@worker/db/schema";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { clubApi, createClub } from "./support";

// The member limit holds under load: simultaneous joins are decided inside the statement that
// writes (D1 runs each batch as one transaction), not by a read that a concurrent join can outdate.

async function fiftyMembers() {
  return Promise.all(Array.from({ length: 50 }, (_, i) => signedInMember({ name: `Rusher ${i}` })));
}

async function counts(clubId: string) {
  const [club] = await db.select({ memberCount: clubs.memberCount }).from(clubs).where(eq(clubs.id, clubId));
  const [rows] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.clubId, clubId), eq(memberships.status, "active")));
  return { memberCount: club!.memberCount, activeRows: rows!.n };
}

describe("50 simultaneous joins to a club with a limit of 10", () => {
  it("by invite code: exactly 10 members (the creator and 9 more), 41 told the club is full, memberCount exact", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true, memberLimit: 10 });
    const { code } = (await clubApi<{ code: string }>("GET", `/${club.id}/invite-code`, creator)).body.data!;
    const rushers = await fiftyMembers();

    const answers = await Promise.all(rushers.map((member) => clubApi("POST", "/join", member, { inviteCode: code })));

    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(41);
    for (const answer of refused) expect(answer).toEqual({ status: 409, body: { success: false, error: "This club is full" } });
    expect(await counts(club.id)).toEqual({ memberCount: 10, activeRows: 10 });
  });

  it("by asking to join an open club: the same", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { memberLimit: 10 });
    const rushers = await fiftyMembers();

    const answers = await Promise.all(rushers.map((member) => clubApi<{ status: string }>("POST", `/${club.id}/request`, member)));

    const admitted = answers.filter((a) => a.status === 200);
    expect(admitted).toHaveLength(9);
    for (const answer of admitted) expect(answer.body.data).toEqual({ status: "active" });
    expect(answers.filter((a) => a.status === 409)).toHaveLength(41);
    expect(await counts(club.id)).toEqual({ memberCount: 10, activeRows: 10 });

    // Members leaving make room again, and the count follows.
    const leaver = rushers[answers.findIndex((a) => a.status === 200)]!;
    expect((await clubApi("DELETE", `/${club.id}/leave`, leaver)).status).toBe(200);
    expect(await counts(club.id)).toEqual({ memberCount: 9, activeRows: 9 });
    const late = rushers[answers.findIndex((a) => a.status === 409)]!;
    expect((await clubApi<{ status: string }>("POST", `/${club.id}/request`, late)).body.data).toEqual({ status: "active" });
    expect(await counts(club.id)).toEqual({ memberCount: 10, activeRows: 10 });
  });
});
