import { clubs, inviteCodeFailures, inviteCodes, joinRequests, memberships } from "@worker/db/schema";
import { TOO_MANY_ATTEMPTS, TOO_MANY_WRONG_CODES } from "@worker/features/clubs/invite-attempts";
import { INVITE_CODE_INVALID, isInviteCodeClash } from "@worker/features/clubs/invite-codes";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { addMember, addPendingRequest, clubApi, createClub } from "./support";

type Signed = Awaited<ReturnType<typeof signedInMember>>;
type Code = { code: string; expiresAt: number };

const DAY = 24 * 60 * 60 * 1000;
const CROCKFORD_CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const INVALID = { success: false, error: INVITE_CODE_INVALID };

async function clubWithCode(overrides: Parameters<typeof createClub>[1] = {}) {
  const creator = await signedInMember();
  const club = await createClub(creator.user.id, overrides);
  const { body } = await clubApi<Code>("GET", `/${club.id}/invite-code`, creator);
  return { creator, club, ...body.data! };
}

const join = (member: Signed, inviteCode: unknown) => clubApi<{ clubId: string; status: string }>("POST", "/join", member, { inviteCode });
const memberCount = async (clubId: string) => (await db.select({ n: clubs.memberCount }).from(clubs).where(eq(clubs.id, clubId)))[0]!.n;
const failuresOf = async (userId: string) => (await db.select().from(inviteCodeFailures).where(eq(inviteCodeFailures.userId, userId)))[0];
const today = () => Math.floor(Date.now() / DAY);

describe("the invite code an admin sees", () => {
  it("is 8 Crockford base32 characters, good for 14 days, the same on every look and for every admin", async () => {
    const before = Date.now();
    const { creator, club, code, expiresAt } = await clubWithCode();
    expect(code).toMatch(CROCKFORD_CODE);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 14 * DAY);
    const admin = await signedInMember();
    await addMember(club.id, admin.user.id, "active", "admin");
    expect((await clubApi<Code>("GET", `/${club.id}/invite-code`, creator)).body.data).toEqual({ code, expiresAt });
    expect((await clubApi<Code>("GET", `/${club.id}/invite-code`, admin)).body.data).toEqual({ code, expiresAt });
  });

  it("is stored only as an HMAC: no column holds the code", async () => {
    const { club, code } = await clubWithCode();
    const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.clubId, club.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row).toUpperCase()).not.toContain(code);
  });

  it("comes with a new club created through the API", async () => {
    const creator = await signedInMember();
    const created = await clubApi<{ clubId: string }>("POST", "", creator, { name: "Fresh Club", location: "Park" });
    const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.clubId, created.body.data!.clubId));
    expect(row).toBeDefined();
    const { body } = await clubApi<Code>("GET", `/${created.body.data!.clubId}/invite-code`, creator);
    expect(body.data!.expiresAt).toBe(row!.expiresAt);
  });
});

describe("redeeming a code", () => {
  it("joins a private club at once as an active member, whatever the case, hyphens or Crockford look-alikes", async () => {
    const { club, code } = await clubWithCode({ isPrivate: true, name: "Hidden Shelf" });
    // Lower case, a hyphen and spaces, and 1/0 typed as l/o: all read as the same code.
    const typed = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase().replace(/1/g, "l").replace(/0/g, "o")} `;
    const member = await signedInMember();
    const { status, body } = await join(member, typed);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { clubId: club.id, status: "active" } });
    expect(await memberCount(club.id)).toBe(2);
    const mine = await clubApi<{ items: { clubId: string; userStatus: string; userRole: string }[] }>("GET", "", member);
    expect(mine.body.data!.items).toEqual([expect.objectContaining({ clubId: club.id, userStatus: "active", userRole: "member" })]);
    // Redeeming again changes nothing.
    expect((await join(member, code)).body.data).toEqual({ clubId: club.id, status: "active" });
    expect(await memberCount(club.id)).toBe(2);
  });

  it("turns a pending request into membership and settles the request", async () => {
    const { club, code, creator } = await clubWithCode({ isPrivate: true });
    const member = await signedInMember();
    await addPendingRequest(club.id, member.user.id);
    expect((await join(member, code)).status).toBe(200);
    const [request] = await db
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.clubId, club.id), eq(joinRequests.userId, member.user.id)));
    expect(request!.status).toBe("approved");
    expect((await clubApi<{ items: unknown[] }>("GET", `/${club.id}/requests`, creator)).body.data!.items).toEqual([]);
  });

  it("gives the same answer for an unknown, expired, revoked or deleted club's code", async () => {
    const member = await signedInMember();
    const unknown = await join(member, "ZZZZZZZZ");
    expect(unknown).toEqual({ status: 404, body: INVALID });

    const expired = await clubWithCode();
    await db
      .update(inviteCodes)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(inviteCodes.clubId, expired.club.id));
    expect(await join(member, expired.code)).toEqual({ status: 404, body: INVALID });

    const revoked = await clubWithCode();
    const fresh = await clubApi<Code>("POST", `/${revoked.club.id}/invite-code`, revoked.creator);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data!.code).toMatch(CROCKFORD_CODE);
    expect(fresh.body.data!.code).not.toBe(revoked.code);
    expect(await join(member, revoked.code)).toEqual({ status: 404, body: INVALID });

    const deleted = await clubWithCode();
    expect((await clubApi("DELETE", `/${deleted.club.id}`, deleted.creator)).status).toBe(200);
    expect(await join(member, deleted.code)).toEqual({ status: 404, body: INVALID });

    // None of these let the member in anywhere.
    expect((await clubApi<{ items: unknown[] }>("GET", "", member)).body.data!.items).toEqual([]);
  });

  it("works with the regenerated code, and the admin sees that one from then on", async () => {
    const { club, creator } = await clubWithCode();
    const fresh = (await clubApi<Code>("POST", `/${club.id}/invite-code`, creator)).body.data!;
    expect((await clubApi<Code>("GET", `/${club.id}/invite-code`, creator)).body.data).toEqual(fresh);
    expect((await join(await signedInMember(), fresh.code)).status).toBe(200);
  });

  it("is replaced when the creator removes a member: the removed member's code is refused, and admins see the new one, which works", async () => {
    const { club, creator, code } = await clubWithCode({ isPrivate: true });
    const admin = await signedInMember();
    await addMember(club.id, admin.user.id, "active", "admin");
    const removed = await signedInMember();
    expect((await join(removed, code)).status).toBe(200);

    expect((await clubApi("DELETE", `/${club.id}/members/${removed.user.id}`, creator)).status).toBe(200);
    expect(await join(removed, code)).toEqual({ status: 404, body: INVALID });
    expect(await memberCount(club.id)).toBe(2);

    const fresh = (await clubApi<Code>("GET", `/${club.id}/invite-code`, creator)).body.data!;
    expect(fresh.code).toMatch(CROCKFORD_CODE);
    expect(fresh.code).not.toBe(code);
    expect((await clubApi<Code>("GET", `/${club.id}/invite-code`, admin)).body.data).toEqual(fresh);
    expect((await join(await signedInMember(), fresh.code)).status).toBe(200);
  });

  it("is replaced when a pending requester is removed, and left alone when a removal finds nobody", async () => {
    const { club, creator, code } = await clubWithCode({ isPrivate: true });
    const stranger = await createMember();
    expect((await clubApi("DELETE", `/${club.id}/members/${stranger.id}`, creator)).status).toBe(404);
    expect((await clubApi<Code>("GET", `/${club.id}/invite-code`, creator)).body.data!.code).toBe(code);

    const requester = await createMember();
    await addPendingRequest(club.id, requester.id);
    expect((await clubApi("DELETE", `/${club.id}/members/${requester.id}`, creator)).status).toBe(200);
    expect((await clubApi<Code>("GET", `/${club.id}/invite-code`, creator)).body.data!.code).not.toBe(code);
  });

  it("after expiry, shows the admin a new code that works, while the old one stays refused", async () => {
    const { club, creator, code } = await clubWithCode();
    await db
      .update(inviteCodes)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(inviteCodes.clubId, club.id));
    const renewed = (await clubApi<Code>("GET", `/${club.id}/invite-code`, creator)).body.data!;
    expect(renewed.code).not.toBe(code);
    expect(renewed.expiresAt).toBeGreaterThan(Date.now() + 13 * DAY);
    const member = await signedInMember();
    expect(await join(member, code)).toEqual({ status: 404, body: INVALID });
    expect((await join(member, renewed.code)).status).toBe(200);
  });

  it("refuses a full club with 409 'This club is full', and a right code does not count as a wrong one", async () => {
    const { club, code } = await clubWithCode({ memberLimit: 2 });
    await addMember(club.id, (await createMember()).id);
    const member = await signedInMember();
    expect(await join(member, code)).toEqual({ status: 409, body: { success: false, error: "This club is full" } });
    expect(await memberCount(club.id)).toBe(2);
    expect((await failuresOf(member.user.id))!.failures).toBe(0);
  });
});

describe("how many codes a member may try", () => {
  it("answers the 21st wrong code of the day with 429, and then refuses even a right code until the next day", async () => {
    await startOfRateLimitWindow();
    const { code } = await clubWithCode();
    const guesser = await signedInMember();
    // Eleven wrong codes earlier today (beyond the one-minute burst window), nine now: twenty.
    await db.insert(inviteCodeFailures).values({ userId: guesser.user.id, day: today(), failures: 11 });
    for (let i = 0; i < 9; i++) expect(await join(guesser, `WR0NG00${i}`)).toEqual({ status: 404, body: INVALID });
    expect((await failuresOf(guesser.user.id))!.failures).toBe(20);
    expect(await join(guesser, "WR0NG009")).toEqual({ status: 429, body: { success: false, error: TOO_MANY_WRONG_CODES } });
    expect((await failuresOf(guesser.user.id))!.failures).toBe(20);

    const capped = await signedInMember();
    await db.insert(inviteCodeFailures).values({ userId: capped.user.id, day: today(), failures: 20 });
    expect((await join(capped, code)).status).toBe(429);
    // Yesterday's count does not carry over.
    await db
      .update(inviteCodeFailures)
      .set({ day: today() - 1 })
      .where(eq(inviteCodeFailures.userId, capped.user.id));
    expect((await join(capped, code)).status).toBe(200);
    expect(await failuresOf(capped.user.id)).toMatchObject({ day: today(), failures: 0 });
  });

  it("does not count right codes", async () => {
    const member = await signedInMember();
    await db.insert(inviteCodeFailures).values({ userId: member.user.id, day: today(), failures: 19 });
    const { code } = await clubWithCode();
    expect((await join(member, code)).status).toBe(200);
    expect((await failuresOf(member.user.id))!.failures).toBe(19);
  });

  it("stops a burst of attempts with the rate-limit binding (10 a minute per member)", async () => {
    await startOfRateLimitWindow();
    const member = await signedInMember();
    for (let i = 0; i < 10; i++) expect((await join(member, `BURST00${i}`)).status).toBe(404);
    expect(await join(member, "BURST010")).toEqual({ status: 429, body: { success: false, error: TOO_MANY_ATTEMPTS } });
    // Another member is not affected.
    expect((await join(await signedInMember(), "BURST011")).status).toBe(404);
  });
});

describe("the member limit on approval", () => {
  it("admits while there is room, then answers 409 'This club is full' and leaves the request pending", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true, memberLimit: 2 });
    const [first, second] = [await createMember(), await createMember()];
    await addPendingRequest(club.id, first.id);
    await addPendingRequest(club.id, second.id);
    expect((await clubApi("POST", `/${club.id}/requests/${first.id}/approve`, creator)).status).toBe(200);
    const refused = await clubApi("POST", `/${club.id}/requests/${second.id}/approve`, creator);
    expect(refused).toEqual({ status: 409, body: { success: false, error: "This club is full" } });
    expect(await memberCount(club.id)).toBe(2);
    const [row] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.clubId, club.id), eq(memberships.userId, second.id)));
    expect(row!.status).toBe("pending");
    const listed = await clubApi<{ items: { userId: string }[] }>("GET", `/${club.id}/requests`, creator);
    expect(listed.body.data!.items.map((item) => item.userId)).toEqual([second.id]);
  });
});

describe("POST /api/clubs/join validation", () => {
  it.each([
    [{}, "inviteCode: Invite code is required"],
    [{ inviteCode: "" }, "inviteCode: Invite code is required"],
    [{ inviteCode: " - - " }, "inviteCode: Invite code is required"],
    [{ inviteCode: "ABCDEFGHJ" }, "inviteCode: Invite code must be at most 8 characters"],
    [{ inviteCode: "x".repeat(500) }, "inviteCode: Invite code must be at most 8 characters"],
    [{ inviteCode: 12345678 }, "inviteCode: Invite code is required"],
  ])("%j → 400 %s", async (body, error) => {
    const member = await signedInMember();
    expect(await clubApi("POST", "/join", member, body, { invalid: true })).toEqual({ status: 400, body: { success: false, error } });
    // A malformed request is not a guess: nothing is counted.
    expect(await failuresOf(member.user.id)).toBeUndefined();
  });
});

describe("two clubs drawing the same code", () => {
  it("is refused by the unique index with an error the retry recognises (and only that error)", async () => {
    const first = await clubWithCode();
    const second = await createClub((await createMember()).id);
    const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.clubId, first.club.id));
    const clash = await db
      .insert(inviteCodes)
      .values({ clubId: second.id, nonce: "n", codeHash: row!.codeHash, expiresAt: Date.now() + DAY })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isInviteCodeClash(clash)).toBe(true);
    const otherFailure = await db
      .insert(inviteCodes)
      .values({ clubId: crypto.randomUUID(), nonce: "n", codeHash: "f".repeat(64), expiresAt: Date.now() + DAY })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(otherFailure).not.toBeNull();
    expect(isInviteCodeClash(otherFailure)).toBe(false);
  });
});
