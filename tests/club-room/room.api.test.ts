import { blocks, clubRoomReads, clubs, emailOutbox, memberships, notificationPreferences } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addMember } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { call, SAME_ORIGIN } from "../helpers/http";
import { moderator as newModerator, post, report, reportRow } from "../moderation/support";
import {
  clubWithMembers,
  connect,
  currentBookWithMilestones,
  type Item,
  notificationsOf,
  type RoomPage,
  reached,
  roomCall,
  roomJson,
  unreadOf,
} from "./support";

/** The one moderator of this file (MODERATORS names one address; storage is per file). */
let mo: ReturnType<typeof newModerator> | undefined;
const moderator = () => (mo ??= newModerator());

const write = (content: string, extra: Record<string, unknown> = {}) => ({ content, ...extra });

describe("the club room's authorization matrix", () => {
  it("lets active members and admins in; visitors 401, outsiders 404 (private) or 403 (open), removed members like outsiders", async () => {
    for (const isPrivate of [true, false]) {
      const { admin, member, club } = await clubWithMembers(isPrivate);
      const outsider = await signedInMember();
      const removed = await signedInMember();
      await addMember(club.id, removed.user.id);
      expect((await roomCall("DELETE", `/${club.id}/members/${removed.user.id}`, admin)).status).toBe(200);
      const refused = isPrivate ? 404 : 403;
      const routes: [string, string, unknown?][] = [
        ["GET", `/${club.id}/room/messages`],
        ["POST", `/${club.id}/room/messages`, write("hello")],
        ["PATCH", `/${club.id}/room/read`],
      ];
      for (const [method, path, body] of routes) {
        expect((await roomCall(method, path, null, body)).status, `${method} ${path} visitor`).toBe(401);
        expect((await roomCall(method, path, outsider, body)).status, `${method} ${path} outsider`).toBe(refused);
        expect((await roomCall(method, path, removed, body)).status, `${method} ${path} removed`).toBe(refused);
        expect((await roomCall(method, path, member, body)).status, `${method} ${path} member`).toBeLessThan(300);
        expect((await roomCall(method, path, admin, body)).status, `${method} ${path} admin`).toBeLessThan(300);
      }
      const announce = `/${club.id}/room/announcements`;
      expect((await roomCall("POST", announce, null, write("x"))).status).toBe(401);
      expect((await roomCall("POST", announce, outsider, write("x"))).status).toBe(refused);
      expect((await roomCall("POST", announce, removed, write("x"))).status).toBe(refused);
      expect((await roomCall("POST", announce, member, write("x"))).status).toBe(403);
      expect((await roomCall("POST", announce, admin, write("Meeting moved to Friday"))).status).toBe(201);
      // Sockets: the same matrix before the upgrade.
      expect((await connect(club.id, null)).response.status).toBe(401);
      expect((await connect(club.id, outsider)).response.status).toBe(refused);
      expect((await connect(club.id, removed)).response.status).toBe(refused);
      expect((await connect(club.id, member, "https://evil.example")).response.status).toBe(403);
      expect((await connect(club.id, member)).response.status).toBe(101);
    }
  });

  it("hides a message only for site moderators and the club's admins", async () => {
    const { admin, member, club } = await clubWithMembers(false);
    const other = await signedInMember();
    await addMember(club.id, other.user.id);
    const sent = await roomJson<Item>("POST", `/${club.id}/room/messages`, other, write("spam spam"));
    const hide = `/${club.id}/room/messages/${sent.body.data!.messageId}/hide`;
    expect((await roomCall("POST", hide, null)).status).toBe(401);
    expect((await roomCall("POST", hide, member)).status).toBe(403);
    expect((await roomCall("POST", hide, await signedInMember())).status).toBe(403);
    expect((await roomCall("POST", `/${club.id}/room/messages/nope/hide`, admin)).status).toBe(404);
    expect((await roomCall("POST", hide, admin)).status).toBe(200);
    expect((await roomCall("POST", hide, await moderator())).status).toBe(200);
  });
});

describe("the club room over real sockets", () => {
  it("delivers a message live to every member's socket, with milestone, and counts it unread for the others", async () => {
    const { admin, member, club } = await clubWithMembers();
    const third = await signedInMember();
    await addMember(club.id, third.user.id);
    const ben = await connect(club.id, member);
    const ada = await connect(club.id, admin);
    expect(await ben.next()).toMatchObject({ type: "ready" });
    expect(await ada.next()).toMatchObject({ type: "ready" });

    const sent = await roomJson<Item>("POST", `/${club.id}/room/messages`, admin, write("Welcome, everyone!"));
    expect(sent.status).toBe(201);
    const live = await ben.next();
    expect(live).toMatchObject({ type: "message", message: { content: "Welcome, everyone!", fromUserId: admin.user.id, clubId: club.id, milestoneId: null } });
    expect(await ada.next()).toMatchObject({ type: "message", message: { messageId: sent.body.data!.messageId } });

    expect(await unreadOf(club.id, member.user.id)).toBe(1);
    expect(await unreadOf(club.id, third.user.id)).toBe(1);
    expect(await unreadOf(club.id, admin.user.id)).toBe(0);
    await roomJson("POST", `/${club.id}/room/messages`, member, write("Hello!"));
    expect(await ben.next()).toMatchObject({ type: "message", message: { content: "Hello!" } });
    expect(await unreadOf(club.id, member.user.id)).toBe(0);
    expect(await unreadOf(club.id, admin.user.id)).toBe(1);
    expect(await unreadOf(club.id, third.user.id)).toBe(2);

    // Reading over HTTP clears the count and the room's bell item.
    // The bell is told after the answer (waitUntil).
    const bell = await vi.waitFor(async () => {
      const items = (await notificationsOf(third.user.id)).filter((n) => n.type === "club_room_messages");
      expect(items[0]?.count).toBe(2);
      return items;
    });
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ link: `/clubs/${club.id}/room`, readAt: null });
    expect((await roomCall("PATCH", `/${club.id}/room/read`, third)).status).toBe(200);
    expect(await unreadOf(club.id, third.user.id)).toBe(0);
    expect((await notificationsOf(third.user.id)).find((n) => n.type === "club_room_messages")?.readAt).not.toBeNull();
    // Reading over the socket too.
    ben.socket!.send(JSON.stringify({ type: "read" }));
    expect(await ben.next()).toMatchObject({ type: "read", unread: 0 });
    await roomJson("POST", `/${club.id}/room/messages`, admin, write("one more"));
    expect(await ben.next()).toMatchObject({ type: "message" });
    ben.socket!.send(JSON.stringify({ type: "read" }));
    expect(await ben.next()).toMatchObject({ type: "read", unread: 0 });
    expect(await unreadOf(club.id, member.user.id)).toBe(0);
  });

  it("pages the room newest first and repeats a retried send once", async () => {
    const { admin, club } = await clubWithMembers();
    const messageId = crypto.randomUUID();
    for (let i = 1; i <= 5; i++) await roomJson("POST", `/${club.id}/room/messages`, admin, write(`m${i}`));
    const again = await roomJson<Item>("POST", `/${club.id}/room/messages`, admin, write("retry", { messageId }));
    const twice = await roomJson<Item>("POST", `/${club.id}/room/messages`, admin, write("retry", { messageId }));
    expect(twice.body.data!.messageId).toBe(again.body.data!.messageId);
    const first = await roomJson<RoomPage>("GET", `/${club.id}/room/messages?limit=4`, admin);
    expect(first.body.data!.items.map((m) => m.content)).toEqual(["retry", "m5", "m4", "m3"]);
    const older = await roomJson<RoomPage>("GET", `/${club.id}/room/messages?limit=4&nextToken=${first.body.data!.nextToken}`, admin);
    expect(older.body.data!.items.map((m) => m.content)).toEqual(["m2", "m1"]);
    expect(older.body.data!.nextToken).toBeNull();
  });

  it("folds messages in a milestone the reader has not reached behind its label, per reader", async () => {
    const { admin, member, club } = await clubWithMembers();
    const [early, late] = await currentBookWithMilestones(club.id, ["chapters 1–8", "chapters 9–14"]);
    await reached(early!, member.user.id);
    await reached(late!, admin.user.id);
    const ben = await connect(club.id, member);
    await ben.next();
    await roomJson("POST", `/${club.id}/room/messages`, admin, write("Dorothea's choice!", { milestoneId: late }));
    expect(await ben.next()).toMatchObject({ type: "message", message: { milestoneId: late } });
    await roomJson("POST", `/${club.id}/room/messages`, admin, write("The opening is slow", { milestoneId: early }));
    await roomJson("POST", `/${club.id}/room/messages`, admin, write("No milestone"));
    expect((await roomCall("POST", `/${club.id}/room/messages`, admin, write("x", { milestoneId: "not-one" }))).status).toBe(400);

    const benPage = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, member)).body.data!;
    expect(benPage.items.map((m) => [m.content, m.spoiler])).toEqual([
      ["No milestone", null],
      ["The opening is slow", null],
      // Folded: its text is left out for Ben until he reaches it or opens the fold.
      [null, "chapters 9–14"],
    ]);
    expect(benPage.milestones.map((m) => [m.label, m.reached])).toEqual([
      ["chapters 1–8", true],
      ["chapters 9–14", false],
    ]);
    // The writer reached it; and once Ben does, nothing is folded.
    const adaPage = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, admin)).body.data!;
    expect(adaPage.items.every((m) => m.spoiler === null)).toBe(true);
    await reached(late!, member.user.id);
    const after = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, member)).body.data!;
    expect(after.items.every((m) => m.spoiler === null)).toBe(true);
    // One milestone's thread.
    const thread = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages?milestoneId=${late}`, member)).body.data!;
    expect(thread.items.map((m) => m.content)).toEqual(["Dorothea's choice!"]);
  });

  it("closes a removed member's socket at once, and a member's who leaves", async () => {
    const { admin, member, club } = await clubWithMembers();
    const leaver = await signedInMember();
    await addMember(club.id, leaver.user.id);
    const ben = await connect(club.id, member);
    const lee = await connect(club.id, leaver);
    const ada = await connect(club.id, admin);
    for (const s of [ben, lee, ada]) expect(await s.next()).toMatchObject({ type: "ready" });

    expect((await roomCall("DELETE", `/${club.id}/members/${member.user.id}`, admin)).status).toBe(200);
    expect(await ben.closed).toBe(4403);
    expect((await roomCall("DELETE", `/${club.id}/leave`, leaver)).status).toBe(200);
    expect(await lee.closed).toBe(4403);
    // The admin's socket still hears the room; the former members are refused from now on.
    await roomJson("POST", `/${club.id}/room/messages`, admin, write("still here"));
    expect(await ada.next()).toMatchObject({ type: "message", message: { content: "still here" } });
    expect((await connect(club.id, member)).response.status).toBe(404);
    expect((await roomCall("GET", `/${club.id}/room/messages`, leaver)).status).toBe(404);
  });

  it("lets a moderator hide a message: it leaves open sockets and later pages", async () => {
    const { admin, member, club } = await clubWithMembers();
    const ben = await connect(club.id, member);
    await ben.next();
    const sent = await roomJson<Item>("POST", `/${club.id}/room/messages`, admin, write("rude words"));
    await ben.next();
    const mo = await moderator();
    expect((await roomCall("POST", `/${club.id}/room/messages/${sent.body.data!.messageId}/hide`, mo)).status).toBe(200);
    expect(await ben.next()).toEqual({ type: "hidden", messageId: sent.body.data!.messageId });
    const page = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, member)).body.data!;
    expect(page.items).toEqual([]);
    // Retrying the hidden message's send stores nothing and says why.
    expect((await roomCall("POST", `/${club.id}/room/messages`, admin, write("rude words", { messageId: sent.body.data!.messageId }))).status).toBe(409);
  });

  it("takes reports of club messages like direct messages, and the moderation page hides them in the room", async () => {
    const { admin, member, club } = await clubWithMembers();
    const sent = await roomJson<Item>("POST", `/${club.id}/room/messages`, admin, write("Buy my pills"));
    const messageId = sent.body.data!.messageId;
    const outsider = await signedInMember();
    expect((await report(outsider, { subject: "club_message", clubId: club.id, messageId })).status).toBe(404);
    expect((await report(admin, { subject: "club_message", clubId: club.id, messageId })).status).toBe(400);
    const filed = await report(member, { subject: "club_message", clubId: club.id, messageId });
    expect(filed.status).toBe(201);
    const row = await reportRow(filed.envelope.data!.reportId);
    expect(row).toMatchObject({ subject: "club_message", clubId: club.id, messageId, subjectUserId: admin.user.id, snapshot: "Buy my pills" });
    const mo = await moderator();
    const hidden = await post(`/api/moderation/reports/${row.id}/hide`, mo);
    expect(hidden.status).toBe(200);
    expect((await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, member)).body.data!.items).toEqual([]);
  });

  it("pins announcements at the top and sends them through the club announcements preference", async () => {
    const { admin, member, club } = await clubWithMembers();
    const quiet = await signedInMember();
    await addMember(club.id, quiet.user.id);
    await db.insert(notificationPreferences).values({ userId: quiet.user.id, prefs: { club_announcement: false } });
    const posted = await roomJson<Item>("POST", `/${club.id}/room/announcements`, admin, write("We meet Friday at 7"));
    expect(posted.body.data).toMatchObject({ announcement: true });
    await roomJson("POST", `/${club.id}/room/messages`, member, write("Great!"));
    const page = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, member)).body.data!;
    expect(page.pinned.map((m) => m.content)).toEqual(["We meet Friday at 7"]);
    const bens = await vi.waitFor(async () => {
      const items = await notificationsOf(member.user.id);
      expect(items.some((n) => n.type === "club_announcement")).toBe(true);
      return items;
    });
    expect(bens.find((n) => n.type === "club_announcement")).toMatchObject({ title: "Announcement in Night Readers", link: `/clubs/${club.id}/room` });
    expect((await notificationsOf(quiet.user.id)).filter((n) => n.type.startsWith("club_"))).toEqual([]);
  });

  it("keeps one bell item per club that counts up, and drops a blocked sender's", async () => {
    const { admin, member, club } = await clubWithMembers();
    const blocker = await signedInMember();
    await addMember(club.id, blocker.user.id);
    await db.insert(blocks).values({ blockerId: blocker.user.id, blockedId: admin.user.id });
    for (const text of ["one", "two", "three"]) await roomJson("POST", `/${club.id}/room/messages`, admin, write(text));
    const items = await vi.waitFor(async () => {
      const rows = (await notificationsOf(member.user.id)).filter((n) => n.type === "club_room_messages");
      expect(rows[0]?.count).toBe(3);
      return rows;
    });
    expect(items).toHaveLength(1);
    expect((await notificationsOf(blocker.user.id)).filter((n) => n.type === "club_room_messages")).toEqual([]);
  });

  it("rings the bell for room chatter but e-mails only announcements: a busy room never floods inboxes", async () => {
    const { admin, member, club } = await clubWithMembers();
    for (const text of ["one", "two", "three"]) await roomJson("POST", `/${club.id}/room/messages`, admin, write(text));
    await roomJson("POST", `/${club.id}/room/announcements`, admin, write("We meet Friday at 7"));
    const mail = await vi.waitFor(async () => {
      const rows = await db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.userId, member.user.id));
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(mail[0]!.subject).toContain("Announcement in");
    expect((await notificationsOf(member.user.id)).find((n) => n.type === "club_room_messages")?.count).toBe(3);
  });

  it("shows each club's unread count on My Clubs' data, and deleting the club removes its read marks", async () => {
    const { admin, member, club } = await clubWithMembers();
    const ben = await connect(club.id, member);
    await ben.next();
    await roomJson("POST", `/${club.id}/room/messages`, admin, write("hi"));
    expect(await unreadOf(club.id, member.user.id)).toBe(1);
    expect((await roomCall("DELETE", `/${club.id}`, admin)).status).toBe(200);
    // The room goes with the club: its open sockets close for good.
    expect(await ben.closed).toBe(4403);
    expect(await db.select().from(clubRoomReads).where(eq(clubRoomReads.clubId, club.id))).toEqual([]);
    expect(await db.select().from(clubs).where(eq(clubs.id, club.id))).toEqual([]);
    expect(await db.select().from(memberships).where(eq(memberships.clubId, club.id))).toEqual([]);
  });
});

describe("when a member's sessions end, their club room sockets close with 4401", () => {
  it("'Sign out everywhere' closes the member's room sockets and leaves the others' open", async () => {
    const { admin, member, club } = await clubWithMembers();
    const ben = await connect(club.id, member);
    const ada = await connect(club.id, admin);
    await ben.next();
    await ada.next();
    const response = await call("/api/auth/logout-all", { method: "POST", cookie: member.cookie, headers: SAME_ORIGIN });
    expect(response.status).toBe(200);
    expect(await ben.closed).toBe(4401);
    await roomJson("POST", `/${club.id}/room/messages`, admin, write("still open"));
    expect(await ada.next()).toMatchObject({ type: "message", message: { content: "still open" } });
  });
});
