import { clubBooks, memberships, milestoneProgress } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { copiesOf, finishBook, mark, putMilestones, readingOf, setBook, shelfOf, unmark } from "./support";

// Every club reading endpoint, for every kind of caller, on an open and a private club: the status
// the server answers and, for writes, whether the write happened. Each case gets its own fresh club.

const ROLES = ["visitor", "nonMember", "removed", "member", "admin", "creator"] as const;
type Role = (typeof ROLES)[number];
type Signed = Awaited<ReturnType<typeof signedInMember>>;

interface Scenario {
  clubId: string;
  callers: Record<Exclude<Role, "visitor">, Signed>;
  milestoneId: string;
}

async function scenario(isPrivate: boolean): Promise<Scenario> {
  const creator = await signedInMember({ name: "Creator" });
  const club = await createClub(creator.user.id, { name: "Reading Club", isPrivate });
  const [admin, member, removed, nonMember] = [await signedInMember(), await signedInMember(), await signedInMember(), await signedInMember()];
  await addMember(club.id, admin.user.id, "active", "admin");
  await addMember(club.id, member.user.id);
  await addMember(club.id, removed.user.id);
  const set = await setBook(club.id, creator, { title: "Middlemarch", author: "George Eliot", milestones: [{ label: "Book 1" }, { label: "Book 2" }] });
  expect(set.status).toBe(200);
  const milestoneId = set.body.data!.milestones[0]!.milestoneId;
  // The removed member had marked the second milestone before the creator removed them.
  await mark(club.id, set.body.data!.milestones[1]!.milestoneId, removed);
  await db.delete(memberships).where(and(eq(memberships.clubId, club.id), eq(memberships.userId, removed.user.id)));
  return { clubId: club.id, callers: { creator, admin, member, removed, nonMember }, milestoneId };
}

/** Reads: visitors 401; a private club's outsiders 404 as for no club; an open club's readable by every member. */
const READ = (isPrivate: boolean): Record<Role, number> => ({
  visitor: 401,
  nonMember: isPrivate ? 404 : 200,
  removed: isPrivate ? 404 : 200,
  member: 200,
  admin: 200,
  creator: 200,
});
const MANAGE = (isPrivate: boolean): Record<Role, number> => ({
  visitor: 401,
  nonMember: isPrivate ? 404 : 403,
  removed: isPrivate ? 404 : 403,
  member: 403,
  admin: 200,
  creator: 200,
});
const MARK = (isPrivate: boolean): Record<Role, number> => ({
  visitor: 401,
  nonMember: isPrivate ? 404 : 403,
  removed: isPrivate ? 404 : 403,
  member: 200,
  admin: 200,
  creator: 200,
});

interface Endpoint {
  name: string;
  expected: (isPrivate: boolean) => Record<Role, number>;
  send: (s: Scenario, caller: Signed | null) => Promise<{ status: number }>;
  /** For writes: did the write happen? */
  wrote?: (s: Scenario, caller: Signed | null) => Promise<boolean>;
}

const currentTitle = async (clubId: string) =>
  (
    await db
      .select({ title: clubBooks.title })
      .from(clubBooks)
      .where(and(eq(clubBooks.clubId, clubId), eq(clubBooks.state, "current")))
  )[0]?.title ?? null;

const ENDPOINTS: Endpoint[] = [
  { name: "GET reading", expected: READ, send: (s, c) => readingOf(s.clubId, c) },
  { name: "GET copies", expected: READ, send: (s, c) => copiesOf(s.clubId, c) },
  { name: "GET shelf", expected: READ, send: (s, c) => shelfOf(s.clubId, c) },
  {
    name: "PUT reading",
    expected: MANAGE,
    send: (s, c) => setBook(s.clubId, c, { title: "Persuasion", author: "Jane Austen" }),
    wrote: async (s) => (await currentTitle(s.clubId)) === "Persuasion",
  },
  {
    name: "POST finish",
    expected: MANAGE,
    send: (s, c) => finishBook(s.clubId, c),
    wrote: async (s) => (await currentTitle(s.clubId)) === null,
  },
  {
    name: "PUT milestones",
    expected: MANAGE,
    send: (s, c) => putMilestones(s.clubId, c, [{ label: "All of it" }]),
    wrote: async (s) => (await readingOf(s.clubId, s.callers.creator)).body.data!.milestones.map((m) => m.label).join() === "All of it",
  },
  {
    name: "PUT progress",
    expected: MARK,
    send: (s, c) => mark(s.clubId, s.milestoneId, c),
    wrote: async (s, c) =>
      c !== null &&
      (
        await db
          .select()
          .from(milestoneProgress)
          .where(and(eq(milestoneProgress.milestoneId, s.milestoneId), eq(milestoneProgress.userId, c.user.id)))
      ).length === 1,
  },
  {
    name: "DELETE progress",
    expected: MARK,
    send: async (s, c) => {
      // Something to take back: the caller's own mark, where they may have one.
      if (c) await db.insert(milestoneProgress).values({ milestoneId: s.milestoneId, userId: c.user.id }).onConflictDoNothing();
      return unmark(s.clubId, s.milestoneId, c);
    },
    wrote: async (s, c) =>
      c !== null &&
      (
        await db
          .select()
          .from(milestoneProgress)
          .where(and(eq(milestoneProgress.milestoneId, s.milestoneId), eq(milestoneProgress.userId, c.user.id)))
      ).length === 0,
  },
];

describe.each([false, true])("Club reading authorization (private club: %s)", (isPrivate) => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: each caller gets the status the rules give`, async () => {
      const got: Partial<Record<Role, number>> = {};
      const wrote: Partial<Record<Role, boolean>> = {};
      for (const role of ROLES) {
        const s = await scenario(isPrivate);
        const caller = role === "visitor" ? null : s.callers[role];
        got[role] = (await endpoint.send(s, caller)).status;
        if (endpoint.wrote && caller) wrote[role] = await endpoint.wrote(s, caller);
      }
      const expected = endpoint.expected(isPrivate);
      expect(got).toEqual(expected);
      if (endpoint.wrote) {
        for (const role of ROLES) if (role !== "visitor") expect(wrote[role], `${endpoint.name} by ${role}`).toBe(expected[role] === 200);
      }
    });
  }
});
