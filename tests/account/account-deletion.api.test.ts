import { env } from "cloudflare:workers";
import {
  blocks,
  books,
  clubs,
  dataExports,
  emailOutbox,
  importJobs,
  joinRequests,
  loanEvents,
  loans,
  memberships,
  notificationPreferences,
  notifications,
  sessions,
  users,
  waitlistEntries,
} from "@worker/db/schema";
import { and, eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, addPendingRequest, createClub } from "../clubs/support";
import { createBook, createMember, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { page, postForm } from "../helpers/pages";
import { SAME_ORIGIN } from "./member-support";
import { conversationWith, deleteAccountByApi, keysUnder, putObject } from "./support";

const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");
const DAY = 24 * 60 * 60 * 1000;

/** A member with a bit of everything the deletion must remove, and the others who must not notice. */
async function busyMember() {
  const leaver = await signedInMember({ name: "Leaving Reader" });
  const secondDevice = await db
    .insert(sessions)
    .values({ id: `other-device-${crypto.randomUUID()}`, userId: leaver.user.id, expiresAt: Date.now() + DAY })
    .returning();
  const friend = await signedInMember({ name: "Staying Friend" });
  const admin = await createMember({ name: "Club Admin" });
  const neighbour = await createMember({ name: "Neighbour" });
  const me = leaver.user.id;

  const avatar = await putObject(`avatars/${me}/face.jpg`);
  await db.update(users).set({ picture: avatar, bio: "I read a lot" }).where(eq(users.id, me));
  const cover = await putObject(`covers/${me}/cover.jpg`);
  const stray = await putObject(`covers/${me}/unused-upload.jpg`);
  const ownBook = await createBook(me, { title: "Leaver's Book", coverKey: cover });
  const returnedLoan = crypto.randomUUID();
  await db.insert(loans).values({ id: returnedLoan, bookId: ownBook.id, ownerId: me, borrowerId: friend.user.id, state: "returned", updatedAt: Date.now() });

  const friendBook = await createBook(friend.user.id, { title: "Friend's Book" });
  await db
    .insert(loans)
    .values({ id: crypto.randomUUID(), bookId: friendBook.id, ownerId: friend.user.id, borrowerId: me, state: "requested", updatedAt: Date.now() });
  await db.insert(waitlistEntries).values({ bookId: friendBook.id, userId: me });

  // Clubs: handed to the other admin; else to the oldest active member; alone, deleted.
  const withAdmin = await createClub(me, { name: "Has an admin" });
  await addMember(withAdmin.id, neighbour.id);
  await db
    .update(memberships)
    .set({ createdAt: Date.now() - 10 * DAY })
    .where(eq(memberships.userId, neighbour.id));
  await db.insert(memberships).values({ clubId: withAdmin.id, userId: admin.id, role: "admin", status: "active", createdAt: Date.now() - DAY });
  const withMembers = await createClub(me, { name: "Members only" });
  await db.insert(memberships).values([
    { clubId: withMembers.id, userId: friend.user.id, role: "member", status: "active", createdAt: Date.now() - 5 * DAY },
    { clubId: withMembers.id, userId: admin.id, role: "member", status: "active", createdAt: Date.now() - 2 * DAY },
  ]);
  await addPendingRequest(withMembers.id, neighbour.id);
  const alone = await createClub(me, { name: "Just me" });
  const sharedBook = await createBook(friend.user.id, { title: "Shared in the lonely club", clubId: alone.id });
  const othersClub = await createClub(friend.user.id, { name: "Friend's club" });
  await addMember(othersClub.id, me);
  const requested = await createClub(admin.id, { name: "Asked to join", isPrivate: true });
  await addPendingRequest(requested.id, me);

  const conversationId = await conversationWith(me, friend.user.id, [
    [me, "Hello from the leaver"],
    [friend.user.id, "Hi back"],
  ]);
  await db.insert(notifications).values({ id: crypto.randomUUID(), userId: me, type: "x", title: "Hi", link: "/", dedupeKey: "k", updatedAt: Date.now() });
  await db.insert(notificationPreferences).values({ userId: me, emailOptIn: false });
  await db.insert(emailOutbox).values({
    id: crypto.randomUUID(),
    userId: me,
    toEmail: leaver.user.email,
    subject: "s",
    text: "t",
    html: "h",
    preference: "emailOptIn",
    dedupeKey: "d",
    sendAfter: Date.now(),
  });
  await db.insert(blocks).values([
    { blockerId: me, blockedId: neighbour.id },
    { blockerId: admin.id, blockedId: me },
  ]);
  await db.insert(importJobs).values({ id: crypto.randomUUID(), userId: me, source: "goodreads", updatedAt: Date.now() });
  const exportId = crypto.randomUUID();
  const zip = await putObject(`exports/${me}/${exportId}.zip`, new Uint8Array([80, 75, 5, 6]), "application/zip");
  await db.insert(dataExports).values({ id: exportId, userId: me, state: "ready", zipKey: zip, expiresAt: Date.now() + DAY });

  return {
    leaver,
    secondDevice: secondDevice[0]!,
    friend,
    admin,
    neighbour,
    ownBook,
    friendBook,
    sharedBook,
    clubs: { withAdmin, withMembers, alone, othersClub, requested },
    conversationId,
    r2: [avatar, cover, stray, zip],
    returnedLoan,
  };
}

describe("DELETE /api/users/me", () => {
  it("removes every row and R2 object of the member, keeps a tombstone and hands clubs over", async () => {
    const world = await busyMember();
    const me = world.leaver.user.id;

    const response = await deleteAccountByApi(world.leaver.cookie);
    expect(response.status).toBe(200);
    expect(await json<Envelope>(response)).toEqual({ success: true, data: { deleted: true, clubsHandedOver: 2, clubsDeleted: 1 } });
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("bookclub_session=;"))).toBe(true);

    // D1: nothing of theirs is left.
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    expect(await count(db.select().from(books).where(eq(books.userId, me)))).toBe(0);
    expect(await count(db.select().from(sessions).where(eq(sessions.userId, me)))).toBe(0);
    expect(await count(db.select().from(memberships).where(eq(memberships.userId, me)))).toBe(0);
    expect(await count(db.select().from(joinRequests).where(eq(joinRequests.userId, me)))).toBe(0);
    expect(
      await count(
        db
          .select()
          .from(loans)
          .where(or(eq(loans.borrowerId, me), eq(loans.ownerId, me))),
      ),
    ).toBe(0);
    expect(await count(db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, me)))).toBe(0);
    expect(await count(db.select().from(notifications).where(eq(notifications.userId, me)))).toBe(0);
    expect(await count(db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, me)))).toBe(0);
    expect(await count(db.select().from(emailOutbox).where(eq(emailOutbox.userId, me)))).toBe(0);
    expect(
      await count(
        db
          .select()
          .from(blocks)
          .where(or(eq(blocks.blockerId, me), eq(blocks.blockedId, me))),
      ),
    ).toBe(0);
    expect(await count(db.select().from(importJobs).where(eq(importJobs.userId, me)))).toBe(0);
    expect(await count(db.select().from(dataExports).where(eq(dataExports.userId, me)))).toBe(0);
    expect(await count(db.select().from(clubs).where(eq(clubs.createdBy, me)))).toBe(0);

    // R2: covers (and stray uploads), picture and export zips are gone.
    for (const prefix of [`covers/${me}/`, `avatars/${me}/`, `exports/${me}/`]) expect(await keysUnder(prefix)).toEqual([]);
    for (const key of world.r2) expect(await env.MEDIA.head(key)).toBeNull();

    // The tombstone: no name, address, picture or Google link.
    const [tombstone] = await db.select().from(users).where(eq(users.id, me));
    expect(tombstone).toMatchObject({
      name: "Deleted member",
      email: `deleted-${me}@deleted.invalid`,
      googleSub: null,
      bio: "",
      picture: null,
      showEmail: false,
    });
    expect(tombstone!.deletedAt).toBeGreaterThan(0);

    // Clubs: the other admin, else the oldest active member (made admin); the lonely club is gone.
    const clubRows = await db
      .select()
      .from(clubs)
      .where(
        inArray(
          clubs.id,
          Object.values(world.clubs).map((club) => club.id),
        ),
      );
    const byId = new Map(clubRows.map((club) => [club.id, club]));
    expect(byId.get(world.clubs.withAdmin.id)?.createdBy).toBe(world.admin.id);
    expect(byId.get(world.clubs.withMembers.id)?.createdBy).toBe(world.friend.user.id);
    expect(byId.has(world.clubs.alone.id)).toBe(false);
    expect(byId.get(world.clubs.othersClub.id)?.memberCount).toBe(1);
    const [newOwner] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.clubId, world.clubs.withMembers.id), eq(memberships.userId, world.friend.user.id)));
    expect(newOwner?.role).toBe("admin");
    const [book] = await db.select().from(books).where(eq(books.id, world.sharedBook.id));
    expect(book?.clubId).toBeNull();
  });

  it("revokes every session: the old cookie is a visitor's, on the API and on pages", async () => {
    const world = await busyMember();
    expect((await deleteAccountByApi(world.leaver.cookie)).status).toBe(200);
    expect((await call("/api/users/me", { cookie: world.leaver.cookie })).status).toBe(401);
    expect((await call("/api/users/me", { headers: { Authorization: `Bearer ${world.leaver.token}` } })).status).toBe(401);
    const profile = await call("/profile", { cookie: world.leaver.cookie });
    expect(profile.status).toBe(302);
    expect(profile.headers.get("Location")).toContain("/login");
    expect(await db.select().from(sessions).where(eq(sessions.id, world.secondDevice.id))).toEqual([]);
  });

  it("leaves the other members' pages working, with the messages shown as from Deleted member", async () => {
    const world = await busyMember();
    const me = world.leaver.user.id;
    expect((await deleteAccountByApi(world.leaver.cookie)).status).toBe(200);
    const friend = world.friend.cookie;

    const thread = await page(`/messages/${world.conversationId}`, friend);
    expect(thread.status).toBe(200);
    expect(markup(thread.html)).toContain("Deleted member");
    expect(markup(thread.html)).toContain("Hello from the leaver");
    const list = await page("/messages", friend);
    expect(list.status).toBe(200);
    expect(markup(list.html)).toContain("Deleted member");

    const library = await page("/library", friend);
    expect(library.status).toBe(200);
    expect(markup(library.html)).not.toContain("Leaver&#x27;s Book");
    expect((await page(`/books/${world.friendBook.id}`, friend)).status).toBe(200);
    expect((await page(`/clubs/${world.clubs.withMembers.id}`, friend)).status).toBe(200);
    expect((await page(`/clubs/${world.clubs.othersClub.id}`, friend)).status).toBe(200);
    expect((await page("/loans?tab=history", friend)).status).toBe(200);
    expect((await page("/my-books", friend)).status).toBe(200);

    // Not a member any more: no profile, no e-mail lookup, no new conversation, no new message.
    expect((await page(`/users/${me}`, friend)).status).toBe(404);
    expect((await call(`/api/users/${me}`, { cookie: friend })).status).toBe(404);
    const lookup = await call(`/api/users/query?email=${encodeURIComponent(world.leaver.user.email)}`, { cookie: friend });
    expect(lookup.status).toBe(404);
    const start = await call("/api/dm/conversations", { method: "POST", headers: SAME_ORIGIN, cookie: friend, json: { toUserId: me } });
    expect(start.status).toBe(404);
    const send = await call(`/api/dm/conversations/${world.conversationId}/messages`, {
      method: "POST",
      headers: SAME_ORIGIN,
      cookie: friend,
      json: { content: "Are you there?" },
    });
    expect(send.status).toBe(403);
    expect(await json<Envelope>(send)).toMatchObject({ success: false });
  });

  it("never signs the tombstone in: the old e-mail makes a new member, the tombstone's address is refused", async () => {
    const world = await busyMember();
    const me = world.leaver.user.id;
    expect((await deleteAccountByApi(world.leaver.cookie)).status).toBe(200);

    const again = await call("/login", {
      method: "POST",
      headers: SAME_ORIGIN,
      body: new URLSearchParams({ intent: "new", name: "Back Again", email: world.leaver.user.email }),
    });
    expect(again.status).toBe(302);
    const [fresh] = await db.select().from(users).where(eq(users.email, world.leaver.user.email));
    expect(fresh?.id).not.toBe(me);

    const tombstone = await call("/login", {
      method: "POST",
      headers: SAME_ORIGIN,
      body: new URLSearchParams({ intent: "new", name: "Impostor", email: `deleted-${me}@deleted.invalid` }),
    });
    expect(tombstone.status).toBe(404);
    expect(tombstone.headers.getSetCookie().some((cookie) => cookie.startsWith("bookclub_session=") && !cookie.startsWith("bookclub_session=;"))).toBe(false);
  });

  it("is refused (409) while their book is lent or promised, naming it, and deletes nothing", async () => {
    const owner = await signedInMember();
    const borrower = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Out on Loan", status: "borrowed", lentToUserId: borrower.user.id });
    await db
      .insert(loans)
      .values({ id: crypto.randomUUID(), bookId: book.id, ownerId: owner.user.id, borrowerId: borrower.user.id, state: "lent", updatedAt: Date.now() });
    const promised = await createBook(owner.user.id, { title: "Promised Book" });
    await db
      .insert(loans)
      .values({ id: crypto.randomUUID(), bookId: promised.id, ownerId: owner.user.id, borrowerId: borrower.user.id, state: "accepted", updatedAt: Date.now() });

    const response = await deleteAccountByApi(owner.cookie);
    expect(response.status).toBe(409);
    const body = await json<Envelope>(response);
    expect(body.success).toBe(false);
    expect(body.error).toContain('"Out on Loan"');
    expect(body.error).toContain('"Promised Book"');
    expect(await db.select().from(books).where(eq(books.userId, owner.user.id))).toHaveLength(2);
    expect((await call("/api/users/me", { cookie: owner.cookie })).status).toBe(200);

    const deletePage = await page("/profile/delete", owner.cookie);
    expect(deletePage.status).toBe(200);
    expect(markup(deletePage.html)).toContain("You can&#x27;t delete your account yet");
    expect(markup(deletePage.html)).toContain("Out on Loan");
  });

  it("is refused (409) while they hold someone else's book they asked for", async () => {
    const owner = await signedInMember();
    const holder = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Held Elsewhere", status: "borrowed", lentToUserId: holder.user.id });
    const loanId = crypto.randomUUID();
    await db.insert(loans).values({ id: loanId, bookId: book.id, ownerId: owner.user.id, borrowerId: holder.user.id, state: "lent", updatedAt: Date.now() });
    // Their request: a loan they took part in (one only recorded on them does not refuse, tests/loans/unwanted-loans.api.test.ts).
    await db.insert(loanEvents).values({ loanId, action: "requested", actorId: holder.user.id });

    const response = await deleteAccountByApi(holder.cookie);
    expect(response.status).toBe(409);
    expect((await json<Envelope>(response)).error).toContain('"Held Elsewhere"');
    const blockers = await call("/api/users/me/deletion", { cookie: holder.cookie });
    expect(await json<Envelope>(blockers)).toEqual({
      success: true,
      data: { blockers: [{ bookId: book.id, title: "Held Elsewhere", side: "held", otherName: owner.user.name }] },
    });
  });

  it("passes a book that was being offered to the member on to the next in line at once", async () => {
    const owner = await signedInMember();
    const offeredTo = await signedInMember();
    const next = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Just Returned" });
    const now = Date.now();
    await db.insert(waitlistEntries).values([
      { bookId: book.id, userId: offeredTo.user.id, state: "offered", offeredAt: now, offerExpiresAt: now + 2 * DAY },
      { bookId: book.id, userId: next.user.id },
    ]);

    expect((await deleteAccountByApi(offeredTo.cookie)).status).toBe(200);
    const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, next.user.id));
    expect(entry?.state).toBe("offered");
    const [told] = await db.select().from(notifications).where(eq(notifications.userId, next.user.id));
    expect(told?.link).toContain(book.id);
  });

  it("checks who asks and what they typed: 401 visitor, 400 no confirmation, 403 foreign origin", async () => {
    expect((await call("/api/users/me", { method: "DELETE", json: { confirm: "DELETE" } })).status).toBe(401);
    const member = await signedInMember();
    const wrong = await deleteAccountByApi(member.cookie, "delete please", { invalid: true });
    expect(wrong.status).toBe(400);
    expect(await json<Envelope>(wrong)).toEqual({ success: false, error: "confirm: Please type DELETE to confirm." });
    const empty = await call("/api/users/me", { method: "DELETE", headers: SAME_ORIGIN, cookie: member.cookie, json: {}, invalid: true });
    expect(empty.status).toBe(400);
    const notJson = await call("/api/users/me", { method: "DELETE", headers: SAME_ORIGIN, cookie: member.cookie, body: "confirm=DELETE", invalid: true });
    expect(notJson.status).toBe(400);
    const foreign = await call("/api/users/me", {
      method: "DELETE",
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      cookie: member.cookie,
      json: { confirm: "DELETE" },
    });
    expect(foreign.status).toBe(403);
    // Another member's deletion cannot touch this one: the API only ever deletes the caller.
    const other = await signedInMember();
    expect((await deleteAccountByApi(other.cookie)).status).toBe(200);
    expect((await call("/api/users/me", { cookie: member.cookie })).status).toBe(200);
  });
});

describe("/profile/delete", () => {
  it("says what will happen, asks for DELETE, then signs out and lands on the confirmation", async () => {
    const member = await signedInMember();
    await createBook(member.user.id, { title: "Goes Away" });
    const { status, html } = await page("/profile/delete", member.cookie);
    expect(status).toBe(200);
    expect(markup(html)).toContain("What will happen");
    expect(markup(html)).toContain("Type DELETE to confirm");

    const wrong = await postForm("/profile/delete", { confirm: "nope" }, member.cookie);
    expect(wrong.status).toBe(400);
    expect(markup(await wrong.text())).toContain("Please type DELETE to confirm.");

    const done = await postForm("/profile/delete", { confirm: "DELETE" }, member.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/account-deleted");
    expect(done.headers.getSetCookie().some((cookie) => cookie.startsWith("bookclub_session=;"))).toBe(true);
    const landing = await page("/account-deleted");
    expect(landing.status).toBe(200);
    expect(markup(landing.html)).toContain("Your account has been deleted");
    expect(await db.select().from(books).where(eq(books.userId, member.user.id))).toEqual([]);
  });

  it("sends visitors to sign in", async () => {
    const response = await call("/profile/delete");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/login");
  });
});
