import { env } from "cloudflare:workers";
import { clubs, joinRequests, memberships } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { postForm } from "../helpers/pages";
import { addMember, addPendingRequest, clubApi, createClub } from "./support";

const joinedVia = async (clubId: string, userId: string) =>
  (
    await db
      .select({ via: memberships.joinedVia, status: memberships.status })
      .from(memberships)
      .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId)))
  )[0];

describe("how a membership was made (memberships.joined_via)", () => {
  it("is recorded on every way in: creating, an open club, approval, an invite code, by API and by page", async () => {
    const creator = await signedInMember();
    const created = (await clubApi<{ clubId: string }>("POST", "", creator, { name: "Paths", location: "Hall", isPrivate: true })).body.data!.clubId;
    expect(await joinedVia(created, creator.user.id)).toEqual({ via: "created", status: "active" });

    const asker = await signedInMember();
    await clubApi("POST", `/${created}/request`, asker);
    expect((await joinedVia(created, asker.user.id))?.status).toBe("pending");
    await clubApi("POST", `/${created}/requests/${asker.user.id}/approve`, creator);
    expect(await joinedVia(created, asker.user.id)).toEqual({ via: "approval", status: "active" });

    const code = (await clubApi<{ code: string }>("GET", `/${created}/invite-code`, creator)).body.data!.code;
    const invited = await signedInMember();
    await clubApi("POST", "/join", invited, { inviteCode: code });
    expect(await joinedVia(created, invited.user.id)).toEqual({ via: "code", status: "active" });
    const invitedByPage = await signedInMember();
    expect((await postForm("/clubs?dialog=join", { intent: "join", inviteCode: code }, invitedByPage.cookie)).status).toBe(302);
    expect(await joinedVia(created, invitedByPage.user.id)).toEqual({ via: "code", status: "active" });

    const openClub = (await clubApi<{ clubId: string }>("POST", "", creator, { name: "Open", location: "Park" })).body.data!.clubId;
    const walker = await signedInMember();
    await clubApi("POST", `/${openClub}/request`, walker);
    expect(await joinedVia(openClub, walker.user.id)).toEqual({ via: "open", status: "active" });
    const pageWalker = await signedInMember();
    expect((await postForm("/clubs/browse", { intent: "request", clubId: openClub }, pageWalker.cookie)).status).toBe(200);
    expect(await joinedVia(openClub, pageWalker.user.id)).toEqual({ via: "open", status: "active" });
  });

  it("is 'open' for a request made while the club was private and granted by asking again once it is open", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const asker = await signedInMember();
    await clubApi("POST", `/${club.id}/request`, asker);
    await clubApi("PATCH", `/${club.id}`, creator, { isPrivate: false });
    expect((await clubApi("POST", `/${club.id}/request`, asker)).body.data).toEqual({ status: "active" });
    expect(await joinedVia(club.id, asker.user.id)).toEqual({ via: "open", status: "active" });
  });

  it("keeps one pending join request per member and club, however often they ask and withdraw", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const asker = await signedInMember();
    for (let i = 0; i < 3; i++) {
      await clubApi("POST", `/${club.id}/request`, asker);
      await clubApi("POST", `/${club.id}/request`, asker);
      if (i < 2) await clubApi("DELETE", `/${club.id}/leave`, asker);
    }
    const rows = await db
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.clubId, club.id), eq(joinRequests.userId, asker.user.id)));
    expect(rows.map((row) => row.status)).toEqual(["pending"]);
    expect((await clubApi<{ items: unknown[] }>("GET", `/${club.id}/requests`, creator)).body.data!.items).toHaveLength(1);
  });
});

describe("the joined_via backfill (migration 0010)", () => {
  const backfill = env.TEST_MIGRATIONS.flatMap((migration) => migration.queries).filter((query) => /UPDATE `memberships` SET `joined_via`/.test(query));

  it("marks only creators of their own club and provable approvals; everything else stays 'open'", async () => {
    expect(backfill).toHaveLength(2);
    const t = Date.now() - 10 * 86_400_000;
    const [creator, heir, approved, approvedAtOnce, rejoined, byCode, walker] = await Promise.all(Array.from({ length: 7 }, () => createMember()));
    const club = await createClub(creator!.id, { isPrivate: true, createdAt: t });
    // Rows as they were before the column existed: all "open".
    await db.update(memberships).set({ joinedVia: "open", createdAt: t }).where(eq(memberships.clubId, club.id));
    const handedOver = await createClub(creator!.id, { createdAt: t });
    await db.delete(memberships).where(eq(memberships.clubId, handedOver.id));
    await db.update(clubs).set({ createdBy: heir!.id }).where(eq(clubs.id, handedOver.id));
    await addMember(handedOver.id, heir!.id, "active", "admin");

    const decided = (userId: string, requestedAt: number, decidedAt: number, decidedBy: string | null) =>
      db.insert(joinRequests).values({ clubId: club.id, userId, status: "approved", requestedAt, decidedAt, decidedBy });
    // Asked at t+1, approved at t+2: approval promoted the pending row made at t+1.
    await decided(approved!.id, t + 1, t + 2, creator!.id);
    await db.insert(memberships).values({ clubId: club.id, userId: approved!.id, createdAt: t + 1 });
    // Approval with no pending row left: the row was made at the decision.
    await decided(approvedAtOnce!.id, t + 1, t + 2, creator!.id);
    await db.insert(memberships).values({ clubId: club.id, userId: approvedAtOnce!.id, createdAt: t + 2 });
    // Approved once, left, and came back some other way later.
    await decided(rejoined!.id, t + 1, t + 2, creator!.id);
    await db.insert(memberships).values({ clubId: club.id, userId: rejoined!.id, createdAt: t + 50 });
    // A request settled by an invite code (nobody decided it): no proof of how they came in.
    await decided(byCode!.id, t + 1, t + 3, null);
    await db.insert(memberships).values({ clubId: club.id, userId: byCode!.id, createdAt: t + 3 });
    await db.insert(memberships).values({ clubId: club.id, userId: walker!.id, createdAt: t + 4 });
    await addPendingRequest(club.id, (await createMember()).id);

    for (const query of backfill) await env.DB.prepare(query).run();

    const via = async (clubId: string, userId: string) => (await joinedVia(clubId, userId))?.via;
    expect(await via(club.id, creator!.id)).toBe("created");
    expect(await via(handedOver.id, heir!.id)).toBe("open");
    expect(await via(club.id, approved!.id)).toBe("approval");
    expect(await via(club.id, approvedAtOnce!.id)).toBe("approval");
    expect(await via(club.id, rejoined!.id)).toBe("open");
    expect(await via(club.id, byCode!.id)).toBe("open");
    expect(await via(club.id, walker!.id)).toBe("open");
  });
});
