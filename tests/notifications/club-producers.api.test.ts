import { env } from "cloudflare:workers";
import { notificationPreferences } from "@worker/db/schema";
import { CLUB_RATE_LIMITED } from "@worker/features/clubs/club-access";
import { notifyClubEvent } from "@worker/features/clubs/club-notifications";
import { describe, expect, it } from "vitest";
import { addMember, clubApi, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { bellOf, outboxOf } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** A private club with its creator, a second admin and a plain member. */
async function privateClub() {
  const [creator, admin, member, hopeful] = await Promise.all([
    signedInMember({ name: "Cora Creator" }),
    signedInMember({ name: "Adam Admin" }),
    signedInMember({ name: "Mo Member" }),
    signedInMember({ name: "Hana Hopeful" }),
  ]);
  const club = await createClub(creator.user.id, { name: "Night Readers", isPrivate: true });
  await addMember(club.id, admin.user.id, "active", "admin");
  await addMember(club.id, member.user.id, "active", "member");
  return { creator, admin, member, hopeful, club };
}

const bellTypes = async (who: Member) => (await bellOf(who.user.id)).map((item) => item.type);

describe("club notifications", () => {
  it("a join request goes to each admin (not to plain members), once however often it is asked, linking to the requests", async () => {
    const { creator, admin, member, hopeful, club } = await privateClub();
    for (let i = 0; i < 2; i++) expect((await clubApi("POST", `/${club.id}/request`, hopeful)).body.data).toEqual({ status: "pending" });
    for (const who of [creator, admin]) {
      const items = await bellOf(who.user.id);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        type: "club_join_request",
        title: "Hana Hopeful asked to join Night Readers",
        link: `/clubs/${club.id}?dialog=requests`,
        actorId: hopeful.user.id,
      });
    }
    expect(await bellOf(member.user.id)).toEqual([]);
    expect(await bellOf(hopeful.user.id)).toEqual([]);
  });

  it("approval tells the member, and the other admins that they joined (not the admin who approved)", async () => {
    const { creator, admin, member, hopeful, club } = await privateClub();
    await clubApi("POST", `/${club.id}/request`, hopeful);
    expect((await clubApi("POST", `/${club.id}/requests/${hopeful.user.id}/approve`, admin)).status).toBe(200);
    expect(await bellOf(hopeful.user.id)).toEqual([
      expect.objectContaining({ type: "club_join_approved", title: "You're now a member of Night Readers", link: `/clubs/${club.id}`, actorId: admin.user.id }),
    ]);
    expect(await bellTypes(creator)).toEqual(["club_new_member", "club_join_request"]);
    expect((await bellOf(creator.user.id))[0]).toMatchObject({ title: "Hana Hopeful joined Night Readers", link: `/clubs/${club.id}` });
    expect(await bellTypes(admin)).toEqual(["club_join_request"]);
    expect(await bellOf(member.user.id)).toEqual([]);
  });

  it("a member joining an open club tells its admins, not the joiner; joining again tells nobody", async () => {
    const creator = await signedInMember({ name: "Open Owner" });
    const club = await createClub(creator.user.id, { name: "Open Door" });
    const joiner = await signedInMember({ name: "Jo Joiner" });
    for (let i = 0; i < 2; i++) await clubApi("POST", `/${club.id}/request`, joiner);
    expect(await bellOf(creator.user.id)).toEqual([
      expect.objectContaining({ type: "club_new_member", title: "Jo Joiner joined Open Door", actorId: joiner.user.id }),
    ]);
    expect(await bellOf(joiner.user.id)).toEqual([]);
  });

  it("a member joining by invite code tells the admins", async () => {
    const { creator, admin, hopeful, club } = await privateClub();
    const code = (await clubApi<{ code: string }>("GET", `/${club.id}/invite-code`, creator)).body.data!.code;
    expect((await clubApi("POST", "/join", hopeful, { inviteCode: code })).status).toBe(200);
    for (const who of [creator, admin]) expect(await bellTypes(who)).toEqual(["club_new_member"]);
    expect(await bellOf(hopeful.user.id)).toEqual([]);
  });

  it("admins who turned 'new club members' off get neither the bell item nor the e-mail; approvals still reach the member", async () => {
    const { creator, admin, hopeful, club } = await privateClub();
    await db.insert(notificationPreferences).values({ userId: creator.user.id, prefs: { new_member_in_your_club: false }, updatedAt: Date.now() });
    await clubApi("POST", `/${club.id}/request`, hopeful);
    await clubApi("POST", `/${club.id}/requests/${hopeful.user.id}/approve`, admin);
    expect(await bellOf(creator.user.id)).toEqual([]);
    expect(await outboxOf(creator.user.id)).toEqual([]);
    expect(await bellTypes(admin)).toEqual(["club_join_request"]);
    expect((await outboxOf(admin.user.id)).map((email) => [email.subject, email.preference])).toEqual([
      ["Hana Hopeful asked to join Night Readers", "new_member_in_your_club"],
    ]);
    expect((await outboxOf(hopeful.user.id)).map((email) => [email.subject, email.preference])).toEqual([
      ["You're now a member of Night Readers", "emailOptIn"],
    ]);
  });

  it("a request-and-withdraw loop on a private club tells each admin once, by bell and e-mail, and is then refused with 429", async () => {
    const { creator, admin, hopeful, club } = await privateClub();
    const rounds = await loopUntilRefused(hopeful, [
      ["POST", `/${club.id}/request`],
      ["DELETE", `/${club.id}/leave`],
    ]);
    // CLUB_LIMITER allows 30 writes a minute: 15 rounds of two, then the next write is refused.
    expect(rounds).toBe(15);
    for (const who of [creator, admin]) {
      expect(await bellTypes(who)).toEqual(["club_join_request"]);
      expect((await outboxOf(who.user.id)).map((email) => email.subject)).toEqual(["Hana Hopeful asked to join Night Readers"]);
    }
    // The loop ended on a withdrawal (the 31st write, a request, was refused): nothing is left queued.
    expect((await clubApi<{ items: unknown[] }>("GET", `/${club.id}/requests`, creator)).body.data!.items).toEqual([]);
  });

  it("a join-and-leave loop on an open club tells its admins once, and is then refused with 429", async () => {
    const creator = await signedInMember({ name: "Open Owner" });
    const club = await createClub(creator.user.id, { name: "Open Door" });
    const joiner = await signedInMember({ name: "Jo Joiner" });
    expect(
      await loopUntilRefused(joiner, [
        ["POST", `/${club.id}/request`],
        ["DELETE", `/${club.id}/leave`],
      ]),
    ).toBe(15);
    expect(await bellTypes(creator)).toEqual(["club_new_member"]);
    expect((await outboxOf(creator.user.id)).map((email) => email.subject)).toEqual(["Jo Joiner joined Open Door"]);
  });

  it("repeats collapse per member, club, kind and UTC day: the same kind the next day is news again, another kind the same day too", async () => {
    const { creator, hopeful, club } = await privateClub();
    const ctx = { db, env, user: null };
    const day = Date.UTC(2026, 10, 20);
    await notifyClubEvent(ctx, club.id, { kind: "join_request", memberId: hopeful.user.id, requestedAt: day + 60_000 });
    await notifyClubEvent(ctx, club.id, { kind: "join_request", memberId: hopeful.user.id, requestedAt: day + 23 * 3_600_000 });
    expect(await bellTypes(creator)).toEqual(["club_join_request"]);
    await notifyClubEvent(ctx, club.id, { kind: "joined", memberId: hopeful.user.id, at: day + 23 * 3_600_000 });
    await notifyClubEvent(ctx, club.id, { kind: "join_request", memberId: hopeful.user.id, requestedAt: day + 24 * 3_600_000 });
    expect((await bellTypes(creator)).sort()).toEqual(["club_join_request", "club_join_request", "club_new_member"]);
  });
});

/** Repeats the club API calls as `who` until one is refused; returns how many whole rounds passed (each call 200 until then). */
async function loopUntilRefused(who: Member, calls: [string, string][]) {
  await startOfRateLimitWindow();
  for (let round = 0; round < 40; round++) {
    for (const [method, path] of calls) {
      const answer = await clubApi(method, path, who);
      if (answer.status === 429) {
        expect(answer.body).toEqual({ success: false, error: CLUB_RATE_LIMITED });
        return round;
      }
      expect(answer.status).toBe(200);
    }
  }
  throw new Error("The loop was never refused");
}
