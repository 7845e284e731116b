import { countRankedChoice, countVotes } from "@worker/features/club-polls";
import { describe, expect, it } from "vitest";

/** Candidates a, b, c, d listed in that order. */
const options = (...ids: string[]) => ids.map((optionId, position) => ({ optionId, position }));
/** `n` copies of a ballot. */
const times = (n: number, ballot: string[]) => Array.from({ length: n }, () => ballot);
const roundsOf = (result: ReturnType<typeof countRankedChoice>) =>
  result.rounds!.map((round) => ({ ...Object.fromEntries(round.tallies.map((t) => [t.optionId, t.votes])), out: round.eliminated }));

describe("Ranked choice by instant runoff", () => {
  it("ends in round 1 when a candidate has a majority of first choices", () => {
    const result = countRankedChoice(options("a", "b", "c"), [...times(3, ["a", "b"]), ...times(1, ["b"]), ...times(1, ["c", "a"])]);
    expect(result.winnerId).toBe("a");
    expect(roundsOf(result)).toEqual([{ a: 3, b: 1, c: 1, out: null }]);
  });

  it("runs three rounds, moving each eliminated candidate's ballots to their next choice", () => {
    // a 4, b 3, c 2, d 1 of 10: d goes, its ballot moving to c.
    const ballots = [...times(4, ["a"]), ...times(3, ["b", "c"]), ...times(2, ["c", "b"]), ...times(1, ["d", "c"])];
    const result = countRankedChoice(options("a", "b", "c", "d"), ballots);
    // Round 2: a 4, b 3, c 3: b and c tie for fewest; c had fewer first-round votes (2 to 3): c goes.
    // Round 3: c's two ballots go to b, d's ranked nothing more (exhausted): b 5 of the 9 counting wins.
    expect(roundsOf(result)).toEqual([
      { a: 4, b: 3, c: 2, d: 1, out: "d" },
      { a: 4, b: 3, c: 3, out: "c" },
      { a: 4, b: 5, out: null },
    ]);
    expect(result.rounds![1]!.tieBroken).toBe(true);
    expect(result.winnerId).toBe("b");
    expect(result.tallies).toEqual(result.rounds![0]!.tallies);
  });

  it("stops counting an exhausted ballot, and needs a majority only of the ballots still counting", () => {
    // c goes; its 2 ballots ranked nothing else: exhausted. a 4 of the 7 still counting is a majority.
    const ballots = [...times(4, ["a"]), ...times(3, ["b"]), ...times(2, ["c"])];
    const result = countRankedChoice(options("a", "b", "c"), ballots);
    expect(roundsOf(result)).toEqual([
      { a: 4, b: 3, c: 2, out: "c" },
      { a: 4, b: 3, out: null },
    ]);
    expect(result.rounds!.map((round) => round.exhausted)).toEqual([0, 2]);
    expect(result.winnerId).toBe("a");
    expect(result.ballots).toBe(9);
  });

  it("breaks a tie for elimination by first-round votes, then eliminates the candidate listed last", () => {
    // Round 1: a 3, b 2, c 2, d 0. d goes (fewest). Round 2: b and c tie at 2 with equal first-round votes: c, listed later, goes.
    const ballots = [...times(3, ["a"]), ...times(2, ["b", "a"]), ...times(2, ["c", "b"])];
    const result = countRankedChoice(options("a", "b", "c", "d"), ballots);
    expect(roundsOf(result)).toEqual([
      { a: 3, b: 2, c: 2, d: 0, out: "d" },
      { a: 3, b: 2, c: 2, out: "c" },
      { a: 3, b: 4, out: null },
    ]);
    expect(result.rounds!.map((round) => round.tieBroken)).toEqual([false, true, false]);
    expect(result.winnerId).toBe("b");
  });

  it("breaks a tie at the end by the same rule: the first-listed candidate wins a dead heat", () => {
    const result = countRankedChoice(options("a", "b"), [["b"], ["a"]]);
    expect(roundsOf(result)).toEqual([
      { a: 1, b: 1, out: "b" },
      { a: 1, out: null },
    ]);
    expect(result.rounds![0]!.tieBroken).toBe(true);
    expect(result.winnerId).toBe("a");
  });

  it("has no winner without ballots, and ignores unknown or repeated candidates on a ballot", () => {
    expect(countRankedChoice(options("a", "b"), []).winnerId).toBeNull();
    const result = countRankedChoice(options("a", "b"), [["zz", "b", "b"], ["b"], ["a"]]);
    expect(roundsOf(result)).toEqual([{ a: 1, b: 2, out: null }]);
    expect(result.winnerId).toBe("b");
  });
});

describe("Approval and plain choice", () => {
  it("counts every ticked slot once; the most ticks win, the earliest listed among equals", () => {
    const result = countVotes("date", options("mon", "tue", "wed"), [
      ["mon", "tue"],
      ["tue", "wed"],
      ["mon", "mon"],
    ]);
    expect(result.tallies).toEqual([
      { optionId: "mon", votes: 2 },
      { optionId: "tue", votes: 2 },
      { optionId: "wed", votes: 1 },
    ]);
    expect(result).toMatchObject({ winnerId: "mon", tie: true, ballots: 3 });
  });

  it("gives plain choice to the most votes", () => {
    expect(countVotes("choice", options("x", "y"), [["y"], ["y"], ["x"]])).toMatchObject({ winnerId: "y", tie: false });
  });
});
