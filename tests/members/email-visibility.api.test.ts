import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../worker/db/schema";
import { emailAsSeenBy } from "../../worker/services/email-visibility";
import { addMember, createClub } from "../clubs/support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call, json, type Envelope } from "../helpers/http";
import { createConversation } from "../messages/support";
import { bearer, SAME_ORIGIN } from "./support";

type PublicUser = { userId: string; name: string; email: string | null; profilePicture: string | null };

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
      data: { userId: owner.id, name: "Quiet Quinn", email: null, profilePicture: null },
    });
  });

  it("shows members their own", async () => {
    const member = await signedInMember();
    expect(await seenEmail(member.token, member.user.id)).toBe(member.user.email);
  });

  it("shows it to members with an active membership in the same club, and not for pending ones", async () => {
    const viewer = await signedInMember();
    const owner = await createMember();
    const club = await createClub(owner.id);
    await addMember(club.id, viewer.user.id, "pending");
    expect(await seenEmail(viewer.token, owner.id)).toBeNull();

    const other = await createClub(viewer.user.id);
    await addMember(other.id, owner.id, "pending");
    expect(await seenEmail(viewer.token, owner.id)).toBeNull();

    const shared = await createClub(viewer.user.id);
    await addMember(shared.id, owner.id, "active");
    expect(await seenEmail(viewer.token, owner.id)).toBe(owner.email);
  });

  it("hides it when each is in a different club", async () => {
    const viewer = await signedInMember();
    const owner = await createMember();
    await createClub(viewer.user.id);
    await createClub(owner.id);
    expect(await seenEmail(viewer.token, owner.id)).toBeNull();
  });

  it("shows it to both members of a conversation", async () => {
    const first = await signedInMember();
    const second = await signedInMember();
    await createConversation(first.user.id, second.user.id);
    expect(await seenEmail(first.token, second.user.id)).toBe(second.user.email);
    expect(await seenEmail(second.token, first.user.id)).toBe(first.user.email);
    const outsider = await signedInMember();
    expect(await seenEmail(outsider.token, first.user.id)).toBeNull();
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
      expect((await call("/api/users/me", { method: "PUT", headers: bearer(owner.token), json: { showEmail } })).status).toBe(400);
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
    const club = await createClub(clubMate.user.id);
    await addMember(club.id, owner.id);
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
