import { blocks, follows } from "@worker/db/schema";
import { FOLLOW_BLOCKED } from "@worker/features/follows";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { page, postForm } from "../helpers/pages";

const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

describe("following from a member's page, without the page's script", () => {
  it("follows with a plain form post, shows Following with Unfollow and the counts, and unfollows", async () => {
    const viewer = await signedInMember({ name: "Viewer" });
    const milo = await createMember({ name: "Milo" });
    const before = text((await page(`/users/${milo.id}`, viewer.cookie)).html);
    expect(before).toContain("0 followers · 0 following");
    expect(before).toMatch(/<button type="submit" value="follow"[^>]*name="intent">Follow<\/button>/);

    const followed = await postForm(`/users/${milo.id}`, { intent: "follow" }, viewer.cookie);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("Location")).toBe(`/users/${milo.id}`);
    expect(await db.select().from(follows).where(eq(follows.followerId, viewer.user.id))).toMatchObject([{ followeeId: milo.id }]);
    const after = text((await page(`/users/${milo.id}`, viewer.cookie)).html);
    expect(after).toContain("1 follower · 0 following");
    expect(after).toContain(">Following</span>");
    expect(after).toMatch(/value="unfollow"[^>]*name="intent">Unfollow<\/button>/);

    expect((await postForm(`/users/${milo.id}`, { intent: "unfollow" }, viewer.cookie)).status).toBe(302);
    expect(await db.select().from(follows).where(eq(follows.followerId, viewer.user.id))).toEqual([]);
  });

  it("says why when the member has blocked the viewer, and hides Follow from a viewer who blocked them", async () => {
    const viewer = await signedInMember();
    const [blocker, blockedOne] = await Promise.all([createMember({ name: "Quill" }), createMember({ name: "Rory" })]);
    await db.insert(blocks).values([
      { blockerId: blocker.id, blockedId: viewer.user.id },
      { blockerId: viewer.user.id, blockedId: blockedOne.id },
    ]);
    const refused = await postForm(`/users/${blocker.id}`, { intent: "follow" }, viewer.cookie);
    expect(refused.status).toBe(403);
    expect(text(await refused.text())).toContain(`<p role="alert" class="text-sm font-semibold text-red-800">${FOLLOW_BLOCKED.replace("'", "&#x27;")}</p>`);
    expect(text((await page(`/users/${blockedOne.id}`, viewer.cookie)).html)).not.toMatch(/value="follow"/);
  });
});

describe("a suspended member's page", () => {
  it("still opens (a moderator comes from a report), without Follow or counts", async () => {
    const viewer = await signedInMember();
    const suspended = await createMember({ name: "Sid", suspendedAt: Date.now() });
    const { status, html } = await page(`/users/${suspended.id}`, viewer.cookie);
    expect(status).toBe(200);
    expect(text(html)).toContain(">Sid</h1>");
    expect(text(html)).not.toMatch(/value="follow"|followers ·/);
  });
});

describe("/profile lists following and followers", () => {
  it("names them with links to their pages, pages with Older, and says so when there are none", async () => {
    const me = await signedInMember({ name: "Me" });
    const lonely = await signedInMember();
    const [ann, bo] = await Promise.all([createMember({ name: "Ann" }), createMember({ name: "Bo" })]);
    const fans = await Promise.all(Array.from({ length: 21 }, (_, i) => createMember({ name: `Fan ${String(i).padStart(2, "0")}` })));
    await db.insert(follows).values([
      { followerId: me.user.id, followeeId: ann.id },
      { followerId: bo.id, followeeId: me.user.id, createdAt: 1 },
    ]);
    await db.insert(follows).values(fans.slice(0, 10).map((fan, i) => ({ followerId: fan.id, followeeId: me.user.id, createdAt: 100 + i })));
    await db.insert(follows).values(fans.slice(10).map((fan, i) => ({ followerId: fan.id, followeeId: me.user.id, createdAt: 110 + i })));

    const html = text((await page("/profile", me.cookie)).html);
    const following = html.slice(html.indexOf('id="following"'), html.indexOf('id="followers"'));
    expect(following).toMatch(/Following <span[^>]*>\(1\)<\/span>/);
    expect(following).toContain(`href="/users/${ann.id}"`);
    const followers = html.slice(html.indexOf('id="followers"'));
    expect(followers).toMatch(/Followers <span[^>]*>\(22\)<\/span>/);
    expect(followers).toContain(">Fan 20<");
    expect(followers).not.toContain(">Bo<");
    const older = followers.match(/href="\/profile(\?followers=[^"#]+)#followers"[^>]*>Older <span aria-hidden="true"[^>]*>→<\/span>/)?.[1];
    expect(older).toBeTruthy();
    const next = text((await page(`/profile${older!.replaceAll("&amp;", "&")}`, me.cookie)).html);
    const rest = next.slice(next.indexOf('id="followers"'));
    expect(rest).toContain(">Bo<");
    expect(rest).toContain(">Fan 00<");
    expect(rest).toContain(">Newest</a>");

    const empty = text((await page("/profile", lonely.cookie)).html);
    expect(empty).toContain("You don&#x27;t follow anyone yet.");
    expect(empty).toContain("Nobody follows you yet.");
  });
});
