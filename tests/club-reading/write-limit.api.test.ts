import { describe, expect, it } from "vitest";
import { createClub } from "../clubs/support";
import { signedInMember } from "../helpers/fixtures";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { mark, setBook, unmark } from "./support";

describe("Club reading writes", () => {
  it("count against the member's club-write limit (CLUB_LIMITER, 30 a minute)", async () => {
    await startOfRateLimitWindow();
    const creator = await signedInMember();
    const club = await createClub(creator.user.id);
    const set = await setBook(club.id, creator, { title: "Emma", milestones: [{ label: "Volume 1" }] });
    const milestoneId = set.body.data!.milestones[0]!.milestoneId;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push((await mark(club.id, milestoneId, creator)).status, (await unmark(club.id, milestoneId, creator)).status);
    }
    expect(statuses.filter((status) => status === 200).length).toBe(29);
    expect(statuses.at(-1)).toBe(429);
    expect((await setBook(club.id, creator, { title: "Emma" })).body).toEqual({
      success: false,
      error: "You're doing that too quickly. Please wait a moment.",
    });
  });
});
