import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { clubBooks, clubPolls, clubs, pollBallots, pollOptions } from "@worker/db/schema";
import { closePollNow, type PollPage, type PollView, pollsDataPart, pollsDeletionPart } from "@worker/features/club-polls";
import { runJob } from "@worker/jobs";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, clubApi, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { bellOf } from "../notifications/support";
import { pollApi, seedPoll } from "./support";

type Signed = Awaited<ReturnType<typeof signedInMember>>;
const ROLES = ["visitor", "nonMember", "removed", "member", "admin", "creator"] as const;
type Role = (typeof ROLES)[number];

async function scenario(isPrivate: boolean) {
  const creator = await signedInMember({ name: "Cora Creator" });
  const club = await createClub(creator.user.id, { name: "Poll Club", isPrivate });
  const [admin, member, nonMember, removed] = await Promise.all([signedInMember(), signedInMember(), signedInMember(), signedInMember()]);
  await addMember(club.id, admin.user.id, "active", "admin");
  await addMember(club.id, member.user.id);
  await addMember(club.id, removed.user.id);
  expect((await clubApi("DELETE", `/${club.id}/members/${removed.user.id}`, creator)).status).toBe(200);
  return { clubId: club.id, callers: { creator, admin, member, nonMember, removed } as Record<Exclude<Role, "visitor">, Signed> };
}
type Scenario = Awaited<ReturnType<typeof scenario>>;

/** Outsiders (never joined, or removed): 404 in a private club; in an open one `open`. */
const matrix = (isPrivate: boolean, open: number, member: number, admin: number): Record<Role, number> => ({
  visitor: 401,
  nonMember: isPrivate ? 404 : open,
  removed: isPrivate ? 404 : open,
  member,
  admin,
  creator: admin,
});

interface Endpoint {
  name: string;
  expected: (isPrivate: boolean) => Record<Role, number>;
  send: (s: Scenario, caller: Signed | null) => Promise<{ status: number }>;
  /** For writes: whether it happened, read from the tables. */
  happened?: (s: Scenario, ctx: { pollId: string }) => Promise<boolean>;
}

const newPoll = { kind: "choice", question: "Snacks?", options: [{ label: "Tea" }, { label: "Cake" }] };

const ENDPOINTS: (Endpoint & { setup?: (s: Scenario) => Promise<{ pollId: string; optionIds: string[] }> })[] = [
  { name: "GET polls", expected: (p) => matrix(p, 200, 200, 200), send: (s, c) => pollApi("GET", s.clubId, "", c) },
  {
    name: "POST polls",
    expected: (p) => matrix(p, 403, 403, 201),
    send: (s, c) => pollApi("POST", s.clubId, "", c, newPoll),
  },
];

describe("Who may do what with a club's polls", () => {
  for (const isPrivate of [true, false]) {
    describe(isPrivate ? "in a private club" : "in an open club", () => {
      for (const endpoint of ENDPOINTS) {
        it(`${endpoint.name}`, async () => {
          const s = await scenario(isPrivate);
          const got: Record<string, number> = {};
          for (const role of ROLES) got[role] = (await endpoint.send(s, role === "visitor" ? null : s.callers[role])).status;
          expect(got).toEqual(endpoint.expected(isPrivate));
        });
      }

      it("GET a poll, PUT a ballot, POST close and POST current-book, each with whether the write happened", async () => {
        const s = await scenario(isPrivate);
        const read: Record<string, number> = {};
        const vote: Record<string, number> = {};
        const close: Record<string, number> = {};
        const current: Record<string, number> = {};
        for (const role of ROLES) {
          const caller = role === "visitor" ? null : s.callers[role];
          const open = await seedPoll(s.clubId, s.callers.creator.user.id);
          read[role] = (await pollApi("GET", s.clubId, `/${open.pollId}`, caller)).status;
          vote[role] = (await pollApi("PUT", s.clubId, `/${open.pollId}/ballot`, caller, { choices: [open.optionIds[1], open.optionIds[0]] })).status;
          const voted = await db.select().from(pollBallots).where(eq(pollBallots.pollId, open.pollId));
          expect(voted.length, `${role}'s ballot`).toBe(vote[role] === 200 ? 1 : 0);
          close[role] = (await pollApi("POST", s.clubId, `/${open.pollId}/close`, caller)).status;
          const [row] = await db.select({ closedAt: clubPolls.closedAt }).from(clubPolls).where(eq(clubPolls.id, open.pollId));
          expect(row!.closedAt !== null, `${role} closed it`).toBe(close[role] === 200);
          // A closed poll with a winner, for current-book.
          const done = await seedPoll(s.clubId, s.callers.creator.user.id);
          await db.insert(pollBallots).values({ pollId: done.pollId, userId: s.callers.member.user.id, choices: [done.optionIds[2]!], updatedAt: Date.now() });
          await closePollNow({ db, env }, done.pollId, Date.now());
          current[role] = (await pollApi("POST", s.clubId, `/${done.pollId}/current-book`, caller)).status;
        }
        expect(read).toEqual(matrix(isPrivate, 200, 200, 200));
        expect(vote).toEqual(matrix(isPrivate, 403, 200, 200));
        expect(close).toEqual(matrix(isPrivate, 403, 403, 200));
        expect(current).toEqual(matrix(isPrivate, 403, 403, 201));
      });
    });
  }
});

describe("Opening, voting and closing", () => {
  it("opens a book poll of the app's books and typed titles, tells the other members, and refuses bad input", async () => {
    const s = await scenario(false);
    const book = await createBook(s.callers.member.user.id, { title: "Middlemarch", author: "George Eliot" });
    const opened = await pollApi<PollView>("POST", s.clubId, "", s.callers.admin, {
      kind: "book",
      question: "Next book?",
      hideResults: true,
      options: [{ bookId: book.id }, { label: "Dune", author: "Frank Herbert", isbn13: "978-0-441-17271-9" }, { label: "Emma" }],
    });
    expect(opened.status).toBe(201);
    expect(opened.body.data!.options.map((option) => [option.label, option.author, option.bookId, option.isbn13])).toEqual([
      ["Middlemarch", "George Eliot", book.id, null],
      ["Dune", "Frank Herbert", null, "9780441172719"],
      ["Emma", null, null, null],
    ]);
    expect(opened.body.data!).toMatchObject({ isOpen: true, result: null, ballots: 0, canVote: true, canManage: true });
    const told = async (userId: string) => (await bellOf(userId)).filter((item) => item.type === "club_poll_opened").length;
    expect(await told(s.callers.member.user.id)).toBe(1);
    expect(await told(s.callers.admin.user.id)).toBe(0);

    const bad = async (body: unknown) => (await pollApi<unknown>("POST", s.clubId, "", s.callers.admin, body, { invalid: true })).status;
    const titles = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Book ${i}` }));
    expect(await bad({ kind: "book", question: "Q", options: titles(11) })).toBe(400);
    expect(await bad({ kind: "book", question: "Q", options: titles(1) })).toBe(400);
    expect(await bad({ kind: "choice", question: "Q", options: titles(21) })).toBe(400);
    expect(await bad({ kind: "choice", question: "Q", options: titles(20) })).toBe(201);
    expect(await bad({ kind: "date", question: "Q", options: titles(2) })).toBe(400);
    expect(await bad({ kind: "choice", question: "Q", closesAt: Date.now() - 1000, options: titles(2) })).toBe(400);
    expect(await bad({ kind: "choice", question: " ", options: titles(2) })).toBe(400);
    expect(await bad({ kind: "book", question: "Q", options: [{ bookId: crypto.randomUUID() }, { label: "X" }] })).toBe(404);
  });

  it("keeps one ballot per member, changeable until close, and hides the count until then when asked", async () => {
    const s = await scenario(true);
    const { pollId, optionIds } = await seedPoll(s.clubId, s.callers.creator.user.id, { hideResults: true });
    const [dune, emma, ubik] = optionIds as [string, string, string];
    expect((await pollApi("PUT", s.clubId, `/${pollId}/ballot`, s.callers.member, { choices: [dune, emma] })).status).toBe(200);
    expect((await pollApi("PUT", s.clubId, `/${pollId}/ballot`, s.callers.member, { choices: [ubik] })).status).toBe(200);
    expect((await pollApi("PUT", s.clubId, `/${pollId}/ballot`, s.callers.member, { choices: [ubik, ubik] })).status).toBe(400);
    expect((await pollApi("PUT", s.clubId, `/${pollId}/ballot`, s.callers.member, { choices: [crypto.randomUUID()] })).status).toBe(400);
    expect(await db.select({ choices: pollBallots.choices }).from(pollBallots).where(eq(pollBallots.pollId, pollId))).toEqual([{ choices: [ubik] }]);
    const seen = await pollApi<PollView>("GET", s.clubId, `/${pollId}`, s.callers.creator);
    expect(seen.body.data).toMatchObject({ ballots: 1, result: null, myChoices: null, isOpen: true });

    const closed = await pollApi<PollView>("POST", s.clubId, `/${pollId}/close`, s.callers.admin);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ isOpen: false, result: { winnerId: ubik, ballots: 1 } });
    expect(closed.body.data!.result!.rounds).toHaveLength(1);
    expect((await pollApi("PUT", s.clubId, `/${pollId}/ballot`, s.callers.member, { choices: [dune] })).status).toBe(409);
    expect((await pollApi("POST", s.clubId, `/${pollId}/close`, s.callers.admin)).status).toBe(409);
    // Told once, but not the admin who closed it (they know); a second close (an alarm racing the admin) adds nothing.
    expect(await closePollNow({ db, env }, pollId, Date.now())).toBe(false);
    for (const who of [s.callers.member, s.callers.creator]) {
      expect((await bellOf(who.user.id)).filter((item) => item.type === "club_poll_closed")).toHaveLength(1);
    }
    expect((await bellOf(s.callers.admin.user.id)).filter((item) => item.type === "club_poll_closed")).toHaveLength(0);
    expect((await bellOf(s.callers.removed.user.id)).filter((item) => item.type === "club_poll_closed")).toHaveLength(0);
  });

  it("counts 50 simultaneous ballots once each", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const voters = await Promise.all(Array.from({ length: 50 }, () => signedInMember()));
    for (const voter of voters) await addMember(club.id, voter.user.id);
    const { pollId, optionIds } = await seedPoll(club.id, creator.user.id, { kind: "date" });
    const answers = await Promise.all(
      voters.map((voter, i) => pollApi("PUT", club.id, `/${pollId}/ballot`, voter, { choices: i % 2 ? [optionIds[0]] : [optionIds[0], optionIds[1]] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(voters.map(() => 200));
    const poll = await pollApi<PollView>("GET", club.id, `/${pollId}`, creator);
    expect(poll.body.data!.ballots).toBe(50);
    expect(poll.body.data!.result!.tallies.map((tally) => tally.votes)).toEqual([50, 25, 0]);
  });

  it("closes at its close time by a JobTimer alarm, storing the count", async () => {
    const s = await scenario(true);
    const closesAt = Date.now() + 60_000;
    const opened = await pollApi<PollView>("POST", s.clubId, "", s.callers.admin, { ...newPoll, closesAt });
    const { pollId, options } = opened.body.data!;
    expect(await nextJobRun(env, `club-poll:${pollId}`)).toBe(closesAt);
    await pollApi("PUT", s.clubId, `/${pollId}/ballot`, s.callers.member, { choices: [options[1]!.optionId] });
    expect(await runJob(env, `club-poll:${pollId}`, closesAt - 1000)).toBe(closesAt);
    expect(await runJob(env, `club-poll:${pollId}`, closesAt)).toBeNull();
    const [row] = await db.select().from(clubPolls).where(eq(clubPolls.id, pollId));
    expect(row).toMatchObject({ closedAt: closesAt, result: { winnerId: options[1]!.optionId, ballots: 1 } });
  });

  it("pages the club's polls, newest first, with my vote and a closed poll's winner", async () => {
    const s = await scenario(false);
    const first = await seedPoll(s.clubId, s.callers.creator.user.id);
    await db.insert(pollBallots).values({ pollId: first.pollId, userId: s.callers.member.user.id, choices: [first.optionIds[1]!], updatedAt: Date.now() });
    await closePollNow({ db, env }, first.pollId, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 5));
    await seedPoll(s.clubId, s.callers.creator.user.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newest = await seedPoll(s.clubId, s.callers.creator.user.id);
    const page1 = await pollApi<PollPage>("GET", s.clubId, "?limit=2", s.callers.member);
    expect(page1.body.data!.items.map((poll) => poll.pollId)[0]).toBe(newest.pollId);
    expect(page1.body.data!.nextToken).not.toBeNull();
    const page2 = await pollApi<PollPage>("GET", s.clubId, `?limit=2&before=${page1.body.data!.nextToken}`, s.callers.member);
    expect(page2.body.data!.items).toEqual([expect.objectContaining({ pollId: first.pollId, isOpen: false, voted: true, winner: "Emma", ballots: 1 })]);
    expect(page2.body.data!.nextToken).toBeNull();
    expect((await pollApi("GET", s.clubId, "?before=nonsense", s.callers.member, undefined, { invalid: true })).status).toBe(400);
  });
});

describe("The winner becomes the current book", () => {
  it("in one step, moving the book it replaces to the club's history; never from an open or a choice poll", async () => {
    const s = await scenario(true);
    const first = await seedPoll(s.clubId, s.callers.creator.user.id, { labels: ["Dune", "Emma"] });
    expect((await pollApi("POST", s.clubId, `/${first.pollId}/current-book`, s.callers.admin)).status).toBe(409);
    await db.insert(pollBallots).values({ pollId: first.pollId, userId: s.callers.member.user.id, choices: [first.optionIds[0]!], updatedAt: Date.now() });
    await closePollNow({ db, env }, first.pollId, Date.now());
    const made = await pollApi("POST", s.clubId, `/${first.pollId}/current-book`, s.callers.admin);
    expect(made).toMatchObject({ status: 201, body: { data: { title: "Dune", author: "Someone" } } });
    const second = await seedPoll(s.clubId, s.callers.creator.user.id, { labels: ["Emma", "Ubik"] });
    await db.insert(pollBallots).values({ pollId: second.pollId, userId: s.callers.member.user.id, choices: [second.optionIds[1]!], updatedAt: Date.now() });
    await closePollNow({ db, env }, second.pollId, Date.now());
    expect((await pollApi("POST", s.clubId, `/${second.pollId}/current-book`, s.callers.creator)).status).toBe(201);
    const shelf = await db
      .select({ title: clubBooks.title, state: clubBooks.state, matchKey: clubBooks.matchKey })
      .from(clubBooks)
      .where(eq(clubBooks.clubId, s.clubId));
    expect(shelf.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: "Dune", state: "finished", matchKey: "dune|someone" },
      { title: "Ubik", state: "current", matchKey: "ubik|someone" },
    ]);
    const choice = await seedPoll(s.clubId, s.callers.creator.user.id, { kind: "choice", closedAt: Date.now() });
    expect((await pollApi("POST", s.clubId, `/${choice.pollId}/current-book`, s.callers.admin)).status).toBe(400);
  });
});

describe("The winner is set through the club's reading", () => {
  it("with the reading's normalised match key, so the club's copies of it are found as for a book set by hand", async () => {
    const s = await scenario(false);
    const poll = await seedPoll(s.clubId, s.callers.creator.user.id, { labels: ["The Hobbit", "Emma"] });
    await db.insert(pollBallots).values({ pollId: poll.pollId, userId: s.callers.member.user.id, choices: [poll.optionIds[0]!], updatedAt: Date.now() });
    await closePollNow({ db, env }, poll.pollId, Date.now());
    const made = await pollApi<{ clubBookId: string }>("POST", s.clubId, `/${poll.pollId}/current-book`, s.callers.admin);
    expect(made).toMatchObject({ status: 201, body: { data: { title: "The Hobbit", author: "Someone" } } });
    const [row] = await db
      .select({ id: clubBooks.id, matchKey: clubBooks.matchKey, setBy: clubBooks.setBy })
      .from(clubBooks)
      .where(eq(clubBooks.clubId, s.clubId));
    expect(row).toEqual({ id: made.body.data!.clubBookId, matchKey: "hobbit|someone", setBy: s.callers.admin.user.id });
  });
});

describe("Data download, account deletion and deleting the club", () => {
  it("puts the member's ballots and polls in polls.json, deletes the ballots and keeps the polls without an opener", async () => {
    const s = await scenario(true);
    const { pollId, optionIds } = await seedPoll(s.clubId, s.callers.admin.user.id);
    await db.insert(pollBallots).values({ pollId, userId: s.callers.admin.user.id, choices: [optionIds[0]!], updatedAt: Date.now() });
    const files: Record<string, unknown> = {};
    await pollsDataPart.write({ db, env }, s.callers.admin.user.id, {
      json: async (name, value) => {
        files[name] = value;
      },
      file: async () => undefined,
    });
    expect(files["polls.json"]).toMatchObject({
      ballots: [{ pollId, question: "What next?", clubName: "Poll Club", choices: [optionIds[0]] }],
      opened: [{ pollId }],
    });
    const plan = await pollsDeletionPart.plan({ db, env, user: s.callers.admin.user }, Date.now());
    await db.batch(plan.statements as never);
    expect(await db.select().from(pollBallots).where(eq(pollBallots.userId, s.callers.admin.user.id))).toEqual([]);
    expect(await db.select({ createdBy: clubPolls.createdBy }).from(clubPolls).where(eq(clubPolls.id, pollId))).toEqual([{ createdBy: null }]);
  });

  it("removes the club's polls, options and ballots with the club", async () => {
    const s = await scenario(true);
    const { pollId, optionIds } = await seedPoll(s.clubId, s.callers.creator.user.id);
    await db.insert(pollBallots).values({ pollId, userId: s.callers.member.user.id, choices: [optionIds[0]!], updatedAt: Date.now() });
    await db.delete(clubs).where(eq(clubs.id, s.clubId));
    expect(await db.select().from(clubPolls).where(eq(clubPolls.id, pollId))).toEqual([]);
    expect(await db.select().from(pollOptions).where(eq(pollOptions.pollId, pollId))).toEqual([]);
    expect(
      await db
        .select()
        .from(pollBallots)
        .where(and(eq(pollBallots.pollId, pollId))),
    ).toEqual([]);
  });
});
