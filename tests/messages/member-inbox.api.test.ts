import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { memberInbox } from "@worker/core/member-inbox-stubs";
import { createSession } from "@worker/core/session";
import { describe, expect, it } from "vitest";
import { INBOX_PING, INBOX_PONG, type InboxEvent, type MemberInbox, SESSION_REPLACED_CLOSE_CODE } from "../../durable-objects/member-inbox";
import { SAME_ORIGIN } from "../account/member-support";
import { cookieHeaderFrom, postForm as signInForm } from "../auth/support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { api, call, ORIGIN } from "../helpers/http";
import { postForm } from "../helpers/pages";
import { moderator, post } from "../moderation/support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** A real WebSocket to the member's inbox through the Worker's upgrade route, with what it receives. */
async function connectInbox(cookie: string, origin = ORIGIN) {
  const response = await call("/api/dm/socket", { cookie, headers: { Upgrade: "websocket", Origin: origin } });
  const socket = response.webSocket;
  const received: string[] = [];
  const waiters: ((data: string) => void)[] = [];
  let onClose: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  if (socket) {
    socket.accept();
    socket.addEventListener("close", (event) => onClose(event.code));
    socket.addEventListener("message", (message) => {
      const data = message.data as string;
      const waiter = waiters.shift();
      if (waiter) waiter(data);
      else received.push(data);
    });
  }
  const nextRaw = () => new Promise<string>((resolve) => (received.length ? resolve(received.shift()!) : waiters.push(resolve)));
  const next = async () => JSON.parse(await nextRaw()) as InboxEvent;
  /** What arrived and was not read yet. */
  const unread = () => [...received];
  return { response, socket, next, nextRaw, closed, unread };
}

async function conversationBetween(a: Member, b: Member) {
  const answer = await api<{ conversationId: string }>("/dm/conversations", a, { method: "POST", json: { toUserId: b.user.id } });
  return answer.body.data!.conversationId;
}

describe("the member's inbox socket (GET /api/dm/socket)", () => {
  it("tells both members' open tabs when a message is written, whatever page they are on", async () => {
    const [alice, bob] = await Promise.all([signedInMember({ name: "Alice" }), signedInMember({ name: "Bob" })]);
    const conversationId = await conversationBetween(alice, bob);
    const bobTabs = [await connectInbox(bob.cookie), await connectInbox(bob.cookie)];
    const aliceTab = await connectInbox(alice.cookie);
    for (const tab of [...bobTabs, aliceTab]) {
      expect(tab.response.status).toBe(101);
      expect(await tab.next()).toEqual({ type: "ready" });
    }

    expect((await api(`/dm/conversations/${conversationId}/messages`, alice, { method: "POST", json: { content: "Is the atlas free?" } })).status).toBe(201);
    const told = { type: "dm", conversationId, fromUserId: alice.user.id };
    for (const tab of bobTabs) expect(await tab.next()).toEqual(told);
    expect(await aliceTab.next()).toEqual(told);

    // By the time the inbox speaks, the list it sends tabs to re-read already has the message.
    const list = await api<{ items: { conversationId: string; unreadCount: number; lastMessageSnippet: string }[] }>("/dm/conversations?limit=50", bob);
    expect(list.body.data!.items.find((c) => c.conversationId === conversationId)).toMatchObject({ unreadCount: 1, lastMessageSnippet: "Is the atlas free?" });
    for (const tab of [...bobTabs, aliceTab]) tab.socket!.close(1000, "done");
  });

  it("answers pings without waking, and keeps its sockets through hibernation", async () => {
    const member = await signedInMember();
    const tab = await connectInbox(member.cookie);
    await tab.next();
    tab.socket!.send(INBOX_PING);
    expect(await tab.nextRaw()).toBe(INBOX_PONG);

    const inbox = memberInbox(env, member.user.id);
    await evictDurableObject(inbox);
    expect(await inbox.notify({ type: "dm", conversationId: "c-1", fromUserId: "someone" })).toBe(1);
    expect(await tab.next()).toEqual({ type: "dm", conversationId: "c-1", fromUserId: "someone" });
    await runInDurableObject(inbox, async (_instance: MemberInbox, state) => {
      expect(state.getWebSockets()).toHaveLength(1);
    });
    tab.socket!.close(1000, "done");
  });

  it("refuses a visitor, a dead session, an upgrade from another origin, and a plain GET", async () => {
    const member = await signedInMember();
    expect((await connectInbox("")).response.status).toBe(401);
    expect((await connectInbox("bookclub_session=not-a-session")).response.status).toBe(401);
    const foreign = await connectInbox(member.cookie, "https://evil.example");
    expect(foreign.response.status).toBe(403);
    expect(foreign.socket).toBeNull();
    expect((await call("/api/dm/socket", { cookie: member.cookie })).status).toBe(426);
  });

  it("a member's inbox hears only about their own conversations", async () => {
    const [alice, bob, carol] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const conversationId = await conversationBetween(alice, bob);
    const carolTab = await connectInbox(carol.cookie);
    const bobTab = await connectInbox(bob.cookie);
    await Promise.all([carolTab.next(), bobTab.next()]);
    await api(`/dm/conversations/${conversationId}/messages`, alice, { method: "POST", json: { content: "hello" } });
    expect(await bobTab.next()).toMatchObject({ type: "dm", conversationId });
    // Carol's inbox was told nothing: a ping now is answered first.
    carolTab.socket!.send(INBOX_PING);
    expect(await carolTab.nextRaw()).toBe(INBOX_PONG);
    for (const tab of [carolTab, bobTab]) tab.socket!.close(1000, "done");
  });
});

describe("when the member's sessions end, their open tabs are signed out at once", () => {
  /** The same member on a second device. */
  async function secondDevice(member: Member) {
    const session = await createSession(db, member.user.id);
    return `bookclub_session=${session.token}`;
  }
  const openSockets = (member: Member) => runInDurableObject(memberInbox(env, member.user.id), (_inbox: MemberInbox, state) => state.getWebSockets().length);

  type Tab = Awaited<ReturnType<typeof connectInbox>>;

  /** `promise`, or `fallback` after a few seconds: a clear failure rather than a test timeout. */
  const within = <T>(promise: Promise<T>, fallback: string) =>
    Promise.race([promise, new Promise<string>((resolve) => setTimeout(() => resolve(fallback), 3_000))]);

  /** The member's tabs in this browser (one session, two sockets), a copy of that session (a stolen token), and another device. */
  async function openTabs() {
    const [member, writer] = await Promise.all([signedInMember({ name: "Robin" }), signedInMember({ name: "Writer" })]);
    const conversationId = await conversationBetween(writer, member);
    const tabs = [await connectInbox(member.cookie), await connectInbox(member.cookie)];
    const stolen = await connectInbox(member.cookie);
    const elsewhere = await connectInbox(await secondDevice(member));
    for (const tab of [...tabs, stolen, elsewhere]) expect(await tab.next()).toEqual({ type: "ready" });
    /** The writer writes to the member: every socket still open hears it. */
    const write = async (content: string) =>
      expect((await api(`/dm/conversations/${conversationId}/messages`, writer, { method: "POST", json: { content } })).status).toBe(201);
    return { member, conversationId, tabs, stolen, elsewhere, write };
  }

  /** Told that its session ended, and closed with 4401 (the tab then stops reconnecting). */
  async function expectSignedOut(tab: Tab) {
    expect(await within(tab.next(), "nothing said")).toEqual({ type: "signed-out" });
    expect(await within(tab.closed, "still open")).toBe(4401);
  }

  it("'Sign out everywhere' closes every tab, the asking session's own and any copy of it included", async () => {
    const { member, conversationId, tabs, stolen, elsewhere, write } = await openTabs();

    const response = await call("/api/auth/logout-all", { method: "POST", cookie: member.cookie, headers: SAME_ORIGIN });
    expect(response.status).toBe(200);
    for (const tab of [...tabs, stolen, elsewhere]) await expectSignedOut(tab);
    expect(await openSockets(member)).toBe(0);

    // Whoever held a copy of the session hears nothing more: not who wrote, not the bell.
    await write("Are you still there?");
    expect(await memberInbox(env, member.user.id).notify({ type: "dm", conversationId, fromUserId: "someone" })).toBe(0);
    for (const tab of [...tabs, stolen, elsewhere]) expect(tab.unread()).toEqual([]);
  });

  it("'Sign out everywhere' from the profile page (POST /logout?everywhere=1) closes the asking session's tabs too", async () => {
    const { member, tabs, stolen, elsewhere } = await openTabs();
    expect((await postForm("/logout?everywhere=1", { everywhere: "1" }, member.cookie)).status).toBe(302);
    for (const tab of [...tabs, stolen, elsewhere]) await expectSignedOut(tab);
    expect(await openSockets(member)).toBe(0);
  });

  it("signing out (POST /api/auth/logout) closes that session's tabs only; the member's other device still hears", async () => {
    const { member, conversationId, tabs, stolen, elsewhere, write } = await openTabs();

    expect((await call("/api/auth/logout", { method: "POST", cookie: member.cookie, headers: SAME_ORIGIN })).status).toBe(200);
    for (const tab of [...tabs, stolen]) await expectSignedOut(tab);
    expect(await openSockets(member)).toBe(1);

    await write("Still there on the laptop?");
    expect(await elsewhere.next()).toMatchObject({ type: "dm", conversationId });
    for (const tab of [...tabs, stolen]) expect(tab.unread()).toEqual([]);
    elsewhere.socket!.close(1000, "done");
  });

  it("signing out from the page (POST /logout) closes that browser's tabs only", async () => {
    const { member, conversationId, tabs, stolen, elsewhere, write } = await openTabs();

    expect((await postForm("/logout", {}, member.cookie)).status).toBe(302);
    for (const tab of [...tabs, stolen]) await expectSignedOut(tab);
    expect(await openSockets(member)).toBe(1);

    await write("Hello, other device");
    expect(await elsewhere.next()).toMatchObject({ type: "dm", conversationId });
    elsewhere.socket!.close(1000, "done");
  });

  it("signing in again in the same browser closes the previous session's tabs without telling them to sign in, so they reconnect with the new one", async () => {
    const { member, tabs, stolen, elsewhere, write } = await openTabs();
    const demo = await createMember({ isDemo: true });
    const signIn = await signInForm("/login", { intent: "demo", userId: demo.id }, { cookie: member.cookie });
    expect(signIn.status).toBe(302);
    // Not "signed-out" and 4401: the browser's other tabs would sign the new session out.
    for (const tab of [...tabs, stolen]) expect(await within(tab.closed, "still open")).toBe(SESSION_REPLACED_CLOSE_CODE);
    expect(await openSockets(member)).toBe(1);
    await write("Anyone home?");
    for (const tab of [...tabs, stolen]) expect(tab.unread()).toEqual([]);

    // The copy of the old session cannot come back; the browser's tab comes back as the new session.
    expect((await connectInbox(member.cookie)).response.status).toBe(401);
    const again = await connectInbox(cookieHeaderFrom(signIn));
    expect(again.response.status).toBe(101);
    expect(await again.next()).toEqual({ type: "ready" });
    for (const tab of [again, elsewhere]) tab.socket!.close(1000, "done");
  });

  it("a suspension closes every tab of the suspended member", async () => {
    const [member, mod] = await Promise.all([signedInMember(), moderator()]);
    const tabs = [await connectInbox(member.cookie), await connectInbox(await secondDevice(member))];
    await Promise.all(tabs.map((tab) => tab.next()));

    expect((await post(`/api/moderation/members/${member.user.id}/suspend`, mod)).status).toBe(200);
    for (const tab of tabs) {
      expect(await tab.next()).toEqual({ type: "signed-out" });
      expect(await tab.closed).toBe(4401);
    }
    expect(await openSockets(member)).toBe(0);
  });

  it("deleting the account closes every tab, the asking session's own included", async () => {
    const { member, tabs, stolen, elsewhere } = await openTabs();

    const response = await call("/api/users/me", { method: "DELETE", cookie: member.cookie, headers: SAME_ORIGIN, json: { confirm: "DELETE" } });
    expect(response.status).toBe(200);
    for (const tab of [...tabs, stolen, elsewhere]) await expectSignedOut(tab);
    expect(await openSockets(member)).toBe(0);
  });
});
