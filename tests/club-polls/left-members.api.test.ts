import { env } from "cloudflare:workers";
import { clubPolls, pollBallots } from "@worker/db/schema";
import { closePollNow, type PollPage, type PollView } from "@worker/features/club-polls";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, clubApi, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { pollApi, seedPoll } from "./support";

/** Issue 34, item 5: an account that joins, votes and leaves must not keep its vote. */
describe("ballots of members who left", () => {
  async function votedThenGone(how: "leave" | "removed") {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: false });
    const [stayer, drifter] = await Promise.all([signedInMember(), signedInMember()]);
    await addMember(club.id, stayer.user.id);
    await addMember(club.id, drifter.user.id);
    const { pollId, optionIds } = await seedPoll(club.id, creator.user.id, { kind: "choice" });
    const [dune, emma] = optionIds as [string, string];
    expect((await pollApi("PUT", club.id, `/${pollId}/ballot`, stayer, { choices: [dune] })).status).toBe(200);
    expect((await pollApi("PUT", club.id, `/${pollId}/ballot`, drifter, { choices: [emma] })).status).toBe(200);
    const gone =
      how === "leave" ? await clubApi("DELETE", `/${club.id}/leave`, drifter) : await clubApi("DELETE", `/${club.id}/members/${drifter.user.id}`, creator);
    expect(gone.status).toBe(200);
    return { club, creator, stayer, drifter, pollId, dune, emma };
  }

  for (const how of ["leave", "removed"] as const) {
    it(`drops the ballot of a member who ${how === "leave" ? "leaves the open club" : "is removed"} while the poll is open`, async () => {
      const { club, creator, drifter, pollId, dune } = await votedThenGone(how);
      expect(
        await db
          .select()
          .from(pollBallots)
          .where(and(eq(pollBallots.pollId, pollId), eq(pollBallots.userId, drifter.user.id))),
      ).toEqual([]);
      const seen = await pollApi<PollView>("GET", club.id, `/${pollId}`, creator);
      expect(seen.body.data).toMatchObject({ ballots: 1, result: { ballots: 1, winnerId: dune, tie: false } });
      const listed = await pollApi<PollPage>("GET", club.id, "", creator);
      expect(listed.body.data!.items[0]).toMatchObject({ pollId, ballots: 1 });
      expect(await closePollNow({ db, env }, pollId, Date.now())).toBe(true);
      const [row] = await db.select({ result: clubPolls.result }).from(clubPolls).where(eq(clubPolls.id, pollId));
      expect(row!.result).toMatchObject({ ballots: 1, winnerId: dune, tie: false });
    });
  }

  it("counts only active members' ballots, even when a ballot of someone no longer in the club is still stored", async () => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: false });
    const [voter, outsider] = await Promise.all([signedInMember(), signedInMember()]);
    await addMember(club.id, voter.user.id);
    const { pollId, optionIds } = await seedPoll(club.id, creator.user.id, { kind: "choice" });
    const [dune, emma] = optionIds as [string, string];
    expect((await pollApi("PUT", club.id, `/${pollId}/ballot`, voter, { choices: [dune] })).status).toBe(200);
    // As a ballot left from before the rule (or of a member now only pending) would be.
    await db.insert(pollBallots).values([{ pollId, userId: outsider.user.id, choices: [emma], updatedAt: Date.now() }]);
    const seen = await pollApi<PollView>("GET", club.id, `/${pollId}`, creator);
    expect(seen.body.data).toMatchObject({ ballots: 1, result: { ballots: 1, winnerId: dune, tie: false } });
    expect((await pollApi<PollPage>("GET", club.id, "", creator)).body.data!.items[0]).toMatchObject({ ballots: 1 });
    expect(await closePollNow({ db, env }, pollId, Date.now())).toBe(true);
    const [row] = await db.select({ result: clubPolls.result }).from(clubPolls).where(eq(clubPolls.id, pollId));
    expect(row!.result).toMatchObject({ ballots: 1, winnerId: dune });
  });

  it("keeps a closed poll's ballots and result when a voter leaves afterwards", async () => {
    const { club, creator, pollId } = await (async () => {
      const creator = await signedInMember();
      const club = await createClub(creator.user.id, { isPrivate: false });
      const voter = await signedInMember();
      await addMember(club.id, voter.user.id);
      const { pollId, optionIds } = await seedPoll(club.id, creator.user.id, { kind: "choice" });
      expect((await pollApi("PUT", club.id, `/${pollId}/ballot`, voter, { choices: [optionIds[1]] })).status).toBe(200);
      expect(await closePollNow({ db, env }, pollId, Date.now())).toBe(true);
      expect((await clubApi("DELETE", `/${club.id}/leave`, voter)).status).toBe(200);
      return { club, creator, pollId };
    })();
    expect(await db.select().from(pollBallots).where(eq(pollBallots.pollId, pollId))).toHaveLength(1);
    const seen = await pollApi<PollView>("GET", club.id, `/${pollId}`, creator);
    expect(seen.body.data).toMatchObject({ isOpen: false, result: { ballots: 1 } });
  });
});
