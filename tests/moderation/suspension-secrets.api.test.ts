import { env } from "cloudflare:workers";
import { createSession } from "@worker/core/session";
import { calendarFeeds, dataExports, emailOutbox, notificationPreferences, notifications, pushSubscriptions, sessions, users } from "@worker/db/schema";
import { notify } from "@worker/features/notifications/notifications";
import { createUnsubscribeToken } from "@worker/features/notifications/unsubscribe-tokens";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meetingScene, scheduleAs } from "../club-meetings/support";
import { db, signedInMember } from "../helpers/fixtures";
import { api, call, type Envelope, json } from "../helpers/http";
import { JPEG_1PX } from "../helpers/images";
import { makeDevice } from "../push/support";
import { type Member, moderator, post } from "./support";

// Every bearer-style secret: it stops working for a suspended or deleted member,
// and suspension revokes it where it is stored.

let mod: Member;
beforeAll(async () => {
  mod = await moderator();
});

const suspend = async (target: Member) => {
  const response = await post(`/api/moderation/members/${target.user.id}/suspend`, mod);
  expect(response.status).toBe(200);
  return mod;
};

/** The account deletion's tombstone, set straight in D1 (a feed row or session that slipped through is what is tested). */
const markDeleted = (userId: string) => db.update(users).set({ deletedAt: Date.now() }).where(eq(users.id, userId));

async function feedPathOf(member: Member): Promise<string> {
  const created = await api<{ url: string }>("/calendar-feed", member, { method: "POST", auth: "bearer" });
  expect(created.status).toBe(201);
  return new URL(created.body.data!.url).pathname;
}

describe("a suspended or deleted member's secrets", () => {
  it("calendar feed: a suspension revokes it, and a feed of a suspended member answers 404 even if its row slipped through", async () => {
    const s = await meetingScene({ isPrivate: true });
    await scheduleAs(s.creator, s.club.id, { note: "Secret back room", videoUrl: "https://meet.example.org/private" });
    const path = await feedPathOf(s.member);
    expect(await (await call(path)).text()).toContain("Secret back room");

    await suspend(s.member);
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, s.member.user.id))).toEqual([]);
    const after = await call(path);
    expect(after.status).toBe(404);
    expect(await after.text()).not.toContain("Secret back room");

    // A feed row made while suspended (a batch that lost a race) still serves nothing.
    const sneaky = await createSession(db, s.member.user.id);
    await db.update(users).set({ suspendedAt: null }).where(eq(users.id, s.member.user.id));
    const againPath = await feedPathOf({ ...s.member, token: sneaky.token });
    await db.update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, s.member.user.id));
    expect((await call(againPath)).status).toBe(404);

    // Lifting the suspension does not bring an old address back: the member makes a new one.
    expect((await post(`/api/moderation/members/${s.member.user.id}/unsuspend`, mod)).status).toBe(200);
    expect((await call(path)).status).toBe(404);
  });

  it("calendar feed: a deleted member's feed answers 404", async () => {
    const s = await meetingScene({ isPrivate: true });
    await scheduleAs(s.creator, s.club.id);
    const path = await feedPathOf(s.member);
    expect((await call(path)).status).toBe(200);
    await markDeleted(s.member.user.id);
    expect((await call(path)).status).toBe(404);
  });

  it("Bearer session: a deleted member's session that slipped through signs nobody in", async () => {
    const member = await signedInMember();
    const session = await createSession(db, member.user.id);
    await markDeleted(member.user.id);
    expect((await call("/api/users/me", { headers: { Authorization: `Bearer ${session.token}` } })).status).toBe(401);
  });

  it("unsubscribe link: a suspended or deleted member's link is not valid, and writes nothing", async () => {
    for (const end of ["suspended", "deleted"] as const) {
      const member = await signedInMember();
      const token = await createUnsubscribeToken(env, { userId: member.user.id, preference: "new_member_in_your_club" });
      if (end === "suspended") await suspend(member);
      else await markDeleted(member.user.id);
      const page = await call(`/unsubscribe?token=${token}`);
      expect(await page.text(), end).toContain("This unsubscribe link is not valid.");
      const oneClick = await call(`/unsubscribe?token=${token}`, {
        method: "POST",
        headers: { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status, end).toBe(400);
      expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, member.user.id)), end).toEqual([]);
    }
  });

  it("signed upload URL: a link handed out before the suspension or deletion stores nothing", async () => {
    for (const end of ["suspended", "deleted"] as const) {
      const member = await signedInMember();
      const link = await api<{ uploadUrl: string; fileKey: string }>("/upload-url", member, { method: "POST", json: { fileType: "image/jpeg" } });
      expect(link.status).toBe(200);
      if (end === "suspended") await suspend(member);
      else await markDeleted(member.user.id);
      const target = new URL(link.body.data!.uploadUrl);
      const response = await call(target.pathname + target.search, { method: "PUT", body: JPEG_1PX, headers: { "Content-Type": "image/jpeg" } });
      expect(response.status, end).toBe(403);
      expect(await json<Envelope>(response), end).toMatchObject({ success: false, error: "This upload link is not valid." });
      expect(await env.MEDIA.head(link.body.data!.fileKey), end).toBeNull();
    }
  });

  it("export download: a suspended member's ready zip is not served to their old session", async () => {
    const member = await signedInMember();
    const bearer = await createSession(db, member.user.id);
    const exportId = crypto.randomUUID();
    const zipKey = `exports/${member.user.id}/${exportId}.zip`;
    await env.MEDIA.put(zipKey, new Uint8Array([80, 75, 5, 6]));
    await db.insert(dataExports).values({ id: exportId, userId: member.user.id, state: "ready", zipKey, sizeBytes: 4, expiresAt: Date.now() + 86_400_000 });
    expect((await call(`/api/users/me/data-exports/${exportId}/zip`, { cookie: member.cookie })).status).toBe(200);
    await suspend(member);
    for (const init of [{ cookie: member.cookie }, { headers: { Authorization: `Bearer ${bearer.token}` } }]) {
      expect((await call(`/api/users/me/data-exports/${exportId}/zip`, init)).status).toBe(401);
      expect((await call(`/profile/data-exports/${exportId}`, init)).status).not.toBe(200);
    }
  });

  it("push devices: a suspension removes them (with the sessions they belong to)", async () => {
    const member = await signedInMember();
    const device = await makeDevice();
    expect((await api("/push/devices", member, { method: "POST", json: { endpoint: device.endpoint, keys: device.keys } })).status).toBe(201);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toHaveLength(1);
    await suspend(member);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toEqual([]);
  });

  it("notifications: a suspended or deleted member gets no bell item, e-mail or push (a private club's meeting included)", async () => {
    for (const end of ["suspended", "deleted"] as const) {
      const member = await signedInMember();
      if (end === "suspended") await suspend(member);
      else await markDeleted(member.user.id);
      await notify({ db, env }, [
        {
          userId: member.user.id,
          type: "club_announcement",
          title: "Meeting in the back room",
          body: "Bring the secret book",
          link: "/clubs",
          dedupeKey: `test:${crypto.randomUUID()}`,
        },
      ]);
      expect(await db.select().from(notifications).where(eq(notifications.userId, member.user.id)), end).toEqual([]);
      expect(await db.select().from(emailOutbox).where(eq(emailOutbox.userId, member.user.id)), end).toEqual([]);
    }
  });
});
