import { clubPolls, pollBallots, pollOptions } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { page, postForm } from "../helpers/pages";
import { seedPoll } from "./support";

// The poll pages work as plain HTML forms: what a phone without JavaScript (or before hydration) posts.

describe("Poll pages without JavaScript", () => {
  it("renders the club's Polls section and the rank selects, and takes a ranked ballot as a plain form", async () => {
    const creator = await signedInMember({ name: "Cleo Creator" });
    const member = await signedInMember();
    const club = await createClub(creator.user.id, { name: "Plain Form Club", isPrivate: true });
    await addMember(club.id, member.user.id);
    const { pollId, optionIds } = await seedPoll(club.id, creator.user.id);
    const [dune, emma, ubik] = optionIds as [string, string, string];

    const clubPage = await page(`/clubs/${club.id}`, member.cookie);
    expect(clubPage.html).toContain('id="club-polls-heading"');
    expect(clubPage.html).toContain(`href="/clubs/${club.id}/polls/${pollId}"`);

    const pollPage = await page(`/clubs/${club.id}/polls/${pollId}`, member.cookie);
    expect(pollPage.status).toBe(200);
    expect(pollPage.html).toContain(`name="rank-${dune}"`);
    expect(pollPage.html).toContain('aria-label="Rank for Dune by Someone"');

    const path = `/clubs/${club.id}/polls/${pollId}`;
    const refused = await postForm(path, { intent: "vote", kind: "book", [`rank-${dune}`]: "1", [`rank-${emma}`]: "1" }, member.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Give each book a different rank.");
    const saved = await postForm(path, { intent: "vote", kind: "book", [`rank-${ubik}`]: "1", [`rank-${dune}`]: "2", [`rank-${emma}`]: "" }, member.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(path);
    expect(await db.select({ choices: pollBallots.choices }).from(pollBallots).where(eq(pollBallots.pollId, pollId))).toEqual([{ choices: [ubik, dune] }]);

    // A member cannot close it; the creator can, and the page then shows the rounds.
    expect((await postForm(path, { intent: "close" }, member.cookie)).status).toBe(403);
    expect((await postForm(path, { intent: "close" }, creator.cookie)).status).toBe(302);
    const closed = await page(path, member.cookie);
    expect(closed.html).toContain("Round 1");
    expect(closed.html).toContain("Winner: Ubik by Someone");
  });

  it("opens a date poll from the New poll form, slots read on the member's clock", async () => {
    const creator = await signedInMember({ timezone: "Europe/London" });
    const club = await createClub(creator.user.id, { name: "Dates Club" });
    const answer = await postForm(
      `/clubs/${club.id}/polls`,
      { kind: "date", question: "When do we meet?", options: "2030-07-01 19:00\n2030-01-10 18:30" },
      creator.cookie,
    );
    expect(answer.status).toBe(302);
    const [poll] = await db.select().from(clubPolls).where(eq(clubPolls.clubId, club.id));
    expect(poll?.question).toBe("When do we meet?");
    // In time order (earlier slots win ties); London is on GMT in January and BST in July.
    const slots = await db.select({ startsAt: pollOptions.startsAt, position: pollOptions.position }).from(pollOptions).where(eq(pollOptions.pollId, poll!.id));
    expect(slots.sort((a, b) => a.position - b.position).map((slot) => slot.startsAt)).toEqual([Date.UTC(2030, 0, 10, 18, 30), Date.UTC(2030, 6, 1, 18, 0)]);
    const bad = await postForm(`/clubs/${club.id}/polls`, { kind: "date", question: "Q", options: "next tuesday\n2030-01-10 18:30" }, creator.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("is not a date and time like 2026-12-03 19:00.");
  });

  it("is a 404 page to an outsider of a private club", async () => {
    const creator = await signedInMember();
    const outsider = await signedInMember();
    const club = await createClub(creator.user.id, { isPrivate: true });
    const { pollId } = await seedPoll(club.id, creator.user.id);
    expect((await page(`/clubs/${club.id}/polls`, outsider.cookie)).status).toBe(404);
    expect((await page(`/clubs/${club.id}/polls/${pollId}`, outsider.cookie)).status).toBe(404);
  });
});
