import { blocks, follows, users } from "@worker/db/schema";
import { FOLLOW_BLOCKED, FOLLOW_RATE_LIMITED, FOLLOW_SELF, type FollowPage, type FollowSummary } from "@worker/features/follows";
import { and, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";

type Member = Awaited<ReturnType<typeof signedInMember>>;

const follow = (who: Member | null, id: string) => api<{ following: boolean }>(`/users/${id}/follow`, who, { method: "PUT" });
const unfollow = (who: Member | null, id: string) => api<{ following: boolean }>(`/users/${id}/follow`, who, { method: "DELETE" });
const summary = (who: Member, id: string) => api<FollowSummary>(`/users/${id}/follows`, who);
const list = (who: Member, id: string, which: "followers" | "following", query = "", invalid = false) =>
  api<FollowPage>(`/users/${id}/${which}${query}`, who, { invalid });
const names = (page: FollowPage | undefined) => page?.items.map((item) => item.name);

async function followRows(a: string, b: string) {
  return db
    .select()
    .from(follows)
    .where(or(and(eq(follows.followerId, a), eq(follows.followeeId, b)), and(eq(follows.followerId, b), eq(follows.followeeId, a))));
}

describe("following a member", () => {
  it("is for members: a visitor gets 401 on every follow route", async () => {
    const target = await createMember();
    for (const answer of [
      await follow(null, target.id),
      await unfollow(null, target.id),
      await api(`/users/${target.id}/follows`, null),
      await api(`/users/${target.id}/followers`, null),
      await api(`/users/${target.id}/following`, null),
    ]) {
      expect(answer).toEqual({ status: 401, body: { success: false, error: "Please sign in to continue." } });
    }
  });

  it("follows and unfollows idempotently, and the counts follow", async () => {
    const [reader, milo] = await Promise.all([signedInMember(), signedInMember()]);
    expect(await follow(reader, milo.user.id)).toEqual({ status: 200, body: { success: true, data: { following: true } } });
    expect(await follow(reader, milo.user.id)).toEqual({ status: 200, body: { success: true, data: { following: true } } });
    expect(await followRows(reader.user.id, milo.user.id)).toHaveLength(1);
    expect((await summary(reader, milo.user.id)).body.data).toEqual({ followers: 1, following: 0, viewerFollows: true });
    expect((await summary(milo, reader.user.id)).body.data).toEqual({ followers: 0, following: 1, viewerFollows: false });

    expect(await unfollow(reader, milo.user.id)).toEqual({ status: 200, body: { success: true, data: { following: false } } });
    expect(await unfollow(reader, milo.user.id)).toEqual({ status: 200, body: { success: true, data: { following: false } } });
    expect(await followRows(reader.user.id, milo.user.id)).toEqual([]);
    expect((await summary(reader, milo.user.id)).body.data).toEqual({ followers: 0, following: 0, viewerFollows: false });
  });

  it("refuses oneself (400) and an unknown, deleted or suspended member (404)", async () => {
    const reader = await signedInMember();
    expect(await follow(reader, reader.user.id)).toEqual({ status: 400, body: { success: false, error: FOLLOW_SELF } });
    const notFound = { status: 404, body: { success: false, error: "User not found" } };
    expect(await follow(reader, "no-such-member")).toEqual(notFound);
    const deleted = await createMember({ deletedAt: Date.now() });
    const suspended = await createMember({ suspendedAt: Date.now() });
    expect(await follow(reader, deleted.id)).toEqual(notFound);
    expect(await follow(reader, suspended.id)).toEqual(notFound);
    expect(await summary(reader, suspended.id)).toEqual(notFound);
    expect(await list(reader, deleted.id, "followers")).toEqual(notFound);
    expect(await db.select().from(follows).where(eq(follows.followerId, reader.user.id))).toEqual([]);
  });

  it("is refused across a block, whichever side blocked (403)", async () => {
    const [blocker, blocked] = await Promise.all([signedInMember(), signedInMember()]);
    await db.insert(blocks).values({ blockerId: blocker.user.id, blockedId: blocked.user.id });
    const refused = { status: 403, body: { success: false, error: FOLLOW_BLOCKED } };
    expect(await follow(blocker, blocked.user.id)).toEqual(refused);
    expect(await follow(blocked, blocker.user.id)).toEqual(refused);
    expect(await followRows(blocker.user.id, blocked.user.id)).toEqual([]);
  });

  it("ends when either member blocks the other: the follows go both ways", async () => {
    const [a, b] = await Promise.all([signedInMember(), signedInMember()]);
    await follow(a, b.user.id);
    await follow(b, a.user.id);
    expect(await followRows(a.user.id, b.user.id)).toHaveLength(2);
    expect((await api(`/dm/blocks/${a.user.id}`, b, { method: "PUT" })).status).toBe(200);
    expect(await followRows(a.user.id, b.user.id)).toEqual([]);
    // Lifting the block does not bring them back.
    expect((await api(`/dm/blocks/${a.user.id}`, b, { method: "DELETE" })).status).toBe(200);
    expect(await followRows(a.user.id, b.user.id)).toEqual([]);
  });

  it("is rate-limited: the 31st follow or unfollow within a minute is 429, and another member is not held back", async () => {
    await startOfRateLimitWindow();
    const [reader, milo, other] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    for (let i = 0; i < 15; i++) {
      expect((await follow(reader, milo.user.id)).status).toBe(200);
      expect((await unfollow(reader, milo.user.id)).status).toBe(200);
    }
    expect(await follow(reader, milo.user.id)).toEqual({ status: 429, body: { success: false, error: FOLLOW_RATE_LIMITED } });
    expect(await unfollow(reader, milo.user.id)).toEqual({ status: 429, body: { success: false, error: FOLLOW_RATE_LIMITED } });
    expect(await followRows(reader.user.id, milo.user.id)).toEqual([]);
    expect((await follow(other, milo.user.id)).status).toBe(200);
  });
});

describe("followers and following lists", () => {
  it("page newest follow first, by a cursor that keeps ties apart", async () => {
    const milo = await signedInMember({ name: "Milo" });
    const followers = await Promise.all(Array.from({ length: 23 }, (_, i) => createMember({ name: `Follower ${String(i).padStart(2, "0")}` })));
    // Followed at 23 distinct times, except two pairs made in the same millisecond.
    const base = Date.now() - 100_000;
    const at = (i: number) => base + (i === 5 ? 4 : i === 12 ? 11 : i) * 1000;
    for (let i = 0; i < followers.length; i += 10) {
      await db.insert(follows).values(followers.slice(i, i + 10).map((f, j) => ({ followerId: f.id, followeeId: milo.user.id, createdAt: at(i + j) })));
    }
    const first = await list(milo, milo.user.id, "followers", "?limit=10");
    expect(first.status).toBe(200);
    expect(first.body.data!.items).toHaveLength(10);
    expect(first.body.data!.items[0]).toMatchObject({ name: "Follower 22", followedAt: at(22), profilePicture: null });
    const seen = [...names(first.body.data)!];
    let token = first.body.data!.nextToken;
    while (token) {
      const page = await list(milo, milo.user.id, "followers", `?limit=10&nextToken=${token}`);
      seen.push(...names(page.body.data)!);
      token = page.body.data!.nextToken;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    const times = seen.map((name) => at(Number(name.slice(-2))));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect((await list(milo, milo.user.id, "followers", "?nextToken=bogus", true)).status).toBe(400);
  });

  it("list whom a member follows, without deleted or suspended members", async () => {
    const [reader, a, b] = await Promise.all([signedInMember({ name: "Reader" }), signedInMember({ name: "Ann" }), signedInMember({ name: "Bo" })]);
    await follow(reader, a.user.id);
    await follow(reader, b.user.id);
    expect(names((await list(a, reader.user.id, "following")).body.data)?.sort()).toEqual(["Ann", "Bo"]);
    await db.update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, b.user.id));
    expect(names((await list(a, reader.user.id, "following")).body.data)).toEqual(["Ann"]);
    expect((await summary(a, reader.user.id)).body.data).toMatchObject({ following: 1 });
  });

  it("hide from the viewer the members they blocked and those who blocked them", async () => {
    const [milo, viewer, fan, blockedByViewer, blockerOfViewer] = await Promise.all([
      signedInMember({ name: "Milo" }),
      signedInMember({ name: "Viewer" }),
      signedInMember({ name: "Fan" }),
      signedInMember({ name: "Blocked by viewer" }),
      signedInMember({ name: "Blocks viewer" }),
    ]);
    for (const member of [fan, blockedByViewer, blockerOfViewer]) expect((await follow(member, milo.user.id)).status).toBe(200);
    await db.insert(blocks).values([
      { blockerId: viewer.user.id, blockedId: blockedByViewer.user.id },
      { blockerId: blockerOfViewer.user.id, blockedId: viewer.user.id },
    ]);
    expect(names((await list(viewer, milo.user.id, "followers")).body.data)).toEqual(["Fan"]);
    expect(names((await list(milo, milo.user.id, "followers")).body.data)?.sort()).toEqual(["Blocked by viewer", "Blocks viewer", "Fan"]);
    expect(names((await list(viewer, blockedByViewer.user.id, "following")).body.data)).toEqual(["Milo"]);
  });
});
