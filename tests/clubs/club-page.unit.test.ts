import { env } from "cloudflare:workers";
import { ServiceError } from "@worker/core/errors";
import type { ServiceContext, SessionUser } from "@worker/core/service-context";
import { clubs, memberships, users } from "@worker/db/schema";
import { CLUB_PAGE_BOOKS, CLUB_PAGE_MEMBERS, findClubPage } from "@worker/features/clubs/club-page";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createBook, createBooks, createMember, db } from "../helpers/fixtures";
import { addMember, createClub } from "./support";

type Member = Awaited<ReturnType<typeof createMember>>;

/** What a loader or API handler passes to services for this member (or a visitor). */
function contextFor(member: Member | null): ServiceContext {
  const user: SessionUser | null = member && {
    id: member.id,
    name: member.name,
    email: member.email,
    bio: member.bio,
    picture: member.picture,
    timezone: member.timezone,
    language: member.language,
    showEmail: member.showEmail,
  };
  return { db, env, user };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return { status: (error as ServiceError).status, message: (error as ServiceError).message };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a private club's page", () => {
  let creator: Member;
  let admin: Member;
  let reader: Member;
  let pending: Member;
  let stranger: Member;
  let clubId: string;
  let otherClubId: string;
  let sharedTitles: string[];

  beforeAll(async () => {
    creator = await createMember({ name: "Zelda Creator", picture: "avatars/zelda/1.jpg" });
    admin = await createMember({ name: "yusuf Admin" });
    reader = await createMember({ name: "Amy Reader" });
    const lateReader = await createMember({ name: "bob reader" });
    pending = await createMember({ name: "Aaron Pending" });
    stranger = await createMember({ name: "Sam Stranger" });
    const club = await createClub(creator.id, {
      name: "Night Owls",
      description: "We read after dark",
      location: "Lisbon, Portugal",
      isPrivate: true,
      memberLimit: 12,
    });
    clubId = club.id;
    await addMember(clubId, admin.id, "active", "admin");
    await addMember(clubId, lateReader.id);
    await addMember(clubId, reader.id);
    await addMember(clubId, pending.id, "pending");
    otherClubId = (await createClub(stranger.id, { name: "Elsewhere" })).id;

    await createBook(reader.id, { title: "Not Shared" });
    await createBook(stranger.id, { title: "Another Club's Book", clubId: otherClubId });
    sharedTitles = [];
    for (const [owner, title] of [
      [reader, "Dracula"],
      [admin, "Carmilla"],
      [creator, "The Night Circus"],
    ] as const) {
      await createBook(owner.id, { title, clubId });
      sharedTitles.unshift(title);
    }
  });

  it("shows its creator the club, their role, the active members in order and the shared books, newest first", async () => {
    const page = await findClubPage(contextFor(creator), clubId);
    const [stored] = await db.select().from(clubs).where(eq(clubs.id, clubId));

    expect(page.club).toEqual({
      clubId,
      name: "Night Owls",
      description: "We read after dark",
      location: "Lisbon, Portugal",
      isPrivate: true,
      memberLimit: 12,
      memberCount: stored!.memberCount,
      createdBy: creator.id,
      timezone: "UTC",
    });
    expect(page.viewer).toEqual({ role: "admin", status: "active", isCreator: true, canManage: true });
    // Creator, then admins, then members by name whatever the case; the pending requester is not a member yet.
    expect(page.members.map((m) => [m.name, m.role, m.isCreator])).toEqual([
      ["Zelda Creator", "admin", true],
      ["yusuf Admin", "admin", false],
      ["Amy Reader", "member", false],
      ["bob reader", "member", false],
    ]);
    expect(page.members[0]!.profilePicture).toBe("/media/avatars/zelda/1.jpg");
    expect(page.books.map((book) => book.title)).toEqual(sharedTitles);
    expect(page.books.every((book) => book.clubId === clubId && book.clubName === "Night Owls" && !book.membersOnly)).toBe(true);
    expect(page.booksNextToken).toBeNull();
    expect(page.booksPrevToken).toBeNull();
  });

  it("lets an active admin manage it and a plain member only read it", async () => {
    const asAdmin = await findClubPage(contextFor(admin), clubId);
    expect(asAdmin.viewer).toEqual({ role: "admin", status: "active", isCreator: false, canManage: true });
    const asReader = await findClubPage(contextFor(reader), clubId);
    expect(asReader.viewer).toEqual({ role: "member", status: "active", isCreator: false, canManage: false });
    expect(asReader.members).toHaveLength(4);
  });

  it("is 'Club not found' to a pending requester and to a stranger, exactly as for a club that does not exist", async () => {
    const missing = await refusal(findClubPage(contextFor(stranger), crypto.randomUUID()));
    expect(missing).toEqual({ status: 404, message: "Club not found" });
    expect(await refusal(findClubPage(contextFor(stranger), clubId))).toEqual(missing);
    expect(await refusal(findClubPage(contextFor(pending), clubId))).toEqual(missing);
  });

  it("asks a visitor to sign in", async () => {
    expect(await refusal(findClubPage(contextFor(null), clubId))).toMatchObject({ status: 401 });
  });
});

describe("a public club's page", () => {
  it("is open to every member, joined or not, with members and books", async () => {
    const creator = await createMember({ name: "Pia Public" });
    const visitor = await createMember({ name: "Val Visitor" });
    const club = await createClub(creator.id, { name: "Open Shelf", isPrivate: false });
    await createBook(creator.id, { title: "Open Book", clubId: club.id });

    const page = await findClubPage(contextFor(visitor), club.id);
    expect(page.viewer).toEqual({ role: null, status: null, isCreator: false, canManage: false });
    expect(page.members.map((m) => m.name)).toEqual(["Pia Public"]);
    expect(page.books.map((book) => [book.title, book.membersOnly])).toEqual([["Open Book", false]]);
  });

  it("does not let an admin whose membership is still pending manage it", async () => {
    const creator = await createMember();
    const waiting = await createMember();
    const club = await createClub(creator.id, { isPrivate: false });
    await addMember(club.id, waiting.id, "pending", "admin");
    const page = await findClubPage(contextFor(waiting), club.id);
    expect(page.viewer).toEqual({ role: "admin", status: "pending", isCreator: false, canManage: false });
    expect(page.members.map((m) => m.userId)).toEqual([creator.id]);
  });
});

describe("a big club's page", () => {
  let creator: Member;
  let clubId: string;

  beforeAll(async () => {
    creator = await createMember({ name: "Big Boss" });
    clubId = (await createClub(creator.id, { name: "Crowd", isPrivate: true })).id;
    const count = CLUB_PAGE_MEMBERS + 5;
    const rows = Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Member ${String(i).padStart(3, "0")}`,
      email: `crowd-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    }));
    // D1 takes at most 100 bound parameters a statement: 9 a member row (the lending defaults included), 5 a membership.
    for (let i = 0; i < rows.length; i += 11) await db.insert(users).values(rows.slice(i, i + 11));
    const joined = rows.map((row) => ({ clubId, userId: row.id, role: "member" as const, status: "active" as const }));
    for (let i = 0; i < joined.length; i += 19) await db.insert(memberships).values(joined.slice(i, i + 19));
    await db
      .update(clubs)
      .set({ memberCount: count + 1 })
      .where(eq(clubs.id, clubId));
    await createBooks(
      creator.id,
      Array.from({ length: 30 }, (_, i) => ({ title: `Shelf ${String(i).padStart(2, "0")}`, clubId })),
    );
  });

  it("lists at most 200 members, with the count of all of them", async () => {
    const page = await findClubPage(contextFor(creator), clubId);
    expect(page.members).toHaveLength(CLUB_PAGE_MEMBERS);
    expect(page.members[0]!.name).toBe("Big Boss");
    expect(page.members[1]!.name).toBe("Member 000");
    expect(page.club.memberCount).toBe(CLUB_PAGE_MEMBERS + 6);
  });

  it("pages the shelf 24 books at a time with next and previous tokens; a bad token means the first page", async () => {
    const first = await findClubPage(contextFor(creator), clubId);
    expect(first.books).toHaveLength(CLUB_PAGE_BOOKS);
    expect(first.books[0]!.title).toBe("Shelf 29");
    expect(first.booksNextToken).toMatch(/^c[0-9a-z]+$/);

    const second = await findClubPage(contextFor(creator), clubId, { nextToken: first.booksNextToken });
    expect(second.books.map((book) => book.title)).toEqual(["Shelf 05", "Shelf 04", "Shelf 03", "Shelf 02", "Shelf 01", "Shelf 00"]);
    expect(second.booksNextToken).toBeNull();

    const back = await findClubPage(contextFor(creator), clubId, { prevToken: second.booksPrevToken });
    expect(back.books.map((book) => book.title)).toEqual(first.books.map((book) => book.title));

    const tampered = await findClubPage(contextFor(creator), clubId, { nextToken: "'; drop table books; --" });
    expect(tampered.books[0]!.title).toBe("Shelf 29");
  });

  it("reads the page in a fixed number of statements, however many members and books", async () => {
    const prepare = vi.spyOn(env.DB, "prepare");
    await findClubPage(contextFor(creator), clubId);
    // Club + viewer, members, one page of books, and the private club's members-only check.
    expect(prepare.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(prepare.mock.calls.length).toBeLessThanOrEqual(4);
  });
});
