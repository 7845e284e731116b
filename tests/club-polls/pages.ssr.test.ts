import { clubPolls, pollBallots, pollOptions } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { googleBooksScannedIsbn, SCANNED_ISBN } from "../books/fixtures/google-books-isbn";
import { addMember, createClub } from "../clubs/support";
import { jsonResponse, mockFetch } from "../covers/helpers";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { page, postForm } from "../helpers/pages";
import { seedPoll } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

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

  it("opens a date poll from date and time fields on the club's clock, not the reader's", async () => {
    const creator = await signedInMember({ timezone: "America/New_York" });
    const club = await createClub(creator.user.id, { name: "Dates Club", timezone: "Europe/London" });
    const form = await page(`/clubs/${club.id}/polls?kind=date`, creator.cookie);
    expect(form.html).toMatch(/<input(?=[^>]*name="slotDate")(?=[^>]*type="date")/);
    expect(form.html).toMatch(/<input(?=[^>]*name="slotTime")(?=[^>]*type="time")/);
    expect(form.html).toContain("Dates and times in the club&#x27;s timezone, London, Europe.");
    expect(form.html).not.toContain('name="options"');
    const post = (pairs: [string, string][]) =>
      call(`/clubs/${club.id}/polls`, { method: "POST", headers: { ...SAME_ORIGIN, Cookie: creator.cookie }, body: new URLSearchParams(pairs) });
    const answer = await post([
      ["kind", "date"],
      ["question", "When do we meet?"],
      ["slotDate", "2030-07-01"],
      ["slotTime", "19:00"],
      ["slotDate", "2030-01-10"],
      ["slotTime", "18:30"],
      ["slotDate", ""],
      ["slotTime", ""],
    ]);
    expect(answer.status).toBe(302);
    const [poll] = await db.select().from(clubPolls).where(eq(clubPolls.clubId, club.id));
    expect(poll?.question).toBe("When do we meet?");
    // In time order (earlier slots win ties); London is on GMT in January and BST in July.
    const slots = await db.select({ startsAt: pollOptions.startsAt, position: pollOptions.position }).from(pollOptions).where(eq(pollOptions.pollId, poll!.id));
    expect(slots.sort((a, b) => a.position - b.position).map((slot) => slot.startsAt)).toEqual([Date.UTC(2030, 0, 10, 18, 30), Date.UTC(2030, 6, 1, 18, 0)]);
    const bad = await post([
      ["kind", "date"],
      ["question", "Q"],
      ["slotDate", "2030-01-10"],
      ["slotTime", ""],
      ["slotDate", "2030-01-11"],
      ["slotTime", "18:30"],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Slot 1 needs a date and a time that exist in the club&#x27;s timezone.");
  });

  it("opens a book poll from books picked in the library (copies of one book as one) and an ISBN", async () => {
    const creator = await signedInMember();
    const owner = await signedInMember({ name: "Olive Owner" });
    const other = await signedInMember({ name: "Pip Owner" });
    const club = await createClub(creator.user.id, { name: "Picks Club" });
    const tag = crypto.randomUUID().slice(0, 8);
    const first = await createBook(owner.user.id, { title: `Middlemarch ${tag}`, author: "George Eliot" });
    await createBook(other.user.id, { title: `Middlemarch ${tag}`, author: "George Eliot" });
    const found = await page(`/clubs/${club.id}/polls?kind=book&q=${encodeURIComponent(`Middlemarch ${tag}`)}`, creator.cookie);
    expect(found.html.match(/name="bookId"/g)).toHaveLength(1);
    expect(found.html).toContain("Olive Owner&#x27;s copy");
    expect(found.html).toContain("Pip Owner&#x27;s copy");
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksScannedIsbn) });
    const answer = await call(`/clubs/${club.id}/polls`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: creator.cookie },
      body: new URLSearchParams([
        ["kind", "book"],
        ["question", "Next?"],
        ["bookId", first.id],
        ["title", ""],
        ["author", ""],
        ["isbn", "978-0-14-143951-8"],
      ]),
    });
    expect(answer.status).toBe(302);
    const [poll] = await db.select().from(clubPolls).where(eq(clubPolls.clubId, club.id));
    const options = await db.select().from(pollOptions).where(eq(pollOptions.pollId, poll!.id));
    expect(options.sort((a, b) => a.position - b.position).map(({ label, author, bookId, isbn13 }) => ({ label, author, bookId, isbn13 }))).toEqual([
      { label: `Middlemarch ${tag}`, author: "George Eliot", bookId: first.id, isbn13: null },
      { label: "Pride and Prejudice", author: "Jane Austen", bookId: null, isbn13: SCANNED_ISBN },
    ]);
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
