import { env } from "cloudflare:workers";
import { users } from "@worker/db/schema";
import { emailAsSeenBy } from "@worker/features/account/email-visibility";
import { postLoanLine } from "@worker/features/messages/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, clubApi, createClub } from "../clubs/support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { bearer, SAME_ORIGIN } from "./member-support";

type PublicUser = { userId: string; name: string; email: string | null; profilePicture: string | null };

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function openConversation(from: Member, toUserId: string) {
  const response = await call("/api/dm/conversations", { method: "POST", headers: bearer(from.token), json: { toUserId } });
  expect(response.status).toBe(201);
  return (await json<Envelope<{ conversationId: string }>>(response)).data!.conversationId;
}

async function say(from: Member, conversationId: string, content: string) {
  const response = await call(`/api/dm/conversations/${conversationId}/messages`, { method: "POST", headers: bearer(from.token), json: { content } });
  expect(response.status).toBe(201);
}

async function seenEmail(viewerToken: string, userId: string) {
  const response = await call(`/api/users/${userId}`, { headers: bearer(viewerToken) });
  expect(response.status).toBe(200);
  return (await json<Envelope<PublicUser>>(response)).data!.email;
}

describe("who sees a member's e-mail (GET /api/users/{id})", () => {
  it("hides it from a member with nothing in common, but still shows the rest", async () => {
    const viewer = await signedInMember();
    const owner = await createMember({ name: "Quiet Quinn" });
    const response = await call(`/api/users/${owner.id}`, { headers: bearer(viewer.token) });
    expect(await json<Envelope<PublicUser>>(response)).toEqual({
      success: true,
      data: { userId: owner.id, name: "Quiet Quinn", email: null, profilePicture: null, bio: "" },
    });
  });

  it("shows members their own", async () => {
    const member = await signedInMember();
    expect(await seenEmail(member.token, member.user.id)).toBe(member.user.email);
  });

  it("hides it from a member who only opened a conversation with them (POST /api/dm/conversations), both ways", async () => {
    const prober = await signedInMember();
    const member = await signedInMember();
    await openConversation(prober, member.user.id);
    expect(await seenEmail(prober.token, member.user.id)).toBeNull();
    expect(await seenEmail(member.token, prober.user.id)).toBeNull();
  });

  it("hides it while only one of them has written; the reply that makes it an exchange shows both", async () => {
    const writer = await signedInMember();
    const member = await signedInMember();
    const conversationId = await openConversation(writer, member.user.id);
    await say(writer, conversationId, "Hello! Could I borrow your Le Guin?");
    await say(writer, conversationId, "Still there?");
    expect(await seenEmail(writer.token, member.user.id)).toBeNull();
    expect(await seenEmail(member.token, writer.user.id)).toBeNull();

    await say(member, conversationId, "Sure, come by on Saturday.");
    expect(await seenEmail(writer.token, member.user.id)).toBe(member.user.email);
    expect(await seenEmail(member.token, writer.user.id)).toBe(writer.user.email);
    const outsider = await signedInMember();
    expect(await seenEmail(outsider.token, writer.user.id)).toBeNull();
  });

  it("does not count the loan lines posted into the chat in the members' names", async () => {
    const owner = await signedInMember();
    const borrower = await signedInMember();
    await postLoanLine({ db, env }, borrower.user.id, owner.user.id, "Asked to borrow “Dune”.", crypto.randomUUID());
    await postLoanLine({ db, env }, owner.user.id, borrower.user.id, "Accepted the request for “Dune”.", crypto.randomUUID());
    expect(await seenEmail(owner.token, borrower.user.id)).toBeNull();
    expect(await seenEmail(borrower.token, owner.user.id)).toBeNull();
  });

  it("hides it between co-members of an open club, which anyone can join", async () => {
    const creator = await signedInMember();
    const joiner = await signedInMember();
    const other = await signedInMember();
    const clubId = (await clubApi<{ clubId: string }>("POST", "", creator, { name: "Open Door", location: "Library" })).body.data!.clubId;
    for (const who of [joiner, other]) expect((await clubApi("POST", `/${clubId}/request`, who)).body.data).toEqual({ status: "active" });
    for (const [viewer, member] of [
      [joiner, creator],
      [creator, joiner],
      [joiner, other],
    ] as const) {
      expect(await seenEmail(viewer.token, member.user.id)).toBeNull();
    }
  });

  it("shows it between co-members of a private club who came in by approval or by invite code, and its creator; not to a pending requester", async () => {
    const creator = await signedInMember();
    const approved = await signedInMember();
    const invited = await signedInMember();
    const hopeful = await signedInMember();
    const clubId = (await clubApi<{ clubId: string }>("POST", "", creator, { name: "Night Readers", location: "Attic", isPrivate: true })).body.data!.clubId;
    await clubApi("POST", `/${clubId}/request`, approved);
    expect((await clubApi("POST", `/${clubId}/requests/${approved.user.id}/approve`, creator)).status).toBe(200);
    const code = (await clubApi<{ code: string }>("GET", `/${clubId}/invite-code`, creator)).body.data!.code;
    expect((await clubApi("POST", "/join", invited, { inviteCode: code })).status).toBe(200);
    await clubApi("POST", `/${clubId}/request`, hopeful);

    for (const [viewer, member] of [
      [approved, creator],
      [creator, approved],
      [invited, creator],
      [creator, invited],
      [approved, invited],
      [invited, approved],
    ] as const) {
      expect(await seenEmail(viewer.token, member.user.id)).toBe(member.user.email);
    }
    expect(await seenEmail(hopeful.token, creator.user.id)).toBeNull();
    expect(await seenEmail(creator.token, hopeful.user.id)).toBeNull();
  });

  it("hides it from members who joined while the club was open, after it became private, and from everyone once it is open again", async () => {
    const creator = await signedInMember();
    const early = await signedInMember();
    const invited = await signedInMember();
    const clubId = (await clubApi<{ clubId: string }>("POST", "", creator, { name: "Turncoats", location: "Pier" })).body.data!.clubId;
    await clubApi("POST", `/${clubId}/request`, early);
    expect((await clubApi("PATCH", `/${clubId}`, creator, { isPrivate: true })).status).toBe(200);
    const code = (await clubApi<{ code: string }>("GET", `/${clubId}/invite-code`, creator)).body.data!.code;
    expect((await clubApi("POST", "/join", invited, { inviteCode: code })).status).toBe(200);

    for (const [viewer, member] of [
      [early, creator],
      [creator, early],
      [early, invited],
      [invited, early],
    ] as const) {
      expect(await seenEmail(viewer.token, member.user.id)).toBeNull();
    }
    expect(await seenEmail(invited.token, creator.user.id)).toBe(creator.user.email);

    expect((await clubApi("PATCH", `/${clubId}`, creator, { isPrivate: false })).status).toBe(200);
    expect(await seenEmail(invited.token, creator.user.id)).toBeNull();
  });

  it("hides it when each is in a different private club", async () => {
    const viewer = await signedInMember();
    const owner = await createMember();
    await createClub(viewer.user.id, { isPrivate: true });
    await createClub(owner.id, { isPrivate: true });
    expect(await seenEmail(viewer.token, owner.id)).toBeNull();
  });

  it("hides it from a member they blocked, whatever else they share, and shows it again once unblocked", async () => {
    const member = await signedInMember();
    const other = await signedInMember();
    const conversationId = await openConversation(other, member.user.id);
    await say(other, conversationId, "Hello! Is the Le Guin still free?");
    await say(member, conversationId, "It is.");
    expect(await seenEmail(other.token, member.user.id)).toBe(member.user.email);
    await call("/api/users/me", { method: "PUT", headers: bearer(member.token), json: { showEmail: true } });

    const block = await call(`/api/dm/blocks/${other.user.id}`, { method: "PUT", headers: bearer(member.token) });
    expect(block.status).toBe(200);
    expect(await seenEmail(other.token, member.user.id)).toBeNull();
    // The block is the blocker's choice: it does not hide the blocked member's own address from them.
    expect(await seenEmail(member.token, other.user.id)).toBe(other.user.email);

    await call(`/api/dm/blocks/${other.user.id}`, { method: "DELETE", headers: bearer(member.token) });
    expect(await seenEmail(other.token, member.user.id)).toBe(member.user.email);
  });

  it("shows it to everyone once the member switches 'Show my e-mail to other members' on, and hides it again when off", async () => {
    const owner = await signedInMember();
    const stranger = await signedInMember();
    const me = await json<Envelope<{ showEmail: boolean }>>(await call("/api/users/me", { headers: bearer(owner.token) }));
    expect(me.data!.showEmail).toBe(false);

    const on = await call("/api/users/me", { method: "PUT", headers: bearer(owner.token), json: { showEmail: true } });
    expect(on.status).toBe(200);
    expect((await json<Envelope<{ showEmail: boolean }>>(on)).data!.showEmail).toBe(true);
    expect(await seenEmail(stranger.token, owner.user.id)).toBe(owner.user.email);

    const off = await call("/api/users/me", { method: "PUT", headers: bearer(owner.token), json: { showEmail: false } });
    expect(off.status).toBe(200);
    expect(await seenEmail(stranger.token, owner.user.id)).toBeNull();

    const same = await call("/api/users/me", { method: "PUT", headers: bearer(owner.token), json: { showEmail: false } });
    expect(await json<Envelope>(same)).toEqual({ success: false, error: "No changes detected" });
    for (const showEmail of ["yes", 1, null]) {
      expect((await call("/api/users/me", { method: "PUT", headers: bearer(owner.token), json: { showEmail }, invalid: true })).status).toBe(400);
    }
  });

  it("keeps the exact-match lookup by e-mail for lending", async () => {
    const viewer = await signedInMember();
    const owner = await createMember();
    const response = await call(`/api/users/query?email=${encodeURIComponent(owner.email)}`, { headers: bearer(viewer.token) });
    expect((await json<Envelope>(response)).data).toEqual({ userId: owner.id, name: owner.name, email: owner.email });
  });

  it("decides in one query whose every step is an index lookup", async () => {
    const query = db
      .select({ email: emailAsSeenBy("viewer-id") })
      .from(users)
      .where(eq(users.id, "member-id"))
      .toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const steps = plan.results.map((step) => step.detail);
    expect(steps.filter((step) => /^SCAN /.test(step))).toEqual([]);
    expect(steps.join("; ")).toMatch(/memberships_user_idx/);
    expect(steps.join("; ")).toMatch(/clubs_id_idx/);
    expect(steps.join("; ")).toMatch(/conversations_pair_idx/);
  });
});

describe("the /users/{id} page", () => {
  it("shows the e-mail only to those who may see it", async () => {
    const owner = await createMember({ name: "Paged Pia" });
    const stranger = await signedInMember();
    const hidden = await (await call(`/users/${owner.id}`, { cookie: stranger.cookie })).text();
    expect(hidden).toContain("Paged Pia");
    expect(hidden).not.toContain(owner.email);
    expect(hidden).not.toContain("mailto:");

    const clubMate = await signedInMember();
    const openClub = await createClub(clubMate.user.id);
    await addMember(openClub.id, owner.id, "active", "member", "open");
    expect(await (await call(`/users/${owner.id}`, { cookie: clubMate.cookie })).text()).not.toContain("mailto:");

    const privateClub = await createClub(clubMate.user.id, { isPrivate: true });
    await addMember(privateClub.id, owner.id, "active", "member", "approval");
    const shown = await (await call(`/users/${owner.id}`, { cookie: clubMate.cookie })).text();
    expect(shown).toContain(`mailto:${owner.email}`);
  });
});

describe("the 'Show my e-mail to other members' switch on /profile", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    call("/profile", { method: "POST", cookie, headers: SAME_ORIGIN, body: new URLSearchParams(fields) });
  const switchOf = (html: string) => html.match(/<button[^>]*role="switch"[^>]*id="profile-show-email"[^>]*>/)?.[0] ?? "";

  it("is off by default, saves on its own, and then other members see the address", async () => {
    const member = await signedInMember();
    const stranger = await signedInMember();
    const before = await (await call("/profile", { cookie: member.cookie })).text();
    expect(before).toContain("Show my e-mail to other members");
    expect(switchOf(before)).toContain('aria-checked="false"');
    expect(switchOf(before)).toContain('value="on"');

    const on = await post(member.cookie, { showEmail: "on" });
    expect(on.status).toBe(200);
    const [row] = await db.select({ showEmail: users.showEmail, name: users.name }).from(users).where(eq(users.id, member.user.id));
    expect(row).toEqual({ showEmail: true, name: member.user.name });
    expect(switchOf(await (await call("/profile", { cookie: member.cookie })).text())).toContain('aria-checked="true"');
    expect(await seenEmail(stranger.token, member.user.id)).toBe(member.user.email);

    expect((await post(member.cookie, { showEmail: "off" })).status).toBe(200);
    expect(await seenEmail(stranger.token, member.user.id)).toBeNull();
  });

  it("refuses anything but on or off", async () => {
    const member = await signedInMember();
    expect((await post(member.cookie, { showEmail: "maybe" })).status).toBe(400);
    const [row] = await db.select({ showEmail: users.showEmail }).from(users).where(eq(users.id, member.user.id));
    expect(row!.showEmail).toBe(false);
  });
});
