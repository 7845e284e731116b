import { env } from "cloudflare:workers";
import { createSession, sessionIdFromToken } from "@worker/core/session";
import { NOTIFICATION_KEYS, type NotificationKey, notificationPreferences, notifications, pushOutbox, pushSubscriptions } from "@worker/db/schema";
import { type ClubNotice, fanOutClubNotice } from "@worker/features/notifications";
import { type NotificationInput, notify } from "@worker/features/notifications/notifications";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { bellOf, outboxOf } from "./support";

// The settings grid (docs/product.md#notifications): each topic by channel, and every delivery path
// (notify() for a handful, the notice fan-out for an audience) honouring each cell on its own.

const deps = { db, env };
type Channels = { bell: boolean; email: boolean; push: boolean };
type Settings = { emailOptIn: boolean; prefs: Record<string, boolean>; channels: Record<string, Channels> };
const ON: Channels = { bell: true, email: true, push: true };

const settingsOf = async (token: string) =>
  (await json<Envelope<Settings>>(await call("/api/users/me/notifications", { headers: { Authorization: `Bearer ${token}` } }))).data!;
const put = (token: string, body: unknown, invalid = false) =>
  call("/api/users/me/notifications", { method: "PUT", headers: { Authorization: `Bearer ${token}` }, json: body, invalid });

/** A push device in a live session of the member. */
async function giveDevice(userId: string) {
  const session = await createSession(db, userId);
  await db.insert(pushSubscriptions).values({
    id: crypto.randomUUID(),
    userId,
    sessionId: sessionIdFromToken(session.token),
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    p256dh: "BOr8",
    auth: "c2VjcmV0",
    browser: "Chrome",
    system: "Android",
  });
}

const message = (userId: string, actorId: string): NotificationInput => {
  const conversationId = crypto.randomUUID();
  return {
    userId,
    type: "message_received",
    title: "New messages from Ann",
    body: "Is Middlemarch still free?",
    link: `/messages/${conversationId}`,
    actorId,
    dedupeKey: `dm:${conversationId}`,
    accumulate: true,
  };
};

/** What reached the member on each channel: the listed bell (API), e-mails, pushes. */
async function reached(member: { user: { id: string }; token: string }) {
  const listed = await json<Envelope<{ items: { type: string }[] }>>(
    await call("/api/notifications", { headers: { Authorization: `Bearer ${member.token}` } }),
  );
  const unread = await json<Envelope<{ unread: number }>>(
    await call("/api/notifications/unread-count", { headers: { Authorization: `Bearer ${member.token}` } }),
  );
  return {
    bell: listed.data!.items.length,
    unread: unread.data!.unread,
    email: (await outboxOf(member.user.id)).length,
    push: (await db.select().from(pushOutbox).where(eq(pushOutbox.userId, member.user.id))).length,
  };
}

describe("the notification grid: each topic by bell, e-mail and push", () => {
  it("answers every topic's three channels, all on by default, the wanted-book topic included", async () => {
    const member = await signedInMember();
    const settings = await settingsOf(member.token);
    expect(Object.keys(settings.channels).sort()).toEqual([...NOTIFICATION_KEYS].sort());
    expect(settings.channels.wanted_book_nearby).toEqual(ON);
    expect(Object.values(settings.channels).every((cell) => cell.bell && cell.email && cell.push)).toBe(true);
  });

  it("Direct messages' e-mail off stops only its e-mails: the bell item and the push still come", async () => {
    const member = await signedInMember();
    const sender = await createMember();
    await giveDevice(member.user.id);
    expect((await put(member.token, { channels: { dm_message_received: { email: false } } })).status).toBe(200);
    expect((await settingsOf(member.token)).channels.dm_message_received).toEqual({ bell: true, email: false, push: true });

    await notify(deps, [message(member.user.id, sender.id)]);
    expect(await reached(member)).toEqual({ bell: 1, unread: 1, email: 0, push: 1 });
  });

  it("the bell off keeps the e-mail and the push, and the bell neither lists nor counts the event", async () => {
    const member = await signedInMember();
    const sender = await createMember();
    await giveDevice(member.user.id);
    await put(member.token, { channels: { dm_message_received: { bell: false } } });
    await notify(deps, [message(member.user.id, sender.id)]);
    expect(await reached(member)).toEqual({ bell: 0, unread: 0, email: 1, push: 1 });
    // The row is kept (it names the event, so a repeat sends nothing twice), read and off the bell.
    expect(await bellOf(member.user.id)).toMatchObject([{ inBell: false }]);
  });

  it("push off keeps the bell and the e-mail; all three off, and nothing at all is stored", async () => {
    const member = await signedInMember();
    const sender = await createMember();
    await giveDevice(member.user.id);
    await put(member.token, { channels: { dm_message_received: { push: false } } });
    await notify(deps, [message(member.user.id, sender.id)]);
    expect(await reached(member)).toEqual({ bell: 1, unread: 1, email: 1, push: 0 });

    const quiet = await signedInMember();
    await giveDevice(quiet.user.id);
    await put(quiet.token, { channels: { dm_message_received: { bell: false, email: false, push: false } } });
    expect((await settingsOf(quiet.token)).prefs.dm_message_received).toBe(false);
    expect(await notify(deps, [message(quiet.user.id, sender.id)])).toEqual([]);
    expect(await bellOf(quiet.user.id)).toEqual([]);
  });

  it("the master switch stops e-mail and push, never the bell", async () => {
    const member = await signedInMember();
    const sender = await createMember();
    await giveDevice(member.user.id);
    await put(member.token, { emailOptIn: false });
    await notify(deps, [message(member.user.id, sender.id)]);
    expect(await reached(member)).toEqual({ bell: 1, unread: 1, email: 0, push: 0 });
  });

  it("a topic switched off before the grid still stops all three; turning one cell on brings back that cell alone", async () => {
    const member = await signedInMember();
    const sender = await createMember();
    await db.insert(notificationPreferences).values({ userId: member.user.id, prefs: { dm_message_received: false } });
    expect((await settingsOf(member.token)).channels.dm_message_received).toEqual({ bell: false, email: false, push: false });
    expect(await notify(deps, [message(member.user.id, sender.id)])).toEqual([]);

    const saved = await json<Envelope<Settings>>(await put(member.token, { channels: { dm_message_received: { bell: true } } }));
    expect(saved.data!.channels.dm_message_received).toEqual({ bell: true, email: false, push: false });
    expect(saved.data!.prefs.dm_message_received).toBe(true);
    // A whole topic (the old switch) turns all three together.
    const whole = await json<Envelope<Settings>>(await put(member.token, { prefs: { dm_message_received: true } }));
    expect(whole.data!.channels.dm_message_received).toEqual(ON);
  });

  it("refuses an unknown channel or topic", async () => {
    const member = await signedInMember();
    for (const body of [
      { channels: { dm_message_received: { sms: false } } },
      { channels: { weekly_digest: { email: false } } },
      { channels: { dm_message_received: { email: "no" } } },
    ]) {
      expect((await put(member.token, body, true)).status).toBe(400);
    }
  });

  // One event of each topic (as its producer hands it to notify()), for a member with one cell of that topic off.
  const TOPIC_EVENTS: Record<NotificationKey, Omit<NotificationInput, "userId" | "actorId" | "dedupeKey">> = {
    new_book_from_followed_user: { type: "followed_member_new_books", title: "Milo added 3 new books", link: "/users/milo" },
    comment_on_your_book: {
      type: "book_comment",
      title: "New comment on Emma",
      link: "/books/emma#comments",
      gather: { key: `comments:${crypto.randomUUID()}`, until: Date.now() + 60_000 },
    },
    reminder_due_date: { type: "loan_due_soon", title: '"Emma" is due back tomorrow', link: "/loans?tab=borrowed" },
    new_member_in_your_club: { type: "club_new_member", title: "Jo joined Night Readers", link: "/clubs/night" },
    club_announcement: { type: "club_poll_closed", title: "Poll closed: Next book?", link: "/clubs/night/polls/1" },
    dm_message_received: { type: "message_received", title: "New messages from Ann", link: "/messages/c1", accumulate: true },
    wanted_book_nearby: {
      type: "wanted_available",
      title: '"Emma" is available near you',
      link: "/books/emma",
      gather: { key: `wanted-near:${crypto.randomUUID()}`, until: Date.now() + 60_000 },
    },
  };

  it.each(NOTIFICATION_KEYS.map((key) => [key]))("%s: each cell off stops that channel only", async (key) => {
    const actor = await createMember();
    for (const channel of ["bell", "email", "push"] as const) {
      const member = await signedInMember();
      await giveDevice(member.user.id);
      expect((await put(member.token, { channels: { [key]: { [channel]: false } } })).status).toBe(200);
      await notify(deps, [{ ...TOPIC_EVENTS[key], userId: member.user.id, actorId: actor.id, dedupeKey: `${key}:${crypto.randomUUID()}` }]);
      const got = await reached(member);
      expect({ bell: got.bell, email: got.email, push: got.push }, `${key} with ${channel} off`).toEqual({ bell: 1, email: 1, push: 1, [channel]: 0 });
    }
  });

  it("a club's notice to its audience honours each member's cells: bell, e-mail and push apart", async () => {
    const admin = await signedInMember({ name: "Ada Admin" });
    const club = await createClub(admin.user.id, { name: "Grid Readers" });
    const [noBell, noEmail, noPush] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const cells: [typeof noBell, keyof Channels][] = [
      [noBell, "bell"],
      [noEmail, "email"],
      [noPush, "push"],
    ];
    for (const [member, channel] of cells) {
      await addMember(club.id, member.user.id);
      await giveDevice(member.user.id);
      expect((await put(member.token, { channels: { club_announcement: { [channel]: false } } })).status).toBe(200);
    }
    const at = Date.now();
    const notice: ClubNotice = {
      kind: "club",
      type: "club_announcement",
      clubId: club.id,
      clubName: "Grid Readers",
      actorId: admin.user.id,
      dedupeKey: `club-announcement:${crypto.randomUUID()}`,
      link: `/clubs/${club.id}/room`,
      title: { message: "Announcement in {club}", values: { club: "Grid Readers" } },
      body: "Swap on Sunday",
      at,
    };
    await fanOutClubNotice(deps, notice);
    await fanOutClubNotice(deps, notice);

    expect(await reached(noBell)).toEqual({ bell: 0, unread: 0, email: 1, push: 1 });
    expect(await reached(noEmail)).toEqual({ bell: 1, unread: 1, email: 0, push: 1 });
    expect(await reached(noPush)).toEqual({ bell: 1, unread: 1, email: 1, push: 0 });
    const [hidden] = await db
      .select({ inBell: notifications.inBell, readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.userId, noBell.user.id), eq(notifications.dedupeKey, notice.dedupeKey)));
    expect(hidden).toEqual({ inBell: false, readAt: at });
  });
});
