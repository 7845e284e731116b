import { clubs } from "@worker/db/schema";
import type { BrowseClub, ClubDetails, MemberClub } from "@worker/features/clubs/club-lists";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { api, call, type Envelope, json } from "../helpers/http";
import { addMember, createClub, createClubs } from "./support";

type BrowseData = { items: BrowseClub[]; nextToken: string | null; prevToken: string | null };

const get = <T>(path: string, cookie?: string) => api<T>(path, { cookie }, { headers: {} });

describe("visitors", () => {
  it.each(["/api/clubs", "/api/clubs/browse", "/api/clubs/browse?search=chess", `/api/clubs/${crypto.randomUUID()}`])(
    "GET %s answers 401 in the envelope",
    async (path) => {
      const { status, body } = await get(path.slice("/api".length));
      expect(status).toBe(401);
      expect(body).toEqual({ success: false, error: "Please sign in to continue." });
    },
  );
});

describe("GET /api/clubs/browse", () => {
  let cookie: string;
  let joinedId: string;
  beforeAll(async () => {
    const creator = await createMember({ name: "Browse Creator" });
    await createClubs(
      creator.id,
      Array.from({ length: 30 }, (_, i) => ({
        name: `Zephyr Circle ${String(i).padStart(2, "0")}`,
        description: i % 3 === 0 ? "Quiet readers of Zephyr poetry" : "Zephyr fans",
        location: i === 4 ? "Marlowe Street Café" : "Library",
        isPrivate: i % 5 === 0,
        memberCount: i,
      })),
    );
    const viewer = await signedInMember();
    cookie = viewer.cookie;
    const [joined] = await db.select().from(clubs).where(eq(clubs.name, "Zephyr Circle 07"));
    joinedId = joined!.id;
    await addMember(joinedId, viewer.user.id);
  });

  it("pages a search newest first with nextToken, without gaps or repeats, and back with prevToken", async () => {
    const seen: string[] = [];
    const tokens: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const query: string = `?search=zephyr&limit=7${token ? `&nextToken=${token}` : ""}`;
      const { status, body } = await get<BrowseData>(`/clubs/browse${query}`, cookie);
      expect(status).toBe(200);
      seen.push(...body.data!.items.map((club) => club.name));
      token = body.data!.nextToken;
      if (token) tokens.push(token);
      pages++;
    } while (token && pages < 10);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen[0]).toBe("Zephyr Circle 29");
    expect(seen[29]).toBe("Zephyr Circle 00");

    const second = await get<BrowseData>(`/clubs/browse?search=zephyr&limit=7&nextToken=${tokens[0]}`, cookie);
    const back = await get<BrowseData>(`/clubs/browse?search=zephyr&limit=7&prevToken=${second.body.data!.prevToken}`, cookie);
    expect(back.body.data!.items.map((club) => club.name)).toEqual(seen.slice(0, 7));
    expect(back.body.data!.prevToken).toBeNull();
  });

  it("shows 12 clubs a page by default, with the card fields and the viewer's Member flag", async () => {
    const { body } = await get<BrowseData>("/clubs/browse?search=%20%20Zephyr%20%20", cookie);
    expect(body.success).toBe(true);
    expect(body.data!.items).toHaveLength(12);
    expect(body.data!.nextToken).toMatch(/^c[0-9a-z]+$/);
    const joined = body.data!.items.find((club) => club.clubId === joinedId);
    expect(joined).toBeUndefined(); // 07 is on a later page
    const { body: all } = await get<BrowseData>("/clubs/browse?search=zephyr&limit=30", cookie);
    const byName = new Map(all.data!.items.map((club) => [club.name, club]));
    expect(byName.get("Zephyr Circle 07")).toEqual({
      clubId: joinedId,
      name: "Zephyr Circle 07",
      description: "Zephyr fans",
      location: "Library",
      isPrivate: false,
      memberCount: 8, // 7, and the viewer joined
      memberLimit: null,
      isMember: true,
      userStatus: "active",
      // The word searched for, marked in the name (issue 37).
      highlight: { name: [{ text: "Zephyr", mark: true }, { text: " Circle 07" }] },
    });
    expect(byName.get("Zephyr Circle 10")).toMatchObject({ isPrivate: true, isMember: false, userStatus: null });
    expect(all.data!.items.filter((club) => club.isMember)).toHaveLength(1);
  });

  it("searches name, description and location, all words required, by prefix", async () => {
    const names = async (search: string) =>
      (await get<BrowseData>(`/clubs/browse?limit=100&search=${encodeURIComponent(search)}`, cookie)).body.data!.items.map((c) => c.name);
    expect(await names("poetry")).toHaveLength(10);
    expect(await names("marlowe")).toEqual(["Zephyr Circle 04"]);
    expect(await names("cafe")).toEqual(["Zephyr Circle 04"]); // diacritics folded
    expect(await names("quiet zeph")).toHaveLength(10);
    expect(await names("zephyr nonexistentword")).toEqual([]);
    // FTS5 syntax in the input is plain text, not an error.
    expect(await names('zephyr" OR "x')).toEqual([]);
  });

  it("keeps the search index in step when a club is renamed", async () => {
    const creator = await createMember();
    const club = await createClub(creator.id, { name: "Quokka Readers", description: "Marsupial literature" });
    const names = async (search: string) => (await get<BrowseData>(`/clubs/browse?search=${search}`, cookie)).body.data!.items.map((c) => c.clubId);
    expect(await names("quokka")).toEqual([club.id]);

    await db.update(clubs).set({ name: "Wombat Readers" }).where(eq(clubs.id, club.id));
    expect(await names("quokka")).toEqual([]);
    expect(await names("wombat")).toEqual([club.id]);
    expect(await names("marsupial")).toEqual([club.id]);
  });

  it("refuses a bad cursor or limit with 400", async () => {
    for (const query of ["nextToken=not-a-token", "limit=0", "limit=101", `search=${"x".repeat(201)}`]) {
      const { status, body } = await api(`/clubs/browse?${query}`, { cookie }, { headers: {}, invalid: true });
      expect(status).toBe(400);
      expect(body.success).toBe(false);
    }
  });
});

describe("GET /api/clubs (my clubs)", () => {
  it("lists the member's clubs with their role and status, pending included, and nothing else", async () => {
    const me = await signedInMember({ name: "Mira" });
    const other = await createMember();
    const mine = await createClub(me.user.id, { name: "Mira's Own Club", description: "Hosted at home", location: "Mira's flat", memberLimit: 10 });
    const joined = await createClub(other.id, { name: "Joined Club", isPrivate: true });
    const requested = await createClub(other.id, { name: "Hoped-for Club", isPrivate: true });
    await createClub(other.id, { name: "Unrelated Club" });
    await addMember(joined.id, me.user.id, "active", "member");
    await addMember(requested.id, me.user.id, "pending", "member");

    const { status, body } = await get<{ items: MemberClub[]; nextToken: string | null }>("/clubs", me.cookie);
    expect(status).toBe(200);
    expect(body.data!.nextToken).toBeNull();
    expect(body.data!.items.map((club) => club.name)).toEqual(["Hoped-for Club", "Joined Club", "Mira's Own Club"]);
    expect(body.data!.items[2]).toEqual({
      clubId: mine.id,
      name: "Mira's Own Club",
      description: "Hosted at home",
      location: "Mira's flat",
      isPrivate: false,
      memberCount: 1,
      memberLimit: 10,
      createdBy: me.user.id,
      timezone: "UTC",
      userRole: "admin",
      userStatus: "active",
    });
    expect(body.data!.items[1]).toMatchObject({ clubId: joined.id, isPrivate: true, createdBy: other.id, userRole: "member", userStatus: "active" });
    expect(body.data!.items[0]).toMatchObject({ clubId: requested.id, userRole: "member", userStatus: "pending" });
  });

  it("is empty for a member without clubs", async () => {
    const loner = await signedInMember();
    const { body } = await get("/clubs", loner.cookie);
    expect(body).toEqual({ success: true, data: { items: [], nextToken: null } });
  });

  it("accepts a Bearer token as well as the cookie", async () => {
    const member = await signedInMember();
    await createClub(member.user.id, { name: "Bearer Club" });
    const response = await call("/api/clubs", { headers: { Authorization: `Bearer ${member.token}` } });
    expect(response.status).toBe(200);
    expect((await json<Envelope<{ items: MemberClub[] }>>(response)).data!.items.map((c) => c.name)).toEqual(["Bearer Club"]);
  });
});

describe("GET /api/clubs/{id}", () => {
  let creatorId: string;
  let privateId: string;
  let publicId: string;
  let insider: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    const creator = await createMember({ name: "Private Host" });
    creatorId = creator.id;
    // Two members counted, and a third as a row: memberCount 3.
    privateId = (await createClub(creator.id, { name: "Secret Shelf", description: "Invite only", isPrivate: true, memberLimit: 8, memberCount: 2 })).id;
    insider = await signedInMember();
    await addMember(privateId, insider.user.id);
    publicId = (await createClub(creator.id, { name: "Open Shelf", memberLimit: 50 })).id;
  });

  it("shows a private club's details to its active members", async () => {
    const { status, body } = await get<ClubDetails>(`/clubs/${privateId}`, insider.cookie);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      clubId: privateId,
      name: "Secret Shelf",
      description: "Invite only",
      location: "Town Hall",
      isPrivate: true,
      memberCount: 3,
      memberLimit: 8,
      createdBy: creatorId,
      timezone: "UTC",
      userRole: "member",
      userStatus: "active",
      detailsVisible: true,
    });
  });

  it("shows others (pending requesters included) only what Browse Clubs shows, plus their own status", async () => {
    const stranger = await signedInMember();
    const hopeful = await signedInMember();
    await addMember(privateId, hopeful.user.id, "pending");
    const summary = {
      clubId: privateId,
      name: "Secret Shelf",
      description: "Invite only",
      location: "Town Hall",
      isPrivate: true,
      memberCount: 3,
      memberLimit: 8,
    };
    expect((await get(`/clubs/${privateId}`, stranger.cookie)).body.data).toEqual({ ...summary, detailsVisible: false, userStatus: null });
    expect((await get(`/clubs/${privateId}`, hopeful.cookie)).body.data).toEqual({ ...summary, detailsVisible: false, userStatus: "pending" });
  });

  it("shows a public club's details to any member, with no role for a non-member", async () => {
    const stranger = await signedInMember();
    const { body } = await get<ClubDetails>(`/clubs/${publicId}`, stranger.cookie);
    expect(body.data).toMatchObject({ name: "Open Shelf", memberLimit: 50, createdBy: creatorId, userRole: null, userStatus: null, detailsVisible: true });
  });

  it("answers 404 for an unknown club", async () => {
    const member = await signedInMember();
    const { status, body } = await get(`/clubs/${crypto.randomUUID()}`, member.cookie);
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: "Club not found" });
  });
});
